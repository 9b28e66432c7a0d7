import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { BAR_CATEGORY_NAMES, type BarCategory } from "../../../core/bars/index.ts";
import { compileFormula, formatDiagnostic, FORMULA_PARAM_LIMIT } from "../../../core/formula/index.ts";
import type { HttpEnv } from "../http-env.ts";
import type { OhlcvRecords } from "../../../core/app/bars/ohlcv-records.ts";
import { ohlcvRecordsField } from "../validation/ohlcv-records-field.ts";
import { MARKETS } from "../../../core/app/quotes/markets.ts";
import { charString, errorResponses, jsonOk } from "../schemas/common.ts";
import { startFitsRequest } from "../bars/bar-start.ts";
import { qCode, qEnum, U16_MAX } from "../validation/query.ts";
import type { FormulaBars, FormulaService } from "../../../core/app/formula/formula-service.ts";

const tags = ["formula"];

const TEXT_MAX = 8000;
const OHLCV_MAX = 2000;
const SYMBOL = /^(SZ|SH|BJ):\d{6}$/;

const Diagnostic = z
  .object({
    line: z.number().int().openapi({ description: "1-based line" }),
    column: z.number().int().openapi({ description: "1-based column" }),
    message: z.string().openapi({ description: "what is wrong, in plain words (what was expected, a suggested name ...)" }),
    code: z.string().openapi({ description: "the kind of problem, e.g. expected_comma_or_close, for clients that say it in another language" }),
    params: z.record(z.string(), z.union([z.string(), z.number()])).openapi({ description: "the values in the message, e.g. {name, line, column, found, found_kind}" }),
  })
  .openapi("FormulaDiagnostic");

const Output = z
  .object({
    name: z.string().openapi({ description: "column name; anonymous output lines are OUTPUT_1, OUTPUT_2, ..." }),
    kind: z.enum(["signal", "numeric"]).openapi({ description: "signal: only 0/1 by construction (comparisons, CROSS, AND/OR ...)" }),
  })
  .openapi("FormulaOutput");

const text = charString(1, TEXT_MAX).openapi({
  description: "TDX formula text (`NAME:expr;` outputs, `NAME:=expr;` variables, `{...}` comments)",
  example: "DIF:EMA(C,12)-EMA(C,26);\nDEA:EMA(DIF,9);\n金叉:CROSS(DIF,DEA);",
});

const params = z.record(z.string(), z.number().min(-FORMULA_PARAM_LIMIT).max(FORMULA_PARAM_LIMIT)).optional().openapi({
  description: 'values of the formula\'s parameters (TDX keeps them outside the text), by name in any letter case, e.g. {"N": 9}',
});

const FormulaValidateRequest = z.object({ text, params }).openapi("FormulaValidateRequest");

const FormulaValidateResponse = z
  .object({
    ok: z.boolean().openapi({ description: "true when the formula compiles" }),
    error: z.string().nullable().openapi({ description: 'every error as "line L, column C: message", one per line; null when ok' }),
    errors: z.array(Diagnostic).openapi({ description: "errors with their positions (syntax, unknown names, arity, types, data OHLCV bars lack)" }),
    warnings: z.array(Diagnostic).openapi({ description: "future functions, unknown style words, a formula without output lines" }),
    outputs: z.array(Output).openapi({ description: "output columns in order, with their class" }),
    signals: z.array(z.string()).openapi({ description: "names of the signal outputs" }),
    values: z.array(z.string()).openapi({ description: "names of the numeric outputs" }),
    ignored: z.array(z.string()).openapi({
      description:
        "style modifiers and drawing functions accepted but not drawn (ALIGN2, DRAWNUMBER, a style on a := line ...); those a chart draws (colours, LINETHICKn, COLORSTICK ..., DRAWICON, DRAWTEXT, STICKLINE) come with /formula/compute",
    }),
    future_functions: z.array(z.string()).openapi({ description: "functions that read later bars (ZIG, BACKSET, REFX, REF with a negative lag ...): unfit for backtests" }),
    params: z
      .array(
        z.object({
          name: z.string().openapi({ description: "as written in the formula" }),
          value: z.number().nullable().openapi({ description: "the bound value; null when not given" }),
        }),
      )
      .openapi({ description: "parameters the formula uses: bound ones with their value; null for an unknown name" }),
  })
  .openapi("FormulaValidateResponse");

