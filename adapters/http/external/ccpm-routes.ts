import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qBool } from "../validation/query.ts";
import { CCPM_PRODUCT_CODES, type CcpmProductCode } from "../../../core/market/index.ts";
import type { CcpmService } from "../../../core/app/external/ccpm-service.ts";

const tags = ["ccpm"];

const CcpmProductMeta = z
  .object({
    code: z.string(),
    name: z.string(),
    category: z.string().openapi({ description: "股指期货 or 国债期货" }),
    underlying: z.string(),
    underlying_code: z.string().openapi({ description: "index code; empty for treasury futures" }),
    unit: z.string().openapi({ description: "contract size" }),
    intro: z.string(),
    tick: z.string(),
    daily_limit: z.string(),
    listed: z.string().openapi({ description: "first listing day" }),
  })
  .openapi("CcpmProductMeta");

const CcpmProductsResponse = z.object({ products: z.array(CcpmProductMeta), count: z.number().int() }).openapi("CcpmProductsResponse");

const CcpmRankRow = z
  .object({
    trading_day: z.string(),
    product: z.string(),
    instrument: z.string(),
    rank: z.number().int(),
    vol_member: z.string().nullable(),
    vol: z.number().int().nullable(),
    vol_chg: z.number().int().nullable(),
    long_member: z.string().nullable(),
    long_pos: z.number().int().nullable(),
    long_chg: z.number().int().nullable(),
    short_member: z.string().nullable(),
    short_pos: z.number().int().nullable(),
    short_chg: z.number().int().nullable(),
  })
  .openapi("CcpmRankRow");

const CcpmRankResponse = z
  .object({
    trading_day: z.string().openapi({ description: "YYYYMMDD of the day answered (the searched day when no date was given)" }),
    product: z.string(),
    product_name: z.string(),
    data: z.array(CcpmRankRow),
    count: z.number().int(),
  })
  .openapi("CcpmRankResponse");

const validDate = (s: string) => {
  const [y = NaN, m = NaN, d = NaN] = s.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

const RANK_DESCRIPTION = `CFFEX member position ranking (成交持仓排名), published about 16:15 after each close. Each row is one
contract at one rank: the top-20 members by volume (vol_member, vol, vol_chg), by long open interest (long_member,
long_pos, long_chg) and by short open interest (short_member, short_pos, short_chg) side by side, in lots, changes
against the previous trading day; the three rankings are independent, so one row names up to three members. All
contracts listed that day are included. Without \`date\` the latest day with data is searched backwards. Published
days are cached forever; \`refresh=true\` fetches again. 404 when the day has no ranking (not a trading day, or not
yet published).`;

/** `GET /api/v1/ccpm/products` and `GET /api/v1/ccpm/rank` (adapters/http/README.md 4.11). */
export function registerCcpmRoutes(app: OpenAPIHono<HttpEnv>, ccpm: CcpmService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ccpm/products",
      tags,
      summary: "Products whose member rankings can be collected, with metadata",
      responses: { ...jsonOk(CcpmProductsResponse), ...errorResponses(401, 403) },
    }),
    (c) => c.json(ccpm.products() as z.infer<typeof CcpmProductsResponse>, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ccpm/rank",
      tags,
      summary: "Member volume and open-interest ranking of a product on a trading day",
      description: RANK_DESCRIPTION,
      request: {
        query: z.object({
          product: z
            .string()
            .regex(new RegExp(`^(${CCPM_PRODUCT_CODES.join("|")})$`))
            .default("IF")
            .openapi({ description: CCPM_PRODUCT_CODES.join(", ") }),
          date: z
            .string()
            // the calendar check only once the pattern holds: one 422 item, as pydantic stops at the pattern
            .regex(/^\d{4}-\d{2}-\d{2}$/, { abort: true })
            .refine(validDate, { message: "not a valid date YYYY-MM-DD" })
            .optional()
            .openapi({ description: "trading day YYYY-MM-DD; omitted: the latest day with data" }),
          refresh: qBool().default(false).openapi({ description: "ignore the local cache and fetch again" }),
        }),
      },
      responses: { ...jsonOk(CcpmRankResponse), ...errorResponses(401, 403, 404, 502, 504) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return c.json((await ccpm.rank(q.product as CcpmProductCode, q.date, q.refresh)) as z.infer<typeof CcpmRankResponse>, 200);
    },
  );
}
