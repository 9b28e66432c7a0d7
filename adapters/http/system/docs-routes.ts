import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/swagger-init.js"></script>
</body>
</html>`;

/** Starts Swagger UI; a file of its own because the content policy allows no inline script. */
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  withCredentials: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
});
`;

/**
 * `GET /docs`: an interactive reference (Swagger UI) served from the installed
 * `swagger-ui-dist` package, so it works with no internet. Assets are read once.
 */
export function registerDocsRoutes(app: OpenAPIHono<HttpEnv>): void {
  const dir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const cache = new Map<string, Promise<Uint8Array>>();
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/swagger-init.js", (c) => c.body(INIT, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" }));
  app.get("/docs/:asset", async (c) => {
    const name = c.req.param("asset");
    const type = ASSETS[name];
    if (!type) return c.json({ detail: "Not Found" }, 404);
    let body = cache.get(name);
    if (!body) cache.set(name, (body = readFile(join(dir, name))));
    return c.body(new Uint8Array(await body), 200, {
      "content-type": type,
      "cache-control": "public, max-age=86400",
    });
  });
}
