import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { DataFrameSchema, rowsFrame } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt } from "../validation/query.ts";
import { cacheHeader } from "./cache-header.ts";
import type { FinancialReportService } from "../../../core/app/external/financial-report-service.ts";

const DESCRIPTION = `Income statement (lrb), balance sheet (fzb) or cash-flow statement (llb) from an external finance
provider, independent of the quote server. One row per report period, newest first: \`报告期\` ("YYYY-MM-DD"), then one
column per line item (its Chinese caption; CNY, per-share items CNY/share; null where the item does not apply) and
\`<item>_同比\` (year-on-year change of the cumulative figure as a fraction, 0.27 = +27%) where the provider gives one.
Reports are cached for a day per code and statement (header \`x-cache: hit|miss\`). A code the provider has no statements
for (unknown, or not an A-share) is a 404.`;

const query = z.object({
  code: qCode().openapi({ description: "six-digit stock code" }),
  type: z
    .string()
    .regex(/^(lrb|fzb|llb)$/)
    .default("lrb")
    .openapi({ description: "lrb income statement, fzb balance sheet, llb cash-flow statement" }),
  num: qInt({ min: 1, max: 40 }).default(8).openapi({ description: "latest N periods" }),
});

/**
 * `GET /api/v1/finsrc/financial-report` (adapters/http/README.md 4.11), and the original
 * system's path `/api/v1/sina/financial-report` as a deprecated alias, so that
 * its clients (web UI, scripts) keep working.
 */
export function registerFinsrcRoutes(app: OpenAPIHono<HttpEnv>, reports: FinancialReportService): void {
  for (const [path, deprecated] of [
    ["/api/v1/finsrc/financial-report", false],
    ["/api/v1/sina/financial-report", true],
  ] as const) {
    app.openapi(
      createRoute({
        method: "get",
        path,
        tags: ["finsrc"],
        summary: deprecated ? "Alias of /api/v1/finsrc/financial-report (the original system's path)" : "Three-statement financial reports (external provider)",
        description: DESCRIPTION,
        deprecated,
        request: { query },
        responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 504) },
      }),
      async (c) => {
        const { code, type, num } = c.req.valid("query");
        const table = await reports.report(code, type as "lrb" | "fzb" | "llb", num);
        cacheHeader(c, table.cached);
        return c.json(rowsFrame(table.columns, table.rows), 200);
      },
    );
  }
}
