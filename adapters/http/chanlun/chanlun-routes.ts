import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { barTimes, BAR_CATEGORY_NAMES, classifySecurity } from "../../../core/bars/index.ts";
import { analyzeChan, ChanWorkspace, chanToJson, parseChanOptions } from "../../../core/chan/index.ts";
import type { BarService } from "../../../core/app/bars/bar-service.ts";
import type { HttpEnv } from "../http-env.ts";
import { MARKETS } from "../../../core/app/quotes/markets.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { parseOhlcvRecords } from "../../../core/app/bars/ohlcv-records.ts";
import { qCode, qEnum, qMarket, U16_MAX } from "../validation/query.ts";
import { startFitsRequest } from "../bars/bar-start.ts";
import { easyTdxFields } from "../../../core/app/chanlun/chanlun-compat.ts";
import { BarLoader } from "../../../core/app/backtest/bar-loader.ts";
import { isLowerLevel, lowLevelCount, multiLevel } from "../../../core/app/chanlun/chanlun-multi-level.ts";
import { InvalidFieldsError, InvalidRequestError, NotFoundError } from "../../../core/app/app-errors.ts";

const MAX_INLINE_BARS = 20_000;

const ChanlunRequest = z
  .object({
    market: qMarket(MARKETS).optional().openapi({ description: "with `code`: analyse this security's bars" }),
    code: qCode().optional(),
    category: qEnum(BAR_CATEGORY_NAMES).default("DAY"),
    count: z.number().int().min(1).max(800).default(800),
    start: z.number().int().min(0).max(U16_MAX).default(0),
    adjust: qEnum(["NONE", "QFQ", "HFQ"]).default("QFQ").openapi({ description: "stocks only; index bars are never adjusted" }),
    bar_time: qEnum(["start", "end"]).default("start").openapi({ description: "time stamps of minute bars, as in /bars" }),
    ohlcv: z.array(z.unknown()).min(1).max(MAX_INLINE_BARS).optional().openapi({ description: "inline bars instead of a symbol: [{date|datetime, open, high, low, close, vol?, amount?}] ascending" }),
    options: z.record(z.string(), z.unknown()).optional().openapi({
      description: "chan.py's options (bi_strict, bi_algo (normal|new|czsc), min_bi_len..., seg_algo, zs_combine, zs_algo, divergence_rate, macd_algo, bs_type, ...); defaults are chan.py's",
    }),
    merged_bars: z.boolean().default(false).openapi({ description: "include the inclusion-merged bars" }),
    multi_level: qEnum(BAR_CATEGORY_NAMES)
      .optional()
      .openapi({ description: "a lower period (e.g. MIN_30 under DAY): easy_tdx's --multi-level, the last stroke's structure at that level (`multi_level` in the answer); needs market and code" }),
  })
  .superRefine(startFitsRequest)
  .superRefine((b, ctx) => {
    if (b.multi_level === undefined) return;
    if (b.market === undefined || b.code === undefined) ctx.addIssue({ code: "custom", path: ["multi_level"], message: "multi_level needs market and code (the lower level's bars are fetched)" });
    else if (!isLowerLevel(b.multi_level, b.category)) ctx.addIssue({ code: "custom", path: ["multi_level"], message: `${b.multi_level} is not a lower level than ${b.category}` });
  })
  .openapi("ChanlunRequest");

const ChanlunResponse = z.record(z.string(), z.unknown()).openapi("ChanlunResult");

