/**
 * Public TDX standard-quote hosts (adapters/tdx/README.md 9.3: the list mootdx ships,
 * current as of 2023–2025). Used only when the user opts in with
 * `QUOTE_SOURCE=tdx`; `TDX_HOSTS` overrides it.
 */

export interface TdxHost {
  readonly name: string;
  readonly host: string;
  readonly port: number;
}

const h = (name: string, host: string, port = 7709): TdxHost => ({ name, host, port });

export const DEFAULT_TDX_HOSTS: readonly TdxHost[] = [
  h("深圳双线主站1", "110.41.147.114"),
  h("深圳双线主站2", "8.129.13.54"),
  h("深圳双线主站3", "120.24.149.49"),
  h("深圳双线主站4", "47.113.94.204"),
  h("深圳双线主站5", "8.129.174.169"),
  h("深圳双线主站6", "110.41.154.219"),
  h("上海双线主站1", "124.70.176.52"),
  h("上海双线主站2", "47.100.236.28"),
  h("上海双线主站3", "101.133.214.242"),
  h("上海双线主站4", "47.116.21.80"),
  h("上海双线主站5", "47.116.105.28"),
  h("上海双线主站6", "124.70.199.56"),
  h("北京双线主站1", "121.36.54.217"),
  h("北京双线主站2", "121.36.81.195"),
  h("北京双线主站3", "123.249.15.60"),
  h("广州双线主站1", "124.71.85.110"),
  h("广州双线主站2", "139.9.51.18"),
  h("广州双线主站3", "139.159.239.163"),
  h("上海双线主站7", "106.14.201.131"),
  h("上海双线主站8", "106.14.190.242"),
  h("上海双线主站9", "121.36.225.169"),
  h("上海双线主站10", "123.60.70.228"),
  h("上海双线主站11", "123.60.73.44"),
  h("上海双线主站12", "124.70.133.119"),
  h("上海双线主站13", "124.71.187.72"),
  h("上海双线主站14", "124.71.187.122"),
  h("武汉电信主站1", "119.97.185.59"),
  h("深圳双线主站7", "47.107.64.168"),
  h("北京双线主站4", "124.70.75.113"),
  h("广州双线主站4", "124.71.9.153"),
  h("上海双线主站15", "123.60.84.66"),
  h("深圳双线主站8", "47.107.228.47", 7719),
  h("北京双线主站5", "120.46.186.223"),
  h("北京双线主站6", "124.70.22.210"),
  h("北京双线主站7", "139.9.133.247"),
  h("广州双线主站5", "116.205.163.254"),
  h("广州双线主站6", "116.205.171.132"),
  h("广州双线主站7", "116.205.183.150"),
];

/**
 * Parses `TDX_HOSTS`: comma-separated `host:port` or `name=host:port` entries
 * (port defaults to 7709; IPv6 in brackets). Throws on a malformed entry.
 */
export function parseHostList(text: string): TdxHost[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const eq = entry.indexOf("=");
      const name = eq > 0 ? entry.slice(0, eq).trim() : undefined;
      const addr = eq > 0 ? entry.slice(eq + 1).trim() : entry;
      const m = /^(?:\[([^\]]+)\]|([^:\s]+))(?::(\d{1,5}))?$/.exec(addr);
      const port = m?.[3] === undefined ? 7709 : Number(m[3]);
      if (!m || port < 1 || port > 65535) throw new Error(`malformed TDX host "${entry}" (expected host:port)`);
      // One of the two alternatives matched.
      const host = (m[1] ?? m[2])!;
      return { name: name ?? `${host}:${port}`, host, port };
    });
}

/** `host:port` key of a host (IPv6 bracketed). */
export function hostKey(h: { host: string; port: number }): string {
  return `${h.host.includes(":") ? `[${h.host}]` : h.host}:${h.port}`;
}

/**
 * True for a loopback address literal (127.0.0.0/8, ::1 and its IPv4-mapped
 * forms): the only addresses dialled unless the user opts in. Names are not
 * addresses: `127.attacker.example` is a name, and the guard resolves names
 * and checks every address they resolve to (host-service.ts).
 */
export function isLoopback(host: string): boolean {
  const v4 = /^(?:::ffff:)?127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(host);
  if (v4) return v4.slice(1).every((o) => Number(o) <= 255);
  return /^(?:0{0,4}:){2,7}0{0,3}1$/.test(host) || host === "::1";
}

/** Settings key of the host the user chose last (`POST /server/switch`), tried first at start-up. */
export const PREFERRED_HOST_KEY = "tdx.preferred_host";
