/**
 * Quote-server hosts (adapters/http/README.md 4.14): list the candidates and the one in use,
 * probe them, and switch without a restart. The preferred host is saved only
 * after the reconnect succeeded. Unless the user opted into public hosts
 * (`QUOTE_SOURCE=tdx`), only loopback addresses may be probed or dialled: a
 * name is resolved first and every address it resolves to must be loopback,
 * and the checked address is what gets dialled (so a name cannot resolve
 * differently between the check and the connection).
 *
 * A probe is the TDX handshake and nothing else, and any failure (refused,
 * timed out, not speaking TDX) is reported as the same "not a TDX server", so
 * `/server/test` cannot serve as a port scanner that tells closed ports from
 * open ones by their socket errors (issue 15).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { hostKey, isLoopback, parseHostList, PREFERRED_HOST_KEY, type TdxHost } from "./tdx-hosts.ts";
import { type HostProbe, TdxPool } from "./tdx-pool.ts";
import type { Clock } from "../../ports/clock.ts";
import type { SettingsStore } from "../../ports/settings-store.ts";
import { InvalidRequestError } from "../../core/app/app-errors.ts";

/** What a failed probe or switch reports, whatever the socket said. */
export const NOT_TDX = "not a TDX server (no TDX handshake answer)";

/** Every address a name resolves to (IPv4 first). */
export type HostLookup = (name: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (name) => (await lookup(name, { all: true })).sort((a, b) => a.family - b.family).map((a) => a.address);

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
    private readonly lookupHost: HostLookup = systemLookup,
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

  /** Resolves "ip", "ip:port", "name:port" or a candidate's name to a host to dial, refusing public ones unless allowed. */
  async resolve(text: string): Promise<TdxHost> {
    const known = this.candidates.find((h) => hostKey(h) === text || h.host === text || h.name === text);
    let h: TdxHost | undefined;
    try {
      h = known ?? parseHostList(text)[0];
    } catch (e) {
      throw new InvalidRequestError((e as Error).message);
    }
    if (!h) throw new InvalidRequestError(`no host given`);
    if (this.allowPublic) return h;
    const refuse = () => new InvalidRequestError(`QUOTE_SOURCE=${this.source} dials only loopback hosts; set QUOTE_SOURCE=tdx to use ${hostKey(h)}`);
    const addresses = isIP(h.host) ? [h.host] : await this.lookupHost(h.host).catch(() => [] as string[]);
    if (addresses.length === 0 || !addresses.every(isLoopback)) throw refuse();
    return { ...h, host: addresses[0]! };
  }

  async test(hosts: readonly string[] | undefined, timeoutS: number): Promise<HostInfo[]> {
    const targets = hosts?.length ? await Promise.all(hosts.map((t) => this.resolve(t))) : this.candidates.filter((h) => this.allowPublic || isLoopback(h.host));
    const probes: HostProbe[] = await TdxPool.probe(targets, Math.round(timeoutS * 1000));
    const current = this.current();
    return probes
      .map((p) => ({
        host: hostKey(p),
        name: p.name,
        latency_ms: p.latency_ms,
        reachable: p.reachable,
        is_current: hostKey(p) === current,
        error: p.reachable ? null : NOT_TDX,
      }))
      .sort((a, b) => Number(b.reachable) - Number(a.reachable) || (a.latency_ms ?? Infinity) - (b.latency_ms ?? Infinity));
  }

  async switchTo(text: string): Promise<{ ok: boolean; host: string; message: string }> {
    const h = await this.resolve(text);
    if (!this.pool) throw new InvalidRequestError(`QUOTE_SOURCE=${this.source} has no quote-server connection to switch`);
    try {
      await this.pool.switchTo(h);
    } catch {
      return { ok: false, host: hostKey(h), message: `Could not switch to ${hostKey(h)}: ${NOT_TDX}; nothing was saved` };
    }
    await this.settings.set(PREFERRED_HOST_KEY, hostKey(h), this.clock.now());
    return { ok: true, host: hostKey(h), message: `Switched to ${hostKey(h)}` };
  }
}
