import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { DataFrameSchema, rowsFrame } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt } from "../validation/query.ts";
import type { AnnouncementService } from "../../../core/app/external/announcement-service.ts";
import { cacheHeader } from "./cache-header.ts";
import { InvalidFieldsError } from "../../../core/app/app-errors.ts";

export const ANNOUNCEMENT_COLUMNS = ["title", "type", "date", "url", "code", "org_id", "announcement_id", "announcement_time", "pdf_url"] as const;

const DESCRIPTION = `Company announcements from the disclosure site (cninfo), newest first, independent of the quote server
(callable while it is down). Columns: title, type (the site's type name, else the attachment type such as "PDF"),
date ("YYYY-MM-DD", Shanghai), url (detail page), code, org_id, announcement_id, announcement_time (epoch ms),
pdf_url ("" when there is no attachment). \`total\` is the number of announcements over all pages. Answers are cached
for 10 minutes per code, page and count (header \`x-cache: hit|miss\`).`;

/** `GET /api/v1/announcements` (adapters/http/README.md 4.11) and `GET /api/v1/announcements/attachment`. */
export function registerAnnouncementRoutes(app: OpenAPIHono<HttpEnv>, announcements: AnnouncementService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/announcements",
      tags: ["announcement"],
      summary: "Company announcements (external disclosure site)",
      description: DESCRIPTION,
      request: {
        query: z.object({
          code: qCode().openapi({ description: "six-digit stock code" }),
          count: qInt({ min: 1, max: 100 }).default(30).openapi({ description: "page size" }),
          page: qInt({ min: 1, max: 1000 }).default(1).openapi({ description: "page number, from 1" }),
        }),
      },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 504) },
    }),
    async (c) => {
      const { code, count, page } = c.req.valid("query");
      const loaded = await announcements.page(code, page, count);
      cacheHeader(c, loaded.cached);
      return c.json({ ...rowsFrame(ANNOUNCEMENT_COLUMNS, loaded.value.rows), total: loaded.value.total, page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/announcements/attachment",
      tags: ["announcement"],
      summary: "An announcement's attachment (PDF), fetched from the provider",
      description:
        "The file a row's `pdf_url` points at, fetched through the provider adapter (its timeout and retries) and passed on " +
        "as `application/pdf`. Only addresses on the provider's file host are fetched; any other `url` is a 422.",
      request: { query: z.object({ url: z.string().min(1).max(2000).openapi({ description: "a `pdf_url` from /announcements" }) }) },
      responses: {
        200: { description: "the file", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
        ...errorResponses(401, 403, 502, 504),
      },
    }),
    async (c) => {
      const { url } = c.req.valid("query");
      const bytes = await announcements.attachment(url);
      if (!bytes) {
        throw new InvalidFieldsError([{ type: "value_error", loc: ["query", "url"], msg: "Value error, not an attachment address of the announcements provider", input: url }]);
      }
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/pdf" });
    },
  );
}
