/**
 * `tdx-forge --help` lists every command; each command's `--help` lists every
 * option it accepts with its default; a wrong command line or a refused
 * request is one line on stderr with exit status 2 (usage) or 1 (the service;
 * refusals are checked in cli-commands.test.ts, a lone one's status in
 * cli-server.test.ts).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { COMMANDS } from "../../../apps/cli/cli-commands.ts";
import { batchSections, runCli } from "../../support/cli.ts";

describe("tdx-forge help and errors", () => {
  test("--help lists every command, and each command's --help every option with its default", async () => {
    const names = [...COMMANDS.map((c) => c.name), "batch"];
    const r = await runCli(["batch", "--echo"], { input: ["--help", ...names.map((n) => `${n} --help`)].join("\n") });
    assert.equal(r.code, 0, r.stderr);
    const out = batchSections(r.stdout);
    const overview = out.get("--help")!;
    for (const n of names) assert.match(overview, new RegExp(`^  ${n} `, "m"), `the overview lists ${n}`);
    for (const c of COMMANDS) {
      const help = out.get(`${c.name} --help`)!;
      assert.match(help, new RegExp(`^Usage: tdx-forge ${c.name}\\b`), `${c.name}: usage line`);
      for (const a of c.args) assert.match(help, new RegExp(`^  ${a.name} `, "m"), `${c.name}: argument ${a.name}`);
      for (const o of [...c.options, { name: "output", default: "json" }, { name: "server" }]) {
        const line = help.split("\n").findIndex((l) => new RegExp(`^ +(-\\w, )?--${o.name}\\b`).test(l));
        assert.ok(line >= 0, `${c.name}: option --${o.name} listed`);
        if (o.default !== undefined && o.default !== false) {
          // The default may sit on the line after a long flag.
          const text = help
            .split("\n")
            .slice(line, line + 2)
            .join(" ");
          assert.ok(text.includes(`(default: ${o.default === true ? "on" : o.default})`), `${c.name}: --${o.name} shows its default ${o.default}`);
        }
      }
    }
  });

  test("wrong command lines and refused requests: one line each on stderr, exit 2 or 1", async () => {
    // Usage errors only: no service starts (the service's refusals are checked in cli-commands.test.ts).
    const lines = ["nosuch", "kline SZ", "kline SZ 000001 --count x", "kline SZ 000001 --bogus", `formula SZ 000001 --text "A:C;`, "version"];
    const r = await runCli(["batch"], { input: lines.join("\n") });
    assert.equal(r.code, 2, "the worst status: a usage error");
    const errors = r.stderr.trimEnd().split("\n");
    assert.equal(errors.length, 5, "one line per failing command");
    assert.equal(errors[0], 'tdx-forge: unknown command "nosuch" (see tdx-forge --help)', "the hint once");
    assert.match(errors[1]!, /^tdx-forge kline: missing argument CODE/);
    assert.match(errors[2]!, /^tdx-forge kline: --count: expected a whole number/);
    assert.match(errors[3]!, /^tdx-forge kline: Unknown option '--bogus'/);
    assert.match(errors[4]!, /^tdx-forge batch: unclosed " in /, "a line that cannot be split fails alone");
    assert.match(r.stdout, /"name":"tdx-forge"/, "the good line after it still ran");

    const days = await runCli(["tick", "SZ", "000001", "--days", "100000"]);
    assert.equal(days.code, 2);
    assert.equal(days.stderr.trimEnd(), "tdx-forge tick: --days: at most 800 (got 100000) (see tdx-forge tick --help)", "the option given is the one named");

    const usage = await runCli(["kline", "--period", "FORTNIGHTLY", "SZ", "000001"]);
    assert.equal(usage.code, 2, "a wrong command line exits 2");
    assert.match(usage.stderr, /^tdx-forge kline: --period: unknown period "FORTNIGHTLY"/);
  });
});