const Style = z
  .object({
    plot: z.enum(["line", "stick", "colorstick", "volstick", "linestick", "pointdot", "crossdot", "circledot", "none"]).openapi({
      description:
        "how TDX draws it: a line, bars from 0 (STICK), red above 0 / green below (COLORSTICK, MACD's bars), volume-like bars (VOLSTICK), line plus bars (LINESTICK), dots (POINTDOT, CROSSDOT, CIRCLEDOT), or not at all (NODRAW)",
    }),
    line: z.enum(["solid", "dotted", "dashed"]).openapi({ description: "DOTLINE is dotted, DASHLINE dashed" }),
    color: z.string().nullable().openapi({ description: "#rrggbb from COLORRED ... or COLOR + hex BBGGRR as TDX writes it; null: the chart's own colour" }),
    thick: z.number().int().nullable().openapi({ description: "LINETHICKn (0 hides the line); null when not given" }),
  })
  .openapi("FormulaStyle");

const Side = z.enum(["buy", "sell"]).nullable().openapi({
  description: "buy (a red ▲ below the bar) or sell (a green ▼ above): DRAWICON's icon 1 / 2, else the name or text (金叉, 买, 多, B, BUY ... / 死叉, 卖, 空, S, SELL ...); null: neither",
});

const Plot = z
  .object({
    time: z.array(z.unknown()).openapi({ description: "every evaluated bar's time label, oldest first" }),
    lines: z
      .array(
        z.object({
          name: z.string(),
          kind: z.enum(["signal", "numeric"]),
          side: Side,
          style: Style,
          values: z.array(z.number().nullable()).openapi({ description: "one value per bar of `time`; null where there is none" }),
        }),
      )
      .openapi({ description: "every output over all bars, in order, with its drawing" }),
    drawings: z
      .array(
        z.object({
          fn: z.enum(["DRAWICON", "DRAWTEXT", "STICKLINE"]),
          name: z.string().nullable().openapi({ description: "the statement's name (`主力:STICKLINE(...)`), or null" }),
          text: z.string().nullable().openapi({ description: "DRAWTEXT's text" }),
          icon: z.number().nullable().openapi({ description: "DRAWICON's icon number (TDX: 1 red up arrow, 2 green down arrow)" }),
          width: z.number().nullable().openapi({ description: "STICKLINE's width" }),
          empty: z.boolean().nullable().openapi({ description: "STICKLINE: hollow boxes" }),
          side: Side,
          style: Style,
          points: z
            .array(z.object({ at: z.number().int(), price: z.number(), to: z.number().optional() }))
            .openapi({ description: "the bars drawn (index into `time`) at their price; STICKLINE from `price` to `to`" }),
        }),
      )
      .openapi({ description: "DRAWICON, DRAWTEXT and STICKLINE statements with the bars where their condition holds" }),
  })
  .openapi("FormulaPlot");

