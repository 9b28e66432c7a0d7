/**
 * Which `Host` and `Origin` values name this service: the guard against DNS
 * rebinding and cross-site requests (issue 15), on the rules of Vite's dev
 * server (`server.allowedHosts`) and Jupyter (`allow_remote_access`,
 * `local_hostnames`).
 *
 * Host: an IP literal is always accepted (a rebinding attack needs a name the
 * attacker controls, so an address typed by the user is safe), as are
 * `localhost` and names under `.localhost`; any other name must be listed
 * (`ALLOWED_HOSTS`: `name` exactly, `.name` for it and every subdomain, `*` for
 * anything).
 * Origin: same as the request's own `Host` (any scheme: a TLS proxy in front
 * turns http into https), a host listed as allowed, or an origin listed in
 * `ALLOWED_ORIGINS`. `null` (sandboxed frames, files) is never ours.
 */

export interface HostRules {
  /** Lower-cased `ALLOWED_HOSTS` entries (and the listen name when it is one). */
  readonly hosts: readonly string[];
  /** Lower-cased `ALLOWED_ORIGINS` entries, `scheme://host[:port]`. */
  readonly origins: readonly string[];
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^\[[0-9a-f:.]+(?:%[0-9a-z._~-]+)?\]$/;

/** The host name of a `Host` value (`name[:port]`, `[v6][:port]`), lower-cased, trailing dot dropped; undefined when malformed. */
export function hostName(hostHeader: string): string | undefined {
  const m = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(hostHeader.trim());
  if (!m) return undefined;
  return m[1]!.toLowerCase().replace(/\.$/, "");
}

/** True for an IPv4 dotted quad or a bracketed IPv6 literal. */
export function isIpLiteral(name: string): boolean {
  return IPV4.test(name) || IPV6.test(name);
}

function listed(name: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => h === "*" || h === name || (h.startsWith(".") && (name === h.slice(1) || name.endsWith(h))));
}

/** Whether a `Host` header value names this service. */
export function hostAllowed(hostHeader: string, rules: HostRules): boolean {
  const name = hostName(hostHeader);
  if (name === undefined || name === "") return false;
  if (isIpLiteral(name) || name === "localhost" || name.endsWith(".localhost")) return true;
  return listed(name, rules.hosts);
}

/** Whether a present `Origin` header is this service's own (compared with the request's `Host`). */
export function originAllowed(origin: string, hostHeader: string | undefined, rules: HostRules): boolean {
  const m = /^(https?):\/\/([^/?#]+)$/i.exec(origin.trim());
  if (!m) return false;
  const authority = m[2]!.toLowerCase();
  if (rules.origins.includes(`${m[1]!.toLowerCase()}://${authority}`)) return true;
  if (hostHeader !== undefined && authority === hostHeader.trim().toLowerCase()) return true;
  const name = hostName(authority);
  return (
    name !== undefined &&
    rules.hosts.some((h) => h !== "*") &&
    listed(
      name,
      rules.hosts.filter((h) => h !== "*"),
    )
  );
}
