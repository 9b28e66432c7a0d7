/**
 * Keeps `apps/web/dist` in step with its sources so `npm start` and the browser
 * tests never serve a stale or missing bundle, while a fresh bundle costs only
 * a few file-time reads. After a successful build a stamp file records every
 * source file the bundler read from this repository (the web app and the pure
 * core/ modules it imports); a build that died half-way leaves no stamp and is
 * redone. Files added to the web app are caught by walking its folders.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const WEB_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WEB_DIST = join(WEB_ROOT, "dist");
const REPO_ROOT = join(WEB_ROOT, "..", "..");
const STAMP = join(WEB_DIST, ".built.json");

/** Always checked: the app's own folders (for new files), its config, the installed versions. */
const ALWAYS = [join(WEB_ROOT, "index.html"), join(WEB_ROOT, "vite.config.ts"), join(WEB_ROOT, "src"), join(WEB_ROOT, "public"), join(REPO_ROOT, "package-lock.json")];

interface Stamp {
  /** Repository-relative paths of the bundled source files outside node_modules. */
  readonly sources: readonly string[];
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function readStamp(): { builtAt: number; stamp: Stamp } | null {
  if (!existsSync(STAMP) || !existsSync(join(WEB_DIST, "index.html"))) return null;
  try {
    const stamp = JSON.parse(readFileSync(STAMP, "utf8")) as Stamp;
    return Array.isArray(stamp.sources) ? { builtAt: statSync(STAMP).mtimeMs, stamp } : null;
  } catch {
    return null;
  }
}

/** True when the bundle is missing, incomplete, or older than any of its sources (a deleted source counts). */
export function bundleIsStale(): boolean {
  const built = readStamp();
  if (!built) return true;
  const files = [...ALWAYS, ...built.stamp.sources.map((s) => join(REPO_ROOT, s))];
  return files.some((f, i) => (i >= ALWAYS.length && !existsSync(f)) || newestMtime(f) > built.builtAt);
}

/** Repository files among the modules of a build result. */
function sourcesOf(result: unknown): string[] {
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: { moduleIds?: string[] }[] }[];
  const ids = new Set<string>();
  for (const o of outputs) for (const chunk of o.output ?? []) for (const id of chunk.moduleIds ?? []) ids.add(id.split("?")[0]!);
  return [...ids]
    .filter((id) => isAbsolute(id) && existsSync(id))
    .map((id) => relative(REPO_ROOT, id))
    .filter((rel) => !rel.startsWith("..") && !rel.split(sep).includes("node_modules"))
    .sort();
}

/** Builds the bundle with Vite (production mode) and stamps it. */
export async function buildBundle(): Promise<void> {
  const { build } = await import("vite");
  const result = await build({ configFile: join(WEB_ROOT, "vite.config.ts"), mode: "production" });
  const stamp: Stamp = { sources: sourcesOf(result) };
  writeFileSync(STAMP, `${JSON.stringify(stamp, null, 1)}\n`);
}

/** Builds when stale; says whether it did. */
export async function ensureBundle(force = false): Promise<boolean> {
  if (!force && !bundleIsStale()) return false;
  await buildBundle();
  return true;
}
