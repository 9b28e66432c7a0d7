/**
 * The coded texts the service sends (formula diagnostics, task descriptions and
 * progress, evaluation vetoes and checks) and the web app's catalogue: every
 * code has its wording in both languages using only the values the service
 * fills in, and a filled text is matched back to the same code and values.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { en, zh } from "../../apps/web/src/app/messages.ts";
import { FUNCTIONS, VARIABLES } from "../../core/formula/catalog/index.ts";
import { ARGUMENT_PROBLEMS, DATA_NEEDS, FORMULA_MESSAGES } from "../../core/formula/formula-messages.ts";
import { compileFormula } from "../../core/formula/index.ts";
import { VETO_REASONS } from "../../core/research/rubric.ts";
import { CHECK_DETAILS } from "../../core/research/suitability.ts";
import { fillTemplate, matchTable, matchTemplate } from "../../core/text/message-template.ts";
import { DATA_LABELS, TASK_DESCRIPTIONS, TASK_MESSAGES } from "../../core/text/task-texts.ts";

const placeholders = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));

const TABLES: [string, Readonly<Record<string, string>>, readonly string[]][] = [
  ["formula.err", FORMULA_MESSAGES, ["index"]],
  ["formula.needs", DATA_NEEDS, []],
  ["formula.problem", ARGUMENT_PROBLEMS, []],
  ["task.desc", TASK_DESCRIPTIONS, []],
  ["task.data", DATA_LABELS, []],
  ["task.msg", TASK_MESSAGES, []],
  ["eval.reason", VETO_REASONS, []],
  ["eval.detail", CHECK_DETAILS, []],
];

test("every code has its wording in both languages, with only the values the service fills in", () => {
  const catalogue = [en, zh] as Record<string, string>[];
  for (const [prefix, table, extra] of TABLES) {
    for (const [code, template] of Object.entries(table)) {
      const allowed = new Set([...placeholders(template), ...extra]);
      for (const lang of catalogue) {
        const text = lang[`${prefix}.${code}`];
        assert.ok(text !== undefined, `${prefix}.${code} in ${lang === en ? "English" : "Chinese"}`);
        for (const p of placeholders(text)) assert.ok(allowed.has(p), `${prefix}.${code}: {${p}} is not filled by the service`);
      }
    }
  }
});

test("a filled template is matched back to its values", () => {
  const value = fc.stringMatching(/^[A-Za-z0-9:._%+-]{1,12}$/);
  for (const [, table] of TABLES) {
    for (const template of Object.values(table)) {
      const names = [...placeholders(template)];
      fc.assert(
        fc.property(fc.tuple(...names.map(() => value)), (values) => {
          const params = Object.fromEntries(names.map((n, i) => [n, values[i]!]));
          // a placeholder used twice must be filled with the same value, which the tuple keys guarantee
          assert.deepEqual(matchTemplate(template, fillTemplate(template, params)), params);
        }),
        { numRuns: 50 },
      );
    }
  }
  assert.equal(matchTemplate(TASK_MESSAGES.done, "done but more"), null, "the whole text must match");
});

test("a description of unknown kind is matched to the most specific template", () => {
  const portfolio = fillTemplate(TASK_DESCRIPTIONS.portfolio, { strategy: "ma_cross", n: 2 });
  assert.deepEqual(matchTable(TASK_DESCRIPTIONS, portfolio), { code: "portfolio", params: { strategy: "ma_cross", n: "2" } });
  const single = fillTemplate(TASK_DESCRIPTIONS.backtest, { strategy: "macd", data: fillTemplate(DATA_LABELS.symbol, { symbol: "SH:600000", category: "DAY", bars: 250 }) });
  assert.deepEqual(matchTable(TASK_DESCRIPTIONS, single), { code: "backtest", params: { strategy: "macd", data: "SH:600000 DAY×250" } });
});

test("the checker's diagnostics carry the code and values their text was filled from", () => {
  const bad = ["X:MA(C,5;", "A:EMB(C,5);", "A:=C+1:=2;", "A:C％2;", "A:C%2;", "A:MA(C);", 'A:"X.Y";', "A:REF(C,-1);", "A:'t'+1;", "A:C\nB:=O;"];
  let seen = 0;
  for (const text of bad) {
    const r = compileFormula(text);
    for (const d of [...r.errors, ...r.warnings]) {
      seen++;
      assert.ok(d.code in FORMULA_MESSAGES, `${text}: code ${d.code}`);
      assert.equal(d.message, fillTemplate(FORMULA_MESSAGES[d.code], d.params), `${text}: the text is the template filled with the values`);
    }
  }
  assert.ok(seen >= bad.length, `every formula gave a diagnostic (${seen})`);
});

test("the web app says a coded diagnostic in the chosen language, and what was found in its words", async () => {
  const { locale } = await import("../../apps/web/src/app/i18n.ts");
  const { diagnosticText } = await import("../../apps/web/src/formula/formula-texts.ts");
  const [d] = compileFormula("X:=CROSS(C,MA5").errors;
  locale.value = "zh";
  assert.equal(diagnosticText(d!), "第 1 行第 9 列开始的 CROSS 调用中应为“,”或“)”，实际是公式结尾");
  locale.value = "en";
  assert.equal(diagnosticText(d!), d!.message, "English: the service's own words");
  assert.equal(diagnosticText({ line: 1, column: 1, message: "as sent" }), "as sent", "no code: the text as it came");
});

test("a diagnostic whose values are English words is said wholly in the chosen language", async () => {
  const { locale } = await import("../../apps/web/src/app/i18n.ts");
  const { diagnosticText } = await import("../../apps/web/src/formula/formula-texts.ts");
  // every function and variable that needs data the bars lack, and every argument problem
  const texts = [
    ...[...FUNCTIONS.values()].filter((f) => f.needs).map((f) => `A:${f.name}(${f.args.map(() => "1").join(",")});`),
    ...[...VARIABLES.values()].filter((v) => v.needs).map((v) => `A:${v.name};`),
    "A:ZIG(7,10);",
    "A:PEAK(1,5,0);",
  ];
  const codes = new Set<string>();
  for (const text of texts) {
    const [d] = compileFormula(text).errors;
    assert.ok(d, `${text} is refused`);
    codes.add(String(d.params.needs_kind ?? d.params.problem_code));
    locale.value = "zh";
    const zhText = diagnosticText(d);
    assert.ok(!/[a-z]{2,}/.test(zhText), `${text} in Chinese: ${zhText}`);
    locale.value = "en";
    const enText = diagnosticText(d);
    assert.ok(!/[\u3400-\u9fff]/.test(enText), `${text} in English: ${enText}`);
  }
  assert.deepEqual([...codes].sort(), [...Object.keys(DATA_NEEDS), ...Object.keys(ARGUMENT_PROBLEMS)].sort(), "every need and problem was said");
});

test("every metric of a result and every setting a form shows has its hover help in both languages", async () => {
  const { serviceOpenApiDocument } = await import("../../apps/client/openapi-document.ts");
  const { settingFields } = await import("../../apps/web/src/backtest/setting-fields.ts");
  const { MULTI_FIELDS, PORTFOLIO_FIELDS, SINGLE_FIELDS } = await import("../../apps/web/src/backtest/forms.ts");
  const { GRID_FIELDS, MULTISEED_FIELDS, ROTATION_FIELDS } = await import("../../apps/web/src/research/research-requests.ts");
  const schemas = ((await serviceOpenApiDocument()) as { components: { schemas: Record<string, { properties?: Record<string, object> }> } }).components.schemas;
  // a portfolio's total adds its capital and number of stocks (backtest-responses.ts)
  const metrics = [...Object.keys(schemas.Performance!.properties!), "total_cash", "total_stocks"];
  const forms: [string, ReadonlySet<string>][] = [
    ["BacktestRequest", SINGLE_FIELDS],
    ["PortfolioBacktestRequest", PORTFOLIO_FIELDS],
    ["MultiStrategyBacktestRequest", MULTI_FIELDS],
    ["OptimizeBacktestRequest", GRID_FIELDS],
    ["OptimizeAllBacktestRequest", GRID_FIELDS],
    ["WalkForwardRequest", GRID_FIELDS],
    ["RotationBacktestRequest", ROTATION_FIELDS],
    ["MultiSeedRequest", MULTISEED_FIELDS],
  ];
  const settings = new Set(forms.flatMap(([name, exclude]) => settingFields(schemas[name] as never, exclude).map((f) => f.name)));
  assert.ok(metrics.length > 30 && settings.size > 20, `${metrics.length} metrics, ${settings.size} settings`);
  const keys = [...metrics.map((m) => `metric.${m}.hint`), ...[...settings].map((s) => `bt.cfg.${s}.hint`)];
  for (const key of keys) {
    const [e, z] = [(en as Record<string, string>)[key], (zh as Record<string, string>)[key]];
    assert.ok(e && !/[\u3400-\u9fff]/.test(e), `${key} in English: ${e}`);
    assert.ok(z && !/[a-z]{2,}/.test(z), `${key} in Chinese: ${z}`);
  }
});

test("an API failure is said in the chosen language by its status, the service's own words kept apart", async () => {
  const { locale } = await import("../../apps/web/src/app/i18n.ts");
  const { errorText } = await import("../../apps/web/src/api/error-text.ts");
  const { ApiError } = await import("../../apps/web/src/api/http.ts");
  // every status the service answers with (adapters/http/http-error.ts, upstream-errors.ts, the 422 validation shape), an unknown one, no answer at all
  const statuses = [0, 400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504, 418];
  for (const status of statuses) {
    const e = new ApiError(status, "Quote server timed out: 127.0.0.1:7709 did not answer within 10000 ms");
    locale.value = "zh";
    const zhSaid = errorText(e);
    assert.ok(/[\u3400-\u9fff]/.test(zhSaid.text) && !/[a-z]{2,}/.test(zhSaid.text), `${status} in Chinese: ${zhSaid.text}`);
    assert.equal(zhSaid.detail, e.detail, "the service's words on demand");
    locale.value = "en";
    const enSaid = errorText(e);
    assert.ok(!/[\u3400-\u9fff]/.test(enSaid.text) && enSaid.text.length > 5, `${status} in English: ${enSaid.text}`);
  }
  locale.value = "zh";
  assert.notEqual(errorText(new ApiError(503, "x")).text, errorText(new ApiError(504, "x")).text, "unavailable and timed out are told apart");
  const [d] = compileFormula("A:WINNER(C);").errors;
  const formula = new ApiError(422, d!.message, [
    { type: "value_error", loc: ["body", "text"], msg: d!.message, ctx: { code: d!.code, params: d!.params as never, line: d!.line, column: d!.column } },
  ]);
  assert.deepEqual(errorText(formula), { text: "第 1 行第 3 列 WINNER 需要 筹码分布数据，本引擎没有这些数据（只根据 OHLCV K线计算）", detail: "" });
});
