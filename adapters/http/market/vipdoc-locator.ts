/**
 * Where the offline daily files for market-wide scans are: the request's `vipdoc`
 * parameter, else `VIPDOC_DIR`, else — when the service runs on the simulator —
 * the demo market written out as a vipdoc tree, else a TDX install found in its
 * usual places. A directory counts when it (or its `vipdoc` subfolder) has an
 * `sh/lday` or `sz/lday` folder.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { HttpError } from "../http-error.ts";

export interface VipdocLocatorOptions {
  /** VIPDOC_DIR. */
  readonly configured?: string;
  /** Writes (or refreshes) the simulator's tree and returns its directory. */
  readonly simulated?: () => Promise<string>;
  /** TDX install folders to look in, most likely first. */
  readonly installs?: readonly string[];
}

/** Where TDX clients install on Windows, and under Wine. */
export const TDX_INSTALLS: readonly string[] = [
  "C:/new_tdx",
  "D:/new_tdx",
  "C:/zd_zsone",
  join(homedir(), ".wine", "drive_c", "new_tdx"),
];

/** The vipdoc root under `dir`, or undefined. */
export function vipdocRoot(dir: string): string | undefined {
  for (const root of [dir, join(dir, "vipdoc")]) {
    if (existsSync(join(root, "sh", "lday")) || existsSync(join(root, "sz", "lday"))) return resolve(root);
  }
  return undefined;
}

export class VipdocLocator {
  readonly #opts: VipdocLocatorOptions;

  constructor(opts: VipdocLocatorOptions) {
    this.#opts = opts;
  }

  async locate(explicit?: string): Promise<string> {
    if (explicit !== undefined) {
      const root = vipdocRoot(explicit);
      if (!root) throw new HttpError(400, `vipdoc directory ${explicit} has no sh/lday or sz/lday folder`);
      return root;
    }
    if (this.#opts.configured) {
      const root = vipdocRoot(this.#opts.configured);
      if (!root) throw new HttpError(400, `VIPDOC_DIR ${this.#opts.configured} has no sh/lday or sz/lday folder`);
      return root;
    }
    if (this.#opts.simulated) return this.#opts.simulated();
    for (const dir of this.#opts.installs ?? TDX_INSTALLS) {
      const root = vipdocRoot(dir);
      if (root) return root;
    }
    throw new HttpError(400, "No offline daily data found: pass `vipdoc` (a TDX vipdoc directory) or set VIPDOC_DIR");
  }
}
