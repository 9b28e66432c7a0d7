/**
 * Serves the built web application (apps/web/dist) at `/`: hashed assets
 * cached for a year, `index.html` revalidated every time, and every other
 * non-API GET answered with `index.html` so client-side routes survive a
 * reload. Outside the `/api/v1` gate on purpose: the login page must load.
 * Security headers (CSP, nosniff, ...) come from the app's middleware.
 * Files are read once per modification time and kept gzipped beside the raw
 * bytes, so a page load costs no disk reads or compression after the first.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Env, Hono } from "hono";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".txt"]);

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Web application not built</title>
<p>The web application has not been built. Run <code>npm run build:web</code> (<code>npm start</code> does it automatically).
The API is available at <a href="/docs">/docs</a>.</p>`;

interface Cached {
  mtimeMs: number;
  raw: Uint8Array;
  gz: Uint8Array | null;
  etag: string;
}

/** Registers the catch-all GET handler; call it after every API route. */
export function serveWebApp<E extends Env>(app: Hono<E>, dir: string): void {
  const root = normalize(dir.endsWith(sep) ? dir : dir + sep);
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | undefined> {
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile()) return undefined;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs) return hit;
    const raw = new Uint8Array(await readFile(file));
    const gz = COMPRESSIBLE.has(extname(file)) && raw.length > 1024 ? new Uint8Array(gzipSync(raw)) : null;
    const entry = { mtimeMs: st.mtimeMs, raw, gz, etag: `W/"${raw.length.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"` };
    cache.set(file, entry);
    return entry;
  }

  function send(c: Context<E>, file: string, entry: Cached, immutable: boolean): Response {
    const ext = extname(file);
    const headers: Record<string, string> = {
      "content-type": TYPES[ext] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      etag: entry.etag,
      vary: "accept-encoding",
    };
    if (c.req.header("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
    const gzip = entry.gz !== null && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    if (gzip) headers["content-encoding"] = "gzip";
    const body = gzip ? entry.gz! : entry.raw;
    headers["content-length"] = String(body.length);
    return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  }

  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(path);
    } catch {
      return next();
    }
    const file = normalize(join(root, rel));
    if (file.startsWith(root) && file !== root) {
      const entry = await load(file);
      if (entry) return send(c, file, entry, rel.startsWith("/assets/"));
    }
    // A missing file with an extension is a broken link, not a client-side route.
    if (extname(rel) !== "") return next();
    const index = join(root, "index.html");
    const entry = await load(index);
    return entry ? send(c, index, entry, false) : c.html(NOT_BUILT, 503);
  });
}
