/**
 * Client-address rules of the access gate (core/auth/README.md §4, "Client address
 * determination" and "Local or private address test"), implemented literally:
 * the spec's list is what decides, not a general IP library.
 */

/** The literal used when no peer address exists. */
export const UNKNOWN_ADDRESS = "unknown";

const PRIVATE_172 = /^172\.(\d+)\./;

/**
 * True for 127.0.0.1, ::1, localhost, 10.*, 192.168.* and 172.16–31.*;
 * false for an empty or absent address. Deliberately a prefix test, as specified.
 */
export function isLocalOrPrivate(address: string | undefined | null): boolean {
  if (!address) return false;
  if (address === "127.0.0.1" || address === "::1" || address === "localhost") return true;
  if (address.startsWith("10.") || address.startsWith("192.168.")) return true;
  const m = PRIVATE_172.exec(address);
  if (!m) return false;
  const x = Number(m[1]);
  return Number.isInteger(x) && x >= 16 && x <= 31;
}

/**
 * A socket's peer as the gate compares it: IPv4-mapped IPv6 (`::ffff:127.0.0.1`)
 * becomes plain IPv4 so dual-stack listeners classify local peers correctly.
 */
export function normalizePeer(peer: string | undefined | null): string | undefined {
  if (!peer) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer);
  return mapped ? mapped[1] : peer;
}

/** Tells whether an address is a proxy of ours (`TRUSTED_PROXIES`). */
export type TrustedProxy = (address: string) => boolean;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Number(a: string): number | undefined {
  const m = IPV4.exec(a);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts.reduce((n, p) => n * 256 + p, 0) : undefined;
}

/**
 * The `TRUSTED_PROXIES` entries as a test: `private` is the spec's local/private
 * test, `none` nothing, `a.b.c.d/n` an IPv4 range, anything else one address.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxy {
  const tests: TrustedProxy[] = entries.flatMap((e): TrustedProxy[] => {
    if (e === "none") return [];
    if (e === "private") return [isLocalOrPrivate];
    const [base, bits] = e.split("/");
    const net = ipv4Number(base!);
    if (bits === undefined || net === undefined) return [(a) => a === e];
    const n = Number(bits);
    const size = 2 ** (32 - Math.min(32, n));
    const start = Math.floor(net / size) * size;
    return [
      (a) => {
        const v = ipv4Number(a);
        return v !== undefined && v >= start && v < start + size;
      },
    ];
  });
  return (a) => tests.some((t) => t(a));
}

/**
 * The address used for set-up, login throttling and the gate: the direct peer,
 * replaced by an `X-Forwarded-For` entry only when that peer is itself local or
 * private (or a trusted proxy); a header from a public peer is ignored.
 * One entry: that entry (core/auth/README.md §4). Several: the right-most entry that is
 * not a trusted proxy, as Express's "trust proxy" and Go's realip do. The spec
 * takes the first, but a proxy that appends (nginx's
 * `$proxy_add_x_forwarded_for`) leaves the first to the client, who could then
 * claim to be local or dodge the login throttle; entries right of the last
 * untrusted one were written by our own proxies, so that one is the client.
 * When every entry is trusted the left-most is taken.
 */
export function clientAddress(peer: string | undefined | null, forwardedFor: string | undefined | null, trusted: TrustedProxy = isLocalOrPrivate): string {
  const direct = normalizePeer(peer);
  if (!direct) return UNKNOWN_ADDRESS;
  if (forwardedFor == null || !(isLocalOrPrivate(direct) || trusted(direct))) return direct;
  const entries = forwardedFor.split(",").map((e) => e.trim());
  // a header present with no address names no client: an empty address is not local (core/auth/README.md §4)
  if (entries.length === 1) return entries[0] || UNKNOWN_ADDRESS;
  const named = entries.filter(Boolean);
  for (let i = named.length - 1; i >= 0; i--) if (!trusted(normalizePeer(named[i]!)!)) return named[i]!;
  return named[0] ?? UNKNOWN_ADDRESS;
}
