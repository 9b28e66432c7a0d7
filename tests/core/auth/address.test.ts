import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { clientAddress, isLocalOrPrivate, normalizePeer, trustedProxies, UNKNOWN_ADDRESS } from "../../../core/auth/address.ts";

/** The spec's list, written independently as a reference model. */
function model(a: string | undefined): boolean {
  if (a === undefined || a === "") return false;
  if (["127.0.0.1", "::1", "localhost"].includes(a)) return true;
  if (a.slice(0, 3) === "10." || a.slice(0, 8) === "192.168.") return true;
  if (a.slice(0, 4) !== "172.") return false;
  const rest = a.slice(4);
  const dot = rest.indexOf(".");
  if (dot <= 0) return false;
  const part = rest.slice(0, dot);
  if (!/^\d+$/.test(part)) return false;
  const x = parseInt(part, 10);
  return x >= 16 && x <= 31;
}

const octet = fc.integer({ min: 0, max: 300 }).map(String);
const ipv4 = fc.tuple(octet, octet, octet, octet).map((p) => p.join("."));
const special = fc.constantFrom(
  "127.0.0.1",
  "::1",
  "localhost",
  "",
  "10.0.0.1",
  "192.168.1.1",
  "172.16.0.1",
  "172.31.255.255",
  "172.15.0.1",
  "172.32.0.1",
  "172.1x.0.1",
  "172..1",
  "172.",
  "127.0.0.2",
  "::ffff:127.0.0.1",
  "fe80::1",
  "8.8.8.8",
  "unknown",
  "0172.16.0.1",
  "172.016.0.1",
  "10",
  "192.168",
  "LOCALHOST",
);
const address = fc.oneof(
  ipv4,
  special,
  fc.string(),
  fc.constantFrom("172.").chain((p) => fc.string().map((s) => p + s)),
);

test("the local/private classifier agrees with a model of the spec's list", () => {
  fc.assert(
    fc.property(address, (a) => isLocalOrPrivate(a) === model(a)),
    { numRuns: 5000 },
  );
  assert.equal(isLocalOrPrivate(undefined), false);
  assert.equal(isLocalOrPrivate(null), false);
});

test("spec examples of the local/private test", () => {
  for (const a of ["127.0.0.1", "::1", "localhost", "10.1.2.3", "192.168.0.9", "172.16.5.5", "172.31.0.0"]) {
    assert.equal(isLocalOrPrivate(a), true, a);
  }
  for (const a of ["", "8.8.8.8", "172.15.0.1", "172.32.0.1", "127.0.0.2", "fe80::1", "unknown"]) {
    assert.equal(isLocalOrPrivate(a), false, a);
  }
});

test("IPv4-mapped IPv6 peers are normalised before classification", () => {
  assert.equal(normalizePeer("::ffff:127.0.0.1"), "127.0.0.1");
  assert.equal(normalizePeer("::FFFF:10.0.0.7"), "10.0.0.7");
  assert.equal(normalizePeer("::1"), "::1");
  assert.equal(clientAddress("::ffff:192.168.1.2", undefined), "192.168.1.2");
});

test("no peer gives the literal unknown", () => {
  assert.equal(clientAddress(undefined, "1.2.3.4"), UNKNOWN_ADDRESS);
  assert.equal(clientAddress("", undefined), UNKNOWN_ADDRESS);
});

const xff = fc.array(fc.oneof(ipv4, special, fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 4 }).chain((parts) => fc.constantFrom(", ", ",", " , ").map((sep) => parts.join(sep)));

test("X-Forwarded-For: one entry is taken as is; of several, the right-most that is not a trusted proxy", () => {
  fc.assert(
    fc.property(fc.oneof(ipv4, special), fc.option(xff, { nil: undefined }), (peer, header) => {
      const got = clientAddress(peer, header);
      const direct = normalizePeer(peer);
      if (!direct) return got === UNKNOWN_ADDRESS;
      if (header === undefined || !model(direct)) return got === direct;
      const parts = header.split(",").map((p) => p.trim());
      if (parts.length === 1) return got === (parts[0] || UNKNOWN_ADDRESS);
      const named = parts.filter((p) => p !== "");
      const untrusted = named.filter((p) => !model(normalizePeer(p)));
      return got === (untrusted.at(-1) ?? named[0] ?? UNKNOWN_ADDRESS);
    }),
    { numRuns: 5000 },
  );
});

test("a header present with no address names no client: not the peer, and not local (core/auth/README.md §4: the first entry; an empty address is not local)", () => {
  for (const header of ["", " ", ",", " , "]) {
    assert.equal(clientAddress("127.0.0.1", header), UNKNOWN_ADDRESS, JSON.stringify(header));
    assert.equal(isLocalOrPrivate(clientAddress("10.0.0.2", header)), false, JSON.stringify(header));
  }
  assert.equal(clientAddress("8.8.8.8", ""), "8.8.8.8", "a public peer's header is ignored, empty or not");
});