const FormulaComputeResponse = z
  .object({
    symbol: z.string().nullable().openapi({ description: "MARKET:CODE, null for inline bars" }),
    category: z.enum(BAR_CATEGORY_NAMES).openapi({ description: "bar period evaluated (PERIOD)" }),
    count: z.number().int().openapi({ description: "bars evaluated" }),
    outputs: z.array(Output).openapi({ description: "output columns in order, with their class" }),
    signals: z.array(z.string()).openapi({ description: "names of the signal outputs" }),
    values: z.array(z.string()).openapi({ description: "names of the numeric outputs" }),
    last_time: z.unknown().openapi({ description: "time label of the last bar (as /bars writes it, or as sent inline)" }),
    last_row: z.record(z.string(), z.number().nullable()).openapi({ description: "every output's value on the last bar; null where it has none" }),
    recent: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .openapi({ description: "the latest `tail` bars, oldest first: the time (`date` or `datetime`) and every output; absent when tail is 0" }),
    styles: z.record(z.string(), Style).openapi({ description: "how each output is drawn (its style words), by output name" }),
    plot: Plot.optional().openapi({ description: "with `plot: true`: every output over all bars with its drawing, and the drawing statements" }),
    warnings: z.array(Diagnostic).openapi({ description: "as /formula/validate: future functions, unknown style words, no output" }),
    future_functions: z.array(z.string()).openapi({ description: "functions reading later bars: past values may change as bars arrive" }),
    adjust: z.record(z.string(), z.unknown()).optional().openapi({ description: "the adjustment applied (stock bars from the quote server), as /bars reports it" }),
  })
  .openapi("FormulaComputeResponse");

const COMPUTE_DESCRIPTION = `Evaluates a TDX formula on K-line bars: every output's value on the last bar (\`last_row\`) and the
detail of the latest \`tail\` bars (\`recent\`).

**Bars**, one of: inline \`ohlcv\` records (1..${OHLCV_MAX}, oldest first, VOL in the caller's unit; \`category\` then only
sets PERIOD); or a security, \`symbol\` ("SZ:000001") or \`market\` + \`code\`, with \`category\`, \`start\`, \`count\`,
\`adjust\` and \`bar_time\` as in \`/bars\` (up to 2,000 bars, fetched 800 at a time; MIN_120 at most 400). Quote-server
bars give VOL in lots (手) as TDX shows it. PERIOD follows \`category\`.

**422** (FastAPI's shape) when the formula does not compile (loc \`["body","text"]\`, one item per error with its line and
column), when both or neither bar source is given, and for bad records as in \`/indicator/compute\`
(\`["body","ohlcv",<row>,<field>]\`). Unknown security: 404. Quote server down: 503/504/502.`;

