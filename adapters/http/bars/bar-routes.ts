import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { BAR_CATEGORY_NAMES } from "../../../core/bars/index.ts";
import { type Column, dataFrameJson, DataFrameSchema, frameResponse, num, plain } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { MARKETS, SZ_SH } from "../../../core/app/quotes/markets.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt, qMarket, qEnum, U16_MAX } from "../validation/query.ts";
import type { BarAnswer, BarService } from "../../../core/app/bars/bar-service.ts";
import { startFitsRequest } from "./bar-start.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";

const tags = ["bars"];

const common = {
  code: qCode(),
  category: qEnum(BAR_CATEGORY_NAMES).default("DAY"),
  start: qInt({ min: 0, max: U16_MAX }).default(0).openapi({ description: "bars back from the newest" }),
  count: qInt({ min: 1, max: 800 }).default(800),
  bar_time: qEnum(["start", "end"]).default("start").openapi({ description: "start = bar start time; end = bar end time (TDX stamps bars at their end)" }),
};

const BARS_DESCRIPTION = `K-line bars with derived fields. Columns: \`date\` (daily and longer, "YYYY-MM-DDT00:00:00") or \`datetime\`
(minute bars, "YYYY-MM-DDTHH:MM:SS" market time; both as easy_tdx writes them), open, close, high, low, vol (shares), amount (CNY), pre_close
(previous bar's close; the first bar's own open; floored at 0.01), change, change_pct and amplitude_pct (percent).

Adjustment from the ex-rights (xdxr) records, TDX-terminal compatible: forward (QFQ) keeps the newest prices, backward
(HFQ) keeps the listing-day prices; prices rounded half up to the tick. When forward-adjusted prices would go to zero or
below, the ratio method is used instead. The answer's \`adjust\` object says what was applied (\`applied\`,
\`method\`, and a \`note\` when the request could not be honoured, e.g. no xdxr from the source).

Index codes (by prefix: SH 000xxx, 88xxxx, 99xxxx, SZ 39xxxx, BJ 899xxx) are refused with a 400 that points to
\`/bars/index\`, which serves them (index replies have another layout, volume in lots and breadth counts).

\`source\` says where the bars were read: \`store\` (the local market store, when it holds the security's bars of that
category complete at this moment, with its ex-rights records) or \`upstream\` (the quote source).

MIN_120 is built from pairs of 60-minute bars within a session half (at most 400 bars). Weekly and longer volumes
arrive from TDX divided by 100 and are restored to shares.`;

function answerJson(a: BarAnswer, extra?: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const cols: Column[] = [plain(a.table.timeKey, a.table.labels), ...a.table.values.map(([name, v]) => num(name, v)), ...a.extra.map(([name, v]) => num(name, v))];
  return dataFrameJson(cols, a.table.labels.length, extra);
}

/** The answer, unless the directory does not know the code: then 404, whatever the fetch did (an unknown code is never a 400 or 502). */
async function knownAnswer(dir: SecurityDirectory, market: "SZ" | "SH" | "BJ", code: string, answer: Promise<BarAnswer>): Promise<BarAnswer> {
  const [a, known] = await Promise.allSettled([answer, dir.find(market, code)]);
  if (known.status === "fulfilled" && !known.value) throw new NotFoundError(`Unknown security ${market}:${code}`);
  if (a.status === "rejected") throw a.reason;
  return a.value;
}

/** `GET /api/v1/bars` and `GET /api/v1/bars/index` (adapters/http/README.md 4.2). */
export function registerBarRoutes(app: OpenAPIHono<HttpEnv>, bars: BarService, dir: SecurityDirectory): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/bars",
      tags,
      summary: "K-line bars of a security, adjusted (QFQ by default)",
      description: BARS_DESCRIPTION,
      request: {
        query: z
          .object({
            market: qMarket(MARKETS),
            ...common,
            adjust: qEnum(["NONE", "QFQ", "HFQ"]).default("QFQ"),
          })
          .superRefine(startFitsRequest),
      },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(400, 401, 403, 404, 502, 503, 504) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const query = { ...q, barTime: q.bar_time };
      const a = await knownAnswer(dir, q.market, q.code, bars.bars(query, q.adjust));
      if (a.adjust && a.adjust.applied !== a.adjust.requested) c.header("x-adjust-applied", a.adjust.applied);
      return frameResponse(c, answerJson(a, { adjust: a.adjust, source: a.source }));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/bars/index",
      tags,
      summary: "K-line bars of an index",
      description:
        "Columns as `/bars` plus up_count and down_count (advancing/declining constituents). Volume in lots for daily and " +
        "longer bars (restored ×100 for weekly and above); `vol` is null for minute index bars, which carry no volume. " +
        "A code that is not an index (stocks, funds, bonds) is a 400 pointing to `/bars`; an unknown code is a 404.",
      request: { query: z.object({ market: qMarket(SZ_SH), ...common }).superRefine(startFitsRequest) },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(400, 401, 403, 404, 502, 503, 504) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const query = { ...q, barTime: q.bar_time };
      const a = await knownAnswer(dir, q.market, q.code, bars.indexBars(query));
      return frameResponse(c, answerJson(a, { source: a.source }));
    },
  );
}
