/**
 * Client-address rules of the access gate (auth-api.md §4, "Client address
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

/**
 * The address used for set-up, login throttling and the gate: the direct peer,
 * replaced by the first `X-Forwarded-For` entry only when that peer is itself
 * local or private (a header from a public peer is ignored).
 */
export function clientAddress(peer: string | undefined | null, forwardedFor: string | undefined | null): string {
  const direct = normalizePeer(peer);
  if (!direct) return UNKNOWN_ADDRESS;
  if (forwardedFor != null && isLocalOrPrivate(direct)) {
    const first = forwardedFor.split(",")[0].trim();
    if (first) return first;
  }
  return direct;
}
