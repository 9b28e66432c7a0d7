import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { any, dataFrameJson, DataFrameSchema, frameResponse, num } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import type { IndicatorService, IndicatorTable } from "../../../core/app/indicators/indicator-service.ts";
import { ohlcvRecordsField } from "../validation/ohlcv-records-field.ts";

const tags = ["indicator"];

/** Rows per compute request (a 1 MiB body holds about this many compact records). */
export const MAX_INDICATOR_ROWS = 10_000;

const IndicatorParamInfo = z
  .object({
    name: z.string().openapi({ description: "parameter name, as used in the structured params form" }),
    default: z.number().openapi({ description: "TDX's default" }),
    min: z.number().nullable().openapi({ description: "smallest accepted value (null: unbounded)" }),
    max: z.number().nullable().openapi({ description: "largest accepted value (null: unbounded)" }),
    description: z.string().nullable().openapi({ description: "what it means, where the name does not say (SAR's percent steps)" }),
  })
  .openapi("IndicatorParam");

const IndicatorInfoSchema = z
  .object({
    name: z.string().openapi({ description: "indicator id (easy_tdx's key), e.g. MACD" }),
    id: z.string().openapi({ description: "the same id" }),
    title: z.string().openapi({ description: "display name, e.g. MACD 平滑异同平均线" }),
    title_en: z.string().openapi({ description: "display name in English, e.g. MACD Moving Average Convergence Divergence" }),
    description: z.string().openapi({ description: "what it measures (the title when there is nothing more)" }),
    params: z.array(IndicatorParamInfo).openapi({ description: "parameters in positional order (`MACD(12,26,9)`), with TDX's defaults" }),
    default_params: z.record(z.string(), z.number()).openapi({ description: "easy_tdx's field: `{name: default}`" }),
    outputs: z.array(z.string()).openapi({ description: "column names in compute tables, e.g. MACD_DIF, MACD_DEA, MACD" }),
    lines: z.array(z.string()).openapi({ description: "the indicator's own line names (TDX's), same order as outputs" }),
    inputs: z.array(z.string()).nullable().openapi({ description: "bar fields it reads (open, high, low, close, vol, amount)" }),
    formula: z.string().nullable().openapi({ description: "the TDX formula text defining it; parameters by name" }),
  })
  .openapi("IndicatorInfo");

const COMPUTE_DESCRIPTION = `Computes technical indicators on caller-supplied bars and returns one table row per bar.

**Indicators** are named as in \`GET /indicator/list\`, case-insensitive, optionally with positional parameters in
TDX's call form: \`"MACD"\`, \`"MACD(12,26,9)"\`, \`"RSI(6)"\` (missing values take the defaults). The structured form
\`params: {"MACD": {"SHORT": 10}}\` (easy_tdx's) sets values by name and overrides positional ones. Each indicator may
be listed once.

**Columns**: with \`keep_ohlcv\` every input key (first-seen order; values echoed, the OHLCV fields as numbers), else only the time key
(\`datetime\` or \`date\`) when the records have one; then each indicator's outputs named \`<ID>_<line>\`
(\`MACD_DIF\`, \`KDJ_K\`), a line named like its indicator keeping the bare id (\`MACD\`, \`CCI\`). Lines have no value
(null) until their warm-up allows one; the rules are TDX's (core/formula/LANGUAGE.md in the source tree).

**422** (FastAPI's shape) for: a missing or non-numeric open/high/low/close/vol (loc \`["body","data",<row>,<field>]\`);
high below low (\`[..., <row>, "high"]\`); a time that does not parse, repeats or goes back (\`[..., <row>, "date"]\`);
an unknown indicator, a malformed call or too many values (\`["body","indicators",<i>]\`); an unknown or out-of-range
parameter (\`["body","params",<indicator>,<name>]\`).`;

/** `GET /api/v1/indicator/list`, `POST /api/v1/indicator/compute` (adapters/http/README.md 4.10). */
export function registerIndicatorRoutes(app: OpenAPIHono<HttpEnv>, indicators: IndicatorService): void {
  const ComputeIndicatorsRequest = z
    .object({
      data: ohlcvRecordsField(0, MAX_INDICATOR_ROWS, { requireTime: false }).openapi({
        description: `OHLCV records, oldest first (at most ${MAX_INDICATOR_ROWS}; the time column is optional here): {datetime|date, open, high, low, close, vol?, amount?}`,
      }),
      indicators: z
        .array(z.string())
        .min(1)
        .max(50)
        .openapi({ description: 'indicator names, e.g. ["MACD", "KDJ(9,3,3)", "rsi"] (1..50)', example: ["MACD", "KDJ"] }),
      params: z.record(z.string(), z.record(z.string(), z.number())).nullable().optional().openapi({ description: 'parameters by name per indicator, e.g. {"MACD": {"SHORT": 10, "LONG": 20}}' }),
      keep_ohlcv: z.boolean().default(true).openapi({ description: "keep the input columns in the answer" }),
      tail: z.number().int().min(1).max(MAX_INDICATOR_ROWS).nullable().optional().openapi({ description: "return only the last N rows (computed over all)" }),
    })
    .superRefine((body, ctx) => {
      const r = indicators.resolve(body.indicators, body.params);
      if (!r.ok) for (const p of r.errors) ctx.addIssue({ code: "custom", path: [...p.path], message: p.message });
    })
    .openapi("ComputeIndicatorsRequest");

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/indicator/list",
      tags,
      summary: "All available technical indicators",
      description:
        "Every built-in indicator with its parameters (positional order, TDX defaults, bounds), the column names it adds " +
        "to `/indicator/compute` tables, the bar fields it reads and its TDX formula text.",
      responses: { ...jsonOk(z.array(IndicatorInfoSchema)), ...errorResponses(401, 403) },
    }),
    (c) => c.json(indicators.list(), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/indicator/compute",
      tags,
      summary: "Compute indicators on OHLCV records",
      description: COMPUTE_DESCRIPTION,
      request: { body: { required: true, content: { "application/json": { schema: ComputeIndicatorsRequest } } } },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 413) },
    }),
    (c) => {
      const body = c.req.valid("json");
      const r = indicators.resolve(body.indicators, body.params);
      if (!r.ok) throw new Error("indicator requests were checked by the schema");
      const table = indicators.frame({ records: body.data, requests: r.value, keepOhlcv: body.keep_ohlcv, tail: body.tail });
      return frameResponse(c, indicatorTableJson(table));
    },
  );
}

/** The DataFrame JSON bytes of an indicator table, as /indicator/compute answers it. */
export function indicatorTableJson(table: IndicatorTable): Uint8Array<ArrayBuffer> {
  const columns = table.columns.map((col) => (col.values instanceof Float64Array ? num(col.name, col.values) : any(col.name, col.values)));
  return dataFrameJson(columns, table.rows);
}
