/** `npm run build:web` (always builds) and the first step of `npm start` (builds only when stale). */
import process from "node:process";
import { ensureBundle, WEB_DIST } from "./ensure-bundle.ts";

const force = process.argv.includes("--force");
const t0 = performance.now();
try {
  if (await ensureBundle(force)) console.log(`web bundle built in ${Math.round(performance.now() - t0)} ms → ${WEB_DIST}`);
} catch (e) {
  console.error("web bundle build failed:", e instanceof Error ? e.message : e);
  process.exit(1);
}
