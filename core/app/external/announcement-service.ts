/**
 * Company announcements (adapters/http/README.md 4.11), cached per code, page and page
 * size for a few minutes: new disclosures appear during the day, while a user
 * paging back and forth should not re-ask the provider each time.
 */
import type { Clock } from "../../../ports/clock.ts";
import type { ExternalCache } from "../../../ports/external-cache.ts";
import type { AnnouncementPage, AnnouncementSource } from "../../../ports/external-data.ts";
import type { Logger } from "../../../ports/logger.ts";
import { type Loaded, ReadThrough } from "./read-through.ts";

export const ANNOUNCEMENT_TTL_MS = 10 * 60_000;

export class AnnouncementService {
  readonly #cache: ReadThrough;

  constructor(
    private readonly source: AnnouncementSource,
    cache: ExternalCache,
    /** Cache namespace: the provider and mode, so demo answers never pass for live ones. */
    namespace: string,
    clock: Clock,
    log?: Logger,
  ) {
    this.#cache = new ReadThrough(namespace, cache, clock, log);
  }

  page(code: string, page: number, count: number): Promise<Loaded<AnnouncementPage>> {
    return this.#cache.load(
      `${code}:${page}:${count}`,
      () => this.source.page(code, page, count),
      (_, now) => now + ANNOUNCEMENT_TTL_MS,
    );
  }

  /** An announcement's attachment (not cached: files are large and fetched once); undefined for a URL off the provider's file host. */
  attachment(url: string): Promise<Uint8Array | undefined> {
    return this.source.attachment(url);
  }
}
