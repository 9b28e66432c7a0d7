/**
 * TDX professional financial archives (`/financial/file-list`, `/financial/records`):
 * the index `tdxfin/gpcw.txt` and the quarterly `tdxfin/gpcwYYYYMMDD.zip` files from
 * the financial-file host, downloaded through the protocol. An archive never
 * changes once published, so each downloaded file is kept under the data
 * directory, keyed by its name and MD5, and checked against the index's MD5
 * before use; the last parsed archives stay in memory, and concurrent requests
 * for one archive share a single download (two writers of one file raced). A bare
 * name as `file-list` shows it (`gpcw20241231.zip`) means the index's directory.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { basename, join, posix } from "node:path";
import { decodeGpcwList, type GpcwListEntry, type GpcwReport, unzipGpcw } from "./gpcw-dat.ts";
import { downloadReportFile, type FileSource } from "./server-file.ts";
import { TdxDecodeError } from "../tdx-errors.ts";
import type { Clock } from "../../../ports/clock.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";

export const GPCW_INDEX = "tdxfin/gpcw.txt";
const LIST_TTL_MS = 10 * 60_000;
const PARSED_KEPT = 2;

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

export class FinancialFiles {
  readonly #src: FileSource;
  readonly #dir: string;
  readonly #clock: Clock;
  #list: { at: number; entries: Promise<GpcwListEntry[]> } | undefined;
  readonly #parsed = new Map<string, Promise<GpcwReport>>();

  /** `dir`: where archives are kept (created on first download). */
  constructor(src: FileSource, dir: string, clock: Clock) {
    this.#src = src;
    this.#dir = dir;
    this.#clock = clock;
  }

  /** The archives the host publishes (index cached for ten minutes). */
  list(): Promise<GpcwListEntry[]> {
    const now = this.#clock.now();
    if (!this.#list || now - this.#list.at > LIST_TTL_MS) {
      const entries = downloadReportFile(this.#src, GPCW_INDEX).then(decodeGpcwList);
      this.#list = { at: now, entries };
      entries.catch(() => (this.#list = undefined));
    }
    return this.#list.entries;
  }

  /**
   * The parsed archive `filename` (`tdxfin/gpcw20260331.zip`, or `gpcw20260331.zip` as
   * listed); 404 when the index does not list it.
   */
  async report(filename: string): Promise<GpcwReport> {
    const path = filename.includes("/") ? filename : posix.join(posix.dirname(GPCW_INDEX), filename);
    const name = basename(path);
    const entry = (await this.list()).find((e) => e.filename === name);
    if (!entry) throw new NotFoundError(`${filename} is not listed in ${GPCW_INDEX}`);
    const key = `${entry.hash}-${name}`;
    const hit = this.#parsed.get(key);
    if (hit) return hit;
    const report = this.#archive(path, entry, join(this.#dir, key)).then(unzipGpcw);
    if (this.#parsed.size >= PARSED_KEPT) this.#parsed.delete(this.#parsed.keys().next().value!);
    this.#parsed.set(key, report);
    report.catch(() => this.#parsed.get(key) === report && this.#parsed.delete(key));
    return report;
  }

  async #archive(filename: string, entry: GpcwListEntry, path: string): Promise<Uint8Array> {
    const cached = await readFile(path).catch(() => undefined);
    if (cached && md5(cached) === entry.hash) return new Uint8Array(cached);
    const data = await downloadReportFile(this.#src, filename, entry.filesize);
    if (md5(data) !== entry.hash) throw new TdxDecodeError(`${filename}: MD5 ${md5(data)} differs from the index's ${entry.hash}`);
    await mkdir(this.#dir, { recursive: true });
    await writeFile(`${path}.part`, data);
    await rename(`${path}.part`, path);
    return data;
  }
}