const DESCRIPTION = `The full chan-theory pipeline on a security's bars (as \`/bars\`: market, code, category, start, count,
adjust — QFQ by default) or on inline \`ohlcv\` records. Returns strokes (笔), segments (线段), pivots (中枢 with
ZG/ZD/ZZ/GG/DD), buy/sell points (types 1, 1p, 2, 2s, 3a, 3b) and divergence checks at the stroke level, the same at the
segment level (\`segment_level\`), and optionally the merged bars. Elements near the end that may still change carry
\`is_sure: false\`. easy_tdx's summary fields (\`bis\`, \`zss\`, \`xds\`, \`mmds\`, \`bcs\` and counts) are included too.
Fewer bars than a stroke needs give an empty, well-formed result.

**Multi-level** (\`multi_level\`, easy_tdx's \`chanlun --multi-level 30MIN\`): the security's bars of that lower period
(${lowLevelCount(1)} × \`count\`, at most ${lowLevelCount(10_000).toLocaleString("en-US")}, same adjustment) are analysed with the same options, and \`multi_level\`
describes the higher level's last stroke (\`high_bi\`) through the lower strokes (\`low_bis\`) and pivots (\`low_zss\`) that
start at or after its start and end at or before its end (a date counts as its midnight, as in easy_tdx):
\`low_level_qs\` = easy_tdx's bi_count, zs_count, has_trend (≥ 2 pivots), has_consolidation (≥ 1), trend_direction,
bi_overlap, divergence_possible; with easy_tdx's \`high_level\`, \`low_level\` and \`last_bi_index\`. Null when the higher
level has no stroke.`;

/** `POST /api/v1/chanlun/analyze` (adapters/http/README.md 4.6). */
export function registerChanlunRoutes(app: OpenAPIHono<HttpEnv>, bars: BarService, dir: SecurityDirectory): void {
  const loader = new BarLoader(bars, dir);
  // each analysis is turned into its JSON before the handler awaits again, so one workspace serves every request
  const workspace = new ChanWorkspace();
  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/chanlun/analyze",
      tags: ["chanlun"],
      summary: "Chan-theory analysis of a security or of inline bars",
      description: DESCRIPTION,
      request: { body: { required: true, content: { "application/json": { schema: ChanlunRequest } } } },
      responses: { ...jsonOk(ChanlunResponse), ...errorResponses(401, 403, 404, 502, 503, 504) },
    }),
    async (c) => {
      const req = c.req.valid("json");
      const bySymbol = req.market !== undefined && req.code !== undefined;
      if (bySymbol === (req.ohlcv !== undefined)) {
        throw new InvalidFieldsError([{ type: "value_error", loc: ["body"], msg: "Value error, give either market and code, or ohlcv", input: null }]);
      }
      const options = parseChanOptions(req.options ?? {});
      if (!options.ok) {
        throw new InvalidFieldsError(options.issues.map((i) => ({ type: "value_error", loc: ["body", "options", ...i.path], msg: `Value error, ${i.message}`, input: null })));
      }
      let series;
      let symbol = "inline";
      if (bySymbol) {
        if (!(await dir.find(req.market!, req.code!).catch(() => true))) throw new NotFoundError(`Unknown security ${req.market}:${req.code}`);
        const q = { market: req.market!, code: req.code!, category: req.category, start: req.start, count: req.count, barTime: req.bar_time };
        const index = classifySecurity(req.market!, req.code!).kind === "index";
        if (index && req.multi_level !== undefined) throw new InvalidRequestError(`multi_level analyses stocks (and funds, bonds); ${req.market}:${req.code} is an index`);
        const a = index ? await bars.indexBars(q) : await bars.bars(q, req.adjust);
        series = { ...a.series, time: barTimes(a.series.time, req.category, req.bar_time) };
        symbol = `${req.market}${req.code}`;
      } else {
        const parsed = parseOhlcvRecords(req.ohlcv!, "ohlcv");
        if (!parsed.ok) throw new InvalidFieldsError(parsed.errors);
        series = parsed.series;
      }
      const json = chanToJson(analyzeChan(series, options.config, workspace), { mergedBars: true });
      const compat = easyTdxFields(json, symbol, req.category);
      const { merged_bars, ...rest } = json;
      const low = req.multi_level;
      const ml =
        low === undefined
          ? {}
          : {
              multi_level: await multiLevel(
                loader,
                { symbol: `${req.market}:${req.code}`, high: req.category, low, count: req.count, adjust: req.adjust, barTime: req.bar_time, config: options.config },
                compat,
              ),
            };
      return c.json({ ...compat, ...rest, ...(req.merged_bars ? { merged_bars } : {}), ...ml }, 200);
    },
  );
}
