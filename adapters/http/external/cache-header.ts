import type { Context } from "hono";

/** `x-cache: hit|miss`, so that users (and tests) can tell a cached answer from a provider fetch. */
export function cacheHeader(c: Context, cached: boolean): void {
  c.header("x-cache", cached ? "hit" : "miss");
}
