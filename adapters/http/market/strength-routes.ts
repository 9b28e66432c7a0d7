import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { STRENGTH_PRESET_NAMES } from "../../../core/market/index.ts";
import { rowsFrame, DataFrameSchema } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qBool, qEnum, qInt, qNumber } from "../validation/query.ts";
import type { StrengthService } from "../../../core/app/market/strength-service.ts";

const COLUMNS = ["rank", "code", "market", "name", "last_close", "last_date", "ret_5", "ret_20", "ret_60", "vol_20", "strength"];

const DESCRIPTION = `Ranks SH/SZ A-shares by a composite strength score from their local daily files (\`.day\` in a TDX vipdoc
directory: the \`vipdoc\` parameter (a directory at or under VIPDOC_DIR, a VIPDOC_ROOTS entry or the data directory), else VIPDOC_DIR, else the simulator's market written as a vipdoc tree, else a TDX install
found in its usual place). The files are held in a columnar cache that follows them, so only the first scan reads them.

**Score.** With C[t] the last close:
- ret_k = C[t] / C[t−k] − 1 for k = 5, 20, 60 (fractions, 0.05 = 5 %)
- vol_20 = sample standard deviation (n − 1) of the daily log returns ln(C[i] / C[i−1]) over the last 20 bars
- raw = (w5·ret_5 + w20·ret_20 + w60·ret_60) / (w5 + w20 + w60)
- strength = raw / vol_20 when the volatility penalty is on, else raw

**Presets** (w5, w20, w60, penalty): steady (0.2, 0.3, 0.5, on) — mid/long-term steady; breakout (0.6, 0.3, 0.1, off) — short-term
burst, pure gain; balanced (0.34, 0.33, 0.33, on). \`w5\`, \`w20\`, \`w60\` and \`vol_adjusted\` each override the preset's value
(the weights must sum to a positive number).

**Filters.** A security needs at least max(min_listed_days, 61) daily bars, a mean turnover over its last 5 bars of at least
min_amount CNY, and a positive vol_20. universe: all, sh, sz, or core (the core-leader pool).

Columns: rank, code, market, name (from the quote server's list; blank when it cannot be reached), last_close, last_date
(YYYYMMDD), ret_5, ret_20, ret_60, vol_20, strength. Top-level: \`preset\`, \`weights\` (as applied), \`scanned\` (securities in
the files), \`vipdoc\` (the directory read, named relative to the data directory or as \`VIPDOC_DIR/…\`, \`VIPDOC_ROOTS[i]/…\`).`;

/** `GET /api/v1/market/strength` (adapters/http/README.md 4.1.1). */
export function registerStrengthRoutes(app: OpenAPIHono<HttpEnv>, strength: StrengthService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/market/strength",
      tags: ["market"],
      summary: "Whole-market strength ranking from 5/20/60-day gains",
      description: DESCRIPTION,
      request: {
        query: z.object({
          preset: qEnum(STRENGTH_PRESET_NAMES).default("steady"),
          w5: qNumber({ min: -100, max: 100 }).optional(),
          w20: qNumber({ min: -100, max: 100 }).optional(),
          w60: qNumber({ min: -100, max: 100 }).optional(),
          vol_adjusted: qBool().optional(),
          top_n: qInt({ min: 1, max: 5000 }).default(50),
          universe: qEnum(["all", "sh", "sz", "core"]).default("all"),
          min_listed_days: qInt({ min: 30, max: 36_500 }).default(65),
          min_amount: qNumber({ min: 0, max: 1e13 }).default(0),
          vipdoc: z.string().min(1).optional(),
        }),
      },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const a = await strength.scan({
        preset: q.preset,
        custom: { w5: q.w5, w20: q.w20, w60: q.w60, volAdjusted: q.vol_adjusted },
        topN: q.top_n,
        universe: q.universe,
        minListedDays: q.min_listed_days,
        minAmount: q.min_amount,
        vipdoc: q.vipdoc,
      });
      const w = a.weights;
      return c.json(
        {
          ...rowsFrame(
            COLUMNS,
            a.rows.map((r) => ({ ...r })),
          ),
          preset: q.preset,
          weights: { w5: w.w5, w20: w.w20, w60: w.w60, vol_adjusted: w.volAdjusted },
          scanned: a.scanned,
          vipdoc: a.vipdoc,
        },
        200,
      );
    },
  );
}
