import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { formatDate, fromYyyymmdd } from "../../../core/bars/index.ts";
import { type FinanceInfo, type XdxrEntry, xdxrCategoryName } from "../../../core/quotes/index.ts";
import { exchangeOf } from "../../../core/market/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { gpcwFieldName, encodeGbk, type FinancialFiles } from "../../tdx/index.ts";
import { type Column, dataFrameJson, DataFrameSchema, frameResponse, num, rowsFrame, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { marketId, marketName, SZ_SH } from "../../../core/app/quotes/markets.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt, qMarket, U32_MAX } from "../validation/query.ts";
import { requireKnownSecurity } from "../../../core/app/quotes/known-security.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";

const tags = ["finance"];
const ref = { market: qMarket(SZ_SH), code: qCode() };
const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };

/** Bytes of the content request's GBK filename field. */
const CONTENT_FILENAME_BYTES = 80;

/** A name the content request can carry: GBK text of at most 80 bytes (U+202E and the like have no GBK code). */
function fitsFilenameField(name: string): boolean {
  try {
    return encodeGbk(name).length <= CONTENT_FILENAME_BYTES;
  } catch {
    return false;
  }
}

const XDXR_COLUMNS = [
  "date",
  "market",
  "code",
  "category",
  "name",
  "fenhong",
  "peigujia",
  "songzhuangu",
  "peigu",
  "suogu",
  "xingquanjia",
  "fenshu",
  "panqian_liutong",
  "panhou_liutong",
  "qian_zongguben",
  "hou_zongguben",
];

/** One xdxr record as the original system's row: category-1 ratios per share, share counts in 10,000 shares. */
function xdxrRow(x: XdxrEntry): Record<string, unknown> {
  const row: Record<string, unknown> = {
    date: formatDate(fromYyyymmdd(x.date)),
    market: marketName(x.market) ?? String(x.market),
    code: x.code,
    category: x.category,
    name: xdxrCategoryName(x.category),
  };
  if (x.category === 1) Object.assign(row, { fenhong: x.c1 / 10, peigujia: x.c2, songzhuangu: x.c3 / 10, peigu: x.c4 / 10 });
  else if (x.category === 11 || x.category === 12) row.suogu = x.c3;
  else if (x.category === 13 || x.category === 14) Object.assign(row, { xingquanjia: x.c1, fenshu: x.c3 });
  else Object.assign(row, { panqian_liutong: x.c1, qian_zongguben: x.c2, panhou_liutong: x.c3, hou_zongguben: x.c4 });
  return row;
}

/** The original system's finance column names, in its order, with our normalised values. */
const FINANCE_COLUMNS: readonly (readonly [string, (f: FinanceInfo) => number | string])[] = [
  ["market", (f) => marketName(f.market) ?? String(f.market)],
  ["code", (f) => f.code],
  ["liutong_guben", (f) => f.floatShares],
  ["zong_guben", (f) => f.totalShares],
  ["guojia_gu", (f) => f.stateShares],
  ["faqiren_faren_gu", (f) => f.promoterShares],
  ["faren_gu", (f) => f.legalPersonShares],
  ["b_gu", (f) => f.bShares],
  ["h_gu", (f) => f.hShares],
  // easy_tdx's key for this slot, kept with its ×10,000 for its clients: the slot is EPS (see meigu_shouyi).
  ["zhigong_gu", (f) => f.eps * 10_000],
  ["province", (f) => f.province],
  ["industry", (f) => f.industry],
  ["updated_date", (f) => f.updatedDate],
  ["ipo_date", (f) => f.ipoDate],
  ["gudong_renshu", (f) => f.shareholders],
  ["zong_zichan", (f) => f.totalAssets],
  ["liudong_zichan", (f) => f.currentAssets],
  ["guding_zichan", (f) => f.fixedAssets],
  ["wuxing_zichan", (f) => f.intangibleAssets],
  ["liudong_fuzhai", (f) => f.currentLiabilities],
  ["changqi_fuzhai", (f) => f.longTermLiabilities],
  ["ziben_gongjijin", (f) => f.capitalReserve],
  ["jing_zichan", (f) => f.netAssets],
  ["zhuying_shouru", (f) => f.mainRevenue],
  ["zhuying_lirun", (f) => f.mainProfit],
  ["yingshou_zhangkuan", (f) => f.receivables],
  ["yingye_lirun", (f) => f.operatingProfit],
  ["touzi_shouyu", (f) => f.investmentIncome],
  ["jingying_xianjinliu", (f) => f.operatingCashFlow],
  ["zong_xianjinliu", (f) => f.totalCashFlow],
  ["cunhuo", (f) => f.inventory],
  ["lirun_zonghe", (f) => f.totalProfit],
  ["shuihou_lirun", (f) => f.afterTaxProfit],
  ["jing_lirun", (f) => f.netProfit],
  ["weifen_lirun", (f) => f.undistributedProfit],
  ["meigujing_zichan", (f) => f.netAssetsPerShare],
  ["meigu_shouyi", (f) => f.eps],
  ["reserve2", (f) => f.reserved],
];

/** `<directory>/<name>.zip`, or `<name>.zip` as `file-list` names it (the index's directory). */
const FILENAME = /^([A-Za-z0-9_.-]+\/)?[A-Za-z0-9_.-]+\.zip$/;

