/** Which Host and Origin values name the service (DNS rebinding and cross-site guard), against a plain model. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { hostAllowed, hostName, isIpLiteral, originAllowed } from "../../../core/auth/host-origin.ts";

const none = { hosts: [], origins: [] };
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((p) => p.join("."));
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
const name = fc.array(label, { minLength: 2, maxLength: 4 }).map((l) => l.join("."));

test("host names: port and trailing dot dropped, case folded, IPv6 bracketed", () => {
  assert.equal(hostName("Example.COM.:8000"), "example.com");
  assert.equal(hostName("[::1]:8000"), "[::1]");
  assert.equal(hostName("a:b:c"), undefined);
  assert.ok(isIpLiteral("[fe80::1%eth0]") && isIpLiteral("10.0.0.1") && !isIpLiteral("10.0.0.256") && !isIpLiteral("127.attacker.example"));
});

test("every IP literal and localhost name is the service's own; no other name is unless listed", () => {
  fc.assert(fc.property(ipv4, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), (ip, port) => hostAllowed(port ? `${ip}:${port}` : ip, none)));
  fc.assert(fc.property(name, (n) => hostAllowed(n, none) === (n === "localhost" || n.endsWith(".localhost"))));
  fc.assert(
    fc.property(name, name, (listed, asked) => {
      const rules = { hosts: [`.${listed}`], origins: [] };
      const model = asked === listed || asked.endsWith(`.${listed}`) || asked.endsWith(".localhost");
      return hostAllowed(asked, rules) === model;
    }),
  );
  assert.equal(hostAllowed("anything.example", { hosts: ["*"], origins: [] }), true);
  assert.equal(hostAllowed("", none), false);
});

test("an Origin is own when it names the request's Host, a listed host, or a listed origin", () => {
  assert.equal(originAllowed("http://127.0.0.1:8000", "127.0.0.1:8000", none), true);
  assert.equal(originAllowed("https://127.0.0.1:8000", "127.0.0.1:8000", none), true, "scheme may differ behind TLS");
  assert.equal(originAllowed("http://127.0.0.1:8001", "127.0.0.1:8000", none), false, "another port is another origin");
  assert.equal(originAllowed("null", "127.0.0.1:8000", none), false);
  assert.equal(originAllowed("http://attacker.example", "attacker.example", none), true, "same as Host (Host itself is checked first)");
  assert.equal(originAllowed("https://nas.home.arpa", "10.0.0.2:8000", { hosts: [".home.arpa"], origins: [] }), true);
  assert.equal(originAllowed("http://x.example", "10.0.0.2:8000", { hosts: ["*"], origins: [] }), false, "'*' opens hosts, not origins");
  assert.equal(originAllowed("http://Tools.example:3000", "10.0.0.2:8000", { hosts: [], origins: ["http://tools.example:3000"] }), true);
  assert.equal(originAllowed("http://tools.example:3000/path", "10.0.0.2:8000", { hosts: [], origins: ["http://tools.example:3000"] }), false, "an origin has no path");
});

test("localhost is the name itself and names under .localhost; a name merely ending in the letters is not", () => {
  for (const h of ["localhost", "localhost:8000", "a.localhost", "a.b.localhost:8000"]) assert.equal(hostAllowed(h, none), true, h);
  for (const h of ["notlocalhost", "evil-localhost:8000", "xlocalhost.", "localhost.example"]) assert.equal(hostAllowed(h, none), false, h);
});

test("'*' beside listed hosts still opens no origin: only the listed names do", () => {
  const rules = { hosts: ["*", "forge.example", ".home.arpa"], origins: [] };
  assert.equal(originAllowed("http://attacker.example", "10.0.0.2:8000", rules), false, "an unlisted origin");
  assert.equal(originAllowed("https://forge.example", "10.0.0.2:8000", rules), true, "a listed name");
  assert.equal(originAllowed("http://nas.home.arpa:8080", "10.0.0.2:8000", rules), true, "under a listed .domain");
});