test("a header sent by a public peer is ignored", () => {
  assert.equal(clientAddress("8.8.8.8", "127.0.0.1"), "8.8.8.8");
  assert.equal(clientAddress("127.0.0.1", " 203.0.113.9 "), "203.0.113.9");
});

test("a client-chosen first entry does not win when a proxy appended the real one (issue 15)", () => {
  assert.equal(clientAddress("127.0.0.1", "127.0.0.1, 203.0.113.9"), "203.0.113.9");
  assert.equal(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.9, 10.0.0.1"), "203.0.113.9", "our own proxies on the right are skipped");
  assert.equal(clientAddress("127.0.0.1", "10.0.0.7, 192.168.1.1"), "10.0.0.7", "all trusted: the left-most");
});

test("TRUSTED_PROXIES: private, none, IPv4 ranges and single addresses", () => {
  const t = trustedProxies(["private", "100.64.0.0/10", "2001:db8::1"]);
  for (const a of ["127.0.0.1", "10.1.1.1", "100.64.0.0", "100.127.255.255", "2001:db8::1"]) assert.equal(t(a), true, a);
  for (const a of ["100.63.255.255", "100.128.0.0", "8.8.8.8", "2001:db8::2", "100.64.0.256"]) assert.equal(t(a), false, a);
  assert.equal(trustedProxies(["none"])("127.0.0.1"), false, "none trusts nothing");
  // A second, simple model of a CIDR: compare the leading bits as a string.
  const bits = (a: string) =>
    a
      .split(".")
      .map((o) => Number(o).toString(2).padStart(8, "0"))
      .join("");
  fc.assert(
    fc.property(fc.tuple(octet, octet, octet, octet), fc.tuple(octet, octet, octet, octet), fc.integer({ min: 0, max: 32 }), (a, b, n) => {
      const [x, y] = [a.join("."), b.join(".")];
      if ([...a, ...b].some((o) => Number(o) > 255)) return trustedProxies([`${y}/${n}`])(x) === false;
      return trustedProxies([`${y}/${n}`])(x) === (bits(x).slice(0, n) === bits(y).slice(0, n));
    }),
    { numRuns: 3000 },
  );
  assert.equal(clientAddress("127.0.0.1", "203.0.113.9, 100.64.1.1", t), "203.0.113.9");
  assert.equal(clientAddress("127.0.0.1", "203.0.113.9, 100.64.1.1"), "100.64.1.1", "not trusted by default");
});

test('no peer is the literal "unknown"; only a whole IPv4-mapped address is unwrapped', () => {
  assert.equal(UNKNOWN_ADDRESS, "unknown", "auth-api.md §4's literal");
  assert.equal(clientAddress(undefined, undefined), "unknown", "no peer, no header");
  assert.equal(normalizePeer(null), undefined, "null peer");
  assert.equal(normalizePeer(""), undefined, "empty peer");
  assert.equal(normalizePeer("::ffff:10.20.30.40"), "10.20.30.40", "multi-digit octets");
  assert.equal(normalizePeer("x::ffff:127.0.0.1"), "x::ffff:127.0.0.1", "a prefix before ::ffff: is not a mapped address");
  assert.equal(normalizePeer("::ffff:127.0.0.1x"), "::ffff:127.0.0.1x", "a suffix after the address is not a mapped address");
});

test("a peer that is one of our proxies (TRUSTED_PROXIES) has its header honoured even when the peer is public", () => {
  // core/auth/README.md §4 honours X-Forwarded-For from a local or private peer; TRUSTED_PROXIES extends that to the
  // proxies it names, such as a carrier-grade NAT range (100.64.0.0/10 is neither local nor private).
  const cgnat = trustedProxies(["private", "100.64.0.0/10"]);
  assert.equal(isLocalOrPrivate("100.64.1.1"), false, "the proxy is public by the spec's test");
  assert.equal(clientAddress("100.64.1.1", "203.0.113.9", cgnat), "203.0.113.9", "a listed proxy passes on its client");
  assert.equal(clientAddress("::ffff:100.64.1.1", "203.0.113.9", cgnat), "203.0.113.9", "an IPv4-mapped peer is the same proxy");
  assert.equal(clientAddress("100.128.0.1", "127.0.0.1", cgnat), "100.128.0.1", "just outside the range: the header is ignored");
  assert.equal(clientAddress("100.64.1.1", "127.0.0.1"), "100.64.1.1", "not listed (the default): a public peer's header is ignored");
});