/** Ex-rights, finance, company info and the professional financial archives (adapters/http/README.md 4.3). */
export function registerFinanceRoutes(app: OpenAPIHono<HttpEnv>, src: QuoteSource, dir: SecurityDirectory, files: FinancialFiles): void {
  const id = (q: { market: "SZ" | "SH"; code: string }) => ({ market: marketId(q.market), code: q.code });

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/xdxr",
      tags,
      summary: "Ex-rights / ex-dividend and share-capital history",
      description:
        "One row per event, oldest first. Columns: date, market, code, category (1..14), name (readable category), then by category: " +
        "1 除权除息 — fenhong (cash per share, CNY), peigujia (rights price), songzhuangu (bonus+transfer shares per share), peigu (rights shares per share); " +
        "11/12 — suogu (split/merge ratio); 13/14 — xingquanjia (exercise price), fenshu (warrants); others — panqian_liutong, qian_zongguben, " +
        "panhou_liutong, hou_zongguben (float and total shares before/after, 10,000 shares). Fields that do not apply are null.",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      return c.json(rowsFrame(XDXR_COLUMNS, (await src.xdxr(id(q))).map(xdxrRow)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/finance",
      tags,
      summary: "Latest basic finance data",
      description:
        "One row with the original system's column names: share counts (liutong_guben, zong_guben, ...) in shares; money fields " +
        "(zong_zichan, jing_lirun, ...) in CNY — the wire holds thousands of CNY, so these are a tenth of what pytdx-derived clients " +
        "show; gudong_renshu is a head count, meigujing_zichan (net assets) and meigu_shouyi (earnings of the report period) CNY per " +
        "share; updated_date and ipo_date YYYYMMDD. zhigong_gu is kept for easy_tdx clients: the wire slot it names is not employee " +
        "shares but the same earnings per share (meigu_shouyi × 10,000).",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const f = await src.finance(id(q));
      if (!f) throw new NotFoundError(`Unknown security ${q.market}:${q.code}`);
      const row = Object.fromEntries(FINANCE_COLUMNS.map(([k, get]) => [k, get(f)]));
      return c.json(
        rowsFrame(
          FINANCE_COLUMNS.map(([k]) => k),
          [row],
        ),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/company/category",
      tags,
      summary: "Directory of company-information (F10) files",
      description: "Columns: name (section title), filename, start (byte offset in the file), length (bytes). Use them with `/company/content`.",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const rows = (await src.companyCategory(id(q))).map((e) => ({ name: e.title, filename: e.filename, start: e.start, length: e.length }));
      return c.json(rowsFrame(["name", "filename", "start", "length"], rows), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/company/content",
      tags,
      summary: "Company-information text",
      description: '`length` bytes of the GBK file `filename` from byte `offset`, decoded: `{"content": "..."}`.',
      request: {
        query: z.object({
          ...ref,
          filename: z
            .string()
            .min(1)
            .max(CONTENT_FILENAME_BYTES)
            .refine(fitsFilenameField, { message: `GBK text of at most ${CONTENT_FILENAME_BYTES} bytes` }),
          offset: qInt({ min: 0, max: U32_MAX }).default(0),
          length: qInt({ min: 1, max: U32_MAX }).default(1024),
        }),
      },
      responses: { ...jsonOk(z.record(z.string(), z.string())), ...errorResponses(401, 403, 404, 502, 503, 504) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      return c.json({ content: await src.companyContent(id(q), q.filename, q.offset, q.length) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/financial/file-list",
      tags,
      summary: "Professional financial-report archives the financial-file host publishes",
      description: "From `tdxfin/gpcw.txt`. Columns: filename (e.g. gpcw20260331.zip, one per reporting quarter), hash (MD5), filesize (bytes).",
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) =>
      c.json(
        rowsFrame(
          ["filename", "hash", "filesize"],
          (await files.list()).map((e) => ({ ...e })),
        ),
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/financial/records",
      tags,
      summary: "Downloads a financial-report archive and parses it into records",
      description:
        "`filename` as `/financial/file-list` names it (`gpcw20260331.zip`) or with its directory (`tdxfin/gpcw20260331.zip`); 404 when it is not listed. " +
        "One row per security: code, market, report_date (YYYYMMDD), then field n of TDX's FINVALUE(n) numbering: common items by name " +
        "(eps, eps_deducted, naps, roe, total_assets, total_liabilities, total_equity, operating_revenue, operating_profit, net_profit, " +
        "net_profit_parent, operating_cash_flow, total_shares, float_a_shares, ...) and every other field as `col<n>`. Archives are kept " +
        "under the data directory keyed by name and MD5.",
      request: { query: z.object({ filename: z.string().regex(FILENAME, "expected <name>.zip or <directory>/<name>.zip") }) },
      responses,
    }),
    async (c) => {
      const { filename } = c.req.valid("query");
      const report = await files.report(filename);
      const recs = report.records;
      const cols: Column[] = [
        str(
          "code",
          recs.map((r) => r.code),
        ),
        str(
          "market",
          recs.map((r) => marketName(r.marketByte) ?? exchangeOf(r.code)),
        ),
        num(
          "report_date",
          recs.map(() => report.reportDate),
        ),
      ];
      for (let k = 0; k < report.fieldCount; k++)
        cols.push(
          num(
            gpcwFieldName(k + 1),
            recs.map((r) => r.values[k]!),
          ),
        );
      return frameResponse(c, dataFrameJson(cols, recs.length));
    },
  );
}
