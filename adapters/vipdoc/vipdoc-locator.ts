/**
 * Where the offline daily files for market-wide scans are: the request's `vipdoc`
 * parameter, else `VIPDOC_DIR`, else the market store's tree once a sync has
 * written it (issue 21), else — when the service runs on the simulator — the demo
 * market written out as a vipdoc tree, else a TDX install found in its usual places. A directory counts when it (or its `vipdoc` subfolder) has an
 * `sh/lday` or `sz/lday` folder.
 *
 * The parameter may name only a directory at or under VIPDOC_DIR, a
 * `VIPDOC_ROOTS` entry or the data directory (after resolving `..` and
 * symbolic links): anything else is refused with the same 400 as a directory
 * that does not exist, so the answer tells nothing about the host's other
 * directories (issue 15). Answers name a directory relative to the data
 * directory or to the setting it lies under, never by its absolute path.
 */
import { existsSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { InvalidRequestError } from "../../core/app/app-errors.ts";

export interface VipdocLocatorOptions {
  /** VIPDOC_DIR. */
  readonly configured?: string;
  /** VIPDOC_ROOTS: further directories the `vipdoc` parameter may name (or lie under). */
  readonly roots?: readonly string[];
  /** DATA_DIR: the simulator's tree lives here; answers name directories relative to it. */
  readonly dataDir?: string;
  /** The market store's vipdoc tree (MARKET_DIR/vipdoc); used once it has daily files. */
  readonly store?: string;
  /** Writes (or refreshes) the simulator's tree and returns its directory. */
  readonly simulated?: () => Promise<string>;
  /** TDX install folders to look in, most likely first. */
  readonly installs?: readonly string[];
}

/** Where TDX clients install on Windows, and under Wine. */
export const TDX_INSTALLS: readonly string[] = ["C:/new_tdx", "D:/new_tdx", "C:/zd_zsone", join(homedir(), ".wine", "drive_c", "new_tdx")];

/** The vipdoc root under `dir`, or undefined. */
export function vipdocRoot(dir: string): string | undefined {
  for (const root of [dir, join(dir, "vipdoc")]) {
    if (existsSync(join(root, "sh", "lday")) || existsSync(join(root, "sz", "lday"))) return resolve(root);
  }
  return undefined;
}

/** The real path of `dir`, or undefined when it does not exist. */
function real(dir: string): string | undefined {
  try {
    return realpathSync(resolve(dir));
  } catch {
    return undefined;
  }
}

/** `path` relative to `base` when it lies at or under it ("" for `base` itself). */
function under(path: string, base: string): string | undefined {
  const rel = relative(base, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel)) ? rel : undefined;
}

export class VipdocLocator {
  readonly #opts: VipdocLocatorOptions;

  constructor(opts: VipdocLocatorOptions) {
    this.#opts = opts;
  }

  /** The allowed bases with the names answers use for them, data directory first. */
  #bases(): { name: string; dir: string }[] {
    const { dataDir, configured, roots = [], store } = this.#opts;
    const named = [
      ...(dataDir ? [{ name: "", dir: dataDir }] : []),
      ...(store ? [{ name: "MARKET_DIR/vipdoc", dir: store }] : []),
      ...(configured ? [{ name: "VIPDOC_DIR", dir: configured }] : []),
      ...roots.map((dir, i) => ({ name: `VIPDOC_ROOTS[${i}]`, dir })),
    ];
    return named.flatMap((b) => {
      const dir = real(b.dir);
      return dir ? [{ name: b.name, dir }] : [];
    });
  }

  /** How answers name a vipdoc root: relative to the data directory or the setting it lies under. */
  shown(root: string): string {
    const path = real(root) ?? root;
    for (const b of this.#bases()) {
      const rel = under(path, b.dir);
      if (rel !== undefined) return [b.name, rel].filter(Boolean).join("/").replaceAll("\\", "/") || ".";
    }
    return "TDX install";
  }

  async locate(explicit?: string): Promise<string> {
    if (explicit !== undefined) {
      const target = real(explicit);
      const allowed = target !== undefined && this.#bases().some((b) => under(target, b.dir) !== undefined);
      const root = allowed ? vipdocRoot(target) : undefined;
      if (!root) {
        throw new InvalidRequestError(`vipdoc ${explicit} is not a TDX vipdoc directory (sh/lday or sz/lday) at or under VIPDOC_DIR, VIPDOC_ROOTS or the data directory`);
      }
      return root;
    }
    if (this.#opts.configured) {
      const root = vipdocRoot(this.#opts.configured);
      if (!root) throw new InvalidRequestError(`VIPDOC_DIR has no sh/lday or sz/lday folder`);
      return root;
    }
    const stored = this.#opts.store && vipdocRoot(this.#opts.store);
    if (stored) return stored;
    if (this.#opts.simulated) return this.#opts.simulated();
    for (const dir of this.#opts.installs ?? TDX_INSTALLS) {
      const root = vipdocRoot(dir);
      if (root) return root;
    }
    throw new InvalidRequestError("No offline daily data found: pass `vipdoc` (a TDX vipdoc directory) or set VIPDOC_DIR");
  }
}
