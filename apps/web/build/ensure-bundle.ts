/**
 * Keeps `apps/web/dist` in step with its sources so `npm start` and the browser
 * tests never serve a stale or missing bundle, while a fresh bundle costs only a
 * walk of file times. A stamp file written after a successful build marks the
 * bundle complete (a build that died half-way leaves no stamp and is redone).
 */
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const WEB_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WEB_DIST = join(WEB_ROOT, "dist");
const REPO_ROOT = join(WEB_ROOT, "..", "..");
const STAMP = join(WEB_DIST, ".built");

/** Everything the bundle is made from: the app, its config, the pure core it imports, the installed versions. */
const SOURCES = [
  join(WEB_ROOT, "index.html"),
  join(WEB_ROOT, "vite.config.ts"),
  join(WEB_ROOT, "src"),
  join(WEB_ROOT, "public"),
  join(REPO_ROOT, "core"),
  join(REPO_ROOT, "package-lock.json"),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when the bundle is missing, incomplete, or older than any source. */
export function bundleIsStale(): boolean {
  if (!existsSync(STAMP) || !existsSync(join(WEB_DIST, "index.html"))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

/** Builds the bundle with Vite (production mode). */
export async function buildBundle(): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: join(WEB_ROOT, "vite.config.ts"), mode: "production" });
  writeFileSync(STAMP, new Date().toISOString() + "\n");
}

/** Builds when stale; says whether it did. */
export async function ensureBundle(force = false): Promise<boolean> {
  if (!force && !bundleIsStale()) return false;
  await buildBundle();
  return true;
}
