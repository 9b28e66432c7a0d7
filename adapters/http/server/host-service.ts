/**
 * Quote-server hosts (market-api.md 4.14): list the candidates and the one in use,
 * probe them, and switch without a restart. The preferred host is saved only
 * after the reconnect succeeded. Unless the user opted into public hosts
 * (`QUOTE_SOURCE=tdx`), only loopback addresses may be probed or dialled.
 */
import { hostKey, isLoopback, parseHostList, PREFERRED_HOST_KEY, type TdxHost } from "../../tdx/tdx-hosts.ts";
import { type HostProbe, TdxPool } from "../../tdx/tdx-pool.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { SettingsStore } from "../../../ports/settings-store.ts";
import { HttpError } from "../http-error.ts";

export interface HostInfo {
  readonly host: string;
  readonly name: string;
  readonly latency_ms: number | null;
  readonly reachable: boolean;
  readonly is_current: boolean;
  readonly error?: string | null;
}

export class HostService {
  constructor(
    private readonly pool: TdxPool | undefined,
    private readonly candidates: readonly TdxHost[],
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
    /** Source name shown to users (sim, vipdoc, replay, tdx). */
    readonly source: string,
    private readonly allowPublic: boolean,
  ) {}

  current(): string {
    return this.pool ? hostKey(this.pool.currentHost) : this.source;
  }

  list(): { hosts: HostInfo[]; current_host: string; total: number; source: string } {
    const current = this.current();
    const hosts = this.candidates.map((h) => ({
      host: hostKey(h),
      name: h.name,
      latency_ms: null,
      reachable: false,
      is_current: hostKey(h) === current,
    }));
    return { hosts, current_host: current, total: hosts.length, source: this.source };
  }

  /** Resolves "ip", "ip:port" or a candidate's name to a host, refusing public ones unless allowed. */
  resolve(text: string): TdxHost {
    const known = this.candidates.find((h) => hostKey(h) === text || h.host === text || h.name === text);
    let h: TdxHost;
    try {
      h = known ?? parseHostList(text)[0];
    } catch (e) {
      throw new HttpError(400, (e as Error).message);
    }
    if (!h) throw new HttpError(400, `no host given`);
    if (!this.allowPublic && !isLoopback(h.host)) {
      throw new HttpError(400, `QUOTE_SOURCE=${this.source} dials only loopback hosts; set QUOTE_SOURCE=tdx to use ${hostKey(h)}`);
    }
    return h;
  }

  async test(hosts: readonly string[] | undefined, timeoutS: number): Promise<HostInfo[]> {
    const targets = hosts?.length ? hosts.map((t) => this.resolve(t)) : this.candidates.filter((h) => this.allowPublic || isLoopback(h.host));
    const probes: HostProbe[] = await TdxPool.probe(targets, Math.round(timeoutS * 1000));
    const current = this.current();
    return probes
      .map((p) => ({
        host: hostKey(p),
        name: p.name,
        latency_ms: p.latency_ms,
        reachable: p.reachable,
        is_current: hostKey(p) === current,
        error: p.error,
      }))
      .sort((a, b) => Number(b.reachable) - Number(a.reachable) || (a.latency_ms ?? Infinity) - (b.latency_ms ?? Infinity));
  }

  async switchTo(text: string): Promise<{ ok: boolean; host: string; message: string }> {
    const h = this.resolve(text);
    if (!this.pool) throw new HttpError(400, `QUOTE_SOURCE=${this.source} has no quote-server connection to switch`);
    try {
      await this.pool.switchTo(h);
    } catch (e) {
      return { ok: false, host: hostKey(h), message: `Could not connect to ${hostKey(h)}: ${(e as Error).message}; nothing was saved` };
    }
    await this.settings.set(PREFERRED_HOST_KEY, hostKey(h), this.clock.now());
    return { ok: true, host: hostKey(h), message: `Switched to ${hostKey(h)}` };
  }
}
