import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { BLOCK_FILE_NAMES, BLOCK_FILES, decodeBlockFile, type ServerFileCache } from "../../tdx/index.ts";
import { any, dataFrameJson, DataFrameSchema, frameResponse, num, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";

/** `GET /api/v1/block` (adapters/http/README.md 4.5): a board file fetched from the quote server and parsed. */
export function registerBlockRoutes(app: OpenAPIHono<HttpEnv>, files: ServerFileCache): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/block",
      tags: ["block"],
      summary: "Fetches and parses a board file",
      description:
        "filename: block_zs.dat (index constituents), block_gn.dat (concepts) or block_fg.dat (styles and regions). One row per board: " +
        "name, category (0 for block_zs, 2 for block_gn, 3 for block_fg, as the original system numbers them), count (members the file " +
        "states), codes (six-digit member codes; a board file stores at most 400), block_type (the type word of the board's slot).",
      request: { query: z.object({ filename: z.enum(BLOCK_FILE_NAMES) }) },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) => {
      const { filename } = c.req.valid("query");
      const boards = decodeBlockFile(await files.get(filename));
      return frameResponse(
        c,
        dataFrameJson(
          [
            str(
              "name",
              boards.map((b) => b.name),
            ),
            num(
              "category",
              boards.map(() => BLOCK_FILES[filename]),
            ),
            num(
              "count",
              boards.map((b) => b.count),
            ),
            any(
              "codes",
              boards.map((b) => b.codes),
            ),
            num(
              "block_type",
              boards.map((b) => b.type),
            ),
          ],
          boards.length,
        ),
      );
    },
  );
}