/** `POST /api/v1/formula/validate` and `POST /api/v1/formula/compute` (adapters/http/README.md 4.4). */
export function registerFormulaRoutes(app: OpenAPIHono<HttpEnv>, formulas: FormulaService): void {
  const FormulaComputeRequest = z
    .object({
      text,
      params,
      ohlcv: ohlcvRecordsField(1, OHLCV_MAX, { requireTime: false })
        .optional()
        .openapi({ description: `inline bars, oldest first (1..${OHLCV_MAX}): {datetime|date, open, high, low, close, vol?, amount?}` }),
      symbol: z.string().regex(SYMBOL).optional().openapi({ description: 'MARKET:CODE, e.g. "SZ:000001" (easy_tdx\'s form)' }),
      market: qEnum(MARKETS).optional().openapi({ description: "with code, instead of symbol" }),
      code: qCode().optional().openapi({ description: "6-character security code, with market" }),
      category: qEnum(BAR_CATEGORY_NAMES).default("DAY").openapi({ description: "bar period (also what PERIOD reads)" }),
      start: z.number().int().min(0).max(U16_MAX).default(0).openapi({ description: "bars back from the newest" }),
      count: z.number().int().min(20).max(2000).default(250).openapi({ description: "bars to evaluate (20..2000)" }),
      adjust: qEnum(["NONE", "QFQ", "HFQ"]).default("QFQ").openapi({ description: "price adjustment, as /bars (stocks)" }),
      bar_time: qEnum(["start", "end"]).default("start").openapi({ description: "time labels: bar start or end time, as /bars" }),
      tail: z.number().int().min(0).max(100).default(10).openapi({ description: "detail rows of the latest N bars (0: none)" }),
      plot: z.boolean().default(false).openapi({ description: "also answer `plot`: every output over all bars with its style, and the DRAWICON/DRAWTEXT/STICKLINE marks, for a chart" }),
    })
    .superRefine((body, ctx) => {
      startFitsRequest(body, ctx);
      const symbol = body.symbol !== undefined || body.market !== undefined || body.code !== undefined;
      if ((body.ohlcv !== undefined) === symbol) {
        const message = symbol ? "give either ohlcv or a security, not both" : "give ohlcv records, or symbol (or market and code)";
        ctx.addIssue({ code: "custom", path: [], message });
      } else if (body.symbol === undefined && symbol && (body.market === undefined || body.code === undefined)) {
        ctx.addIssue({ code: "custom", path: [body.market === undefined ? "market" : "code"], message: "market and code go together" });
      } else if (body.symbol !== undefined && (body.market !== undefined || body.code !== undefined)) {
        ctx.addIssue({ code: "custom", path: ["symbol"], message: "give symbol, or market and code, not both" });
      }
      const compiled = compileFormula(body.text, { params: body.params ?? {} });
      // FastAPI's item as before, with the diagnostic's code and values in `ctx` for clients in other languages
      for (const e of compiled.errors) {
        const msg = formatDiagnostic(e);
        const item = { type: "value_error", loc: [], msg: `Value error, ${msg}`, input: body.text, ctx: { code: e.code, params: e.params, line: e.line, column: e.column } };
        ctx.addIssue({ code: "custom", path: ["text"], message: msg, params: { fastapi: item } });
      }
    })
    .openapi("FormulaComputeRequest");

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/formula/validate",
      tags,
      summary: "Check a TDX formula and classify its outputs (fetches no quotes)",
      description:
        "Always 200 for a well-formed request: `ok` is the verdict, `errors` say where and what (line, column, expected " +
        "token, unknown name with a suggestion, wrong arity, a function needing data OHLCV bars lack). Outputs are " +
        "classed `signal` (0/1 by construction) or `numeric`. Style modifiers and drawing functions are accepted; those " +
        "no chart draws are listed in `ignored`; functions reading later bars are listed in `future_functions` and warned about.",
      request: { body: { required: true, content: { "application/json": { schema: FormulaValidateRequest } } } },
      responses: { ...jsonOk(FormulaValidateResponse), ...errorResponses(401, 403) },
    }),
    (c) => {
      const body = c.req.valid("json");
      return c.json(formulas.validate(body.text, body.params ?? {}) as z.output<typeof FormulaValidateResponse>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/formula/compute",
      tags,
      summary: "Evaluate a TDX formula on K-line bars",
      description: COMPUTE_DESCRIPTION,
      request: { body: { required: true, content: { "application/json": { schema: FormulaComputeRequest } } } },
      responses: { ...jsonOk(FormulaComputeResponse), ...errorResponses(401, 403, 404, 413, 502, 503, 504) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const bars: FormulaBars = body.ohlcv
        ? inlineBars(body.ohlcv, body.category)
        : {
            kind: "symbol",
            market: (body.symbol?.slice(0, 2) ?? body.market) as "SZ" | "SH" | "BJ",
            code: body.symbol?.slice(3) ?? body.code!,
            category: body.category,
            start: body.start,
            count: body.count,
            adjust: body.adjust,
            barTime: body.bar_time,
          };
      const answer = await formulas.compute({ text: body.text, params: body.params ?? {}, bars, tail: body.tail, plot: body.plot });
      // The answer's arrays are readonly; the schema's output type spells them mutable.
      return c.json(answer as z.output<typeof FormulaComputeResponse>, 200);
    },
  );
}

function inlineBars(records: OhlcvRecords, category: BarCategory): FormulaBars {
  const key = records.timeKey;
  return {
    kind: "inline",
    series: records.series,
    timeKey: key === "datetime" ? "datetime" : "date",
    labels: key ? records.rows.map((r) => r[key]) : null,
    category,
  };
}
