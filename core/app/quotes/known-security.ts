import type { Market } from "../../bars/index.ts";
import type { SecurityDirectory } from "./security-directory.ts";
import { NotFoundError } from "../app-errors.ts";

/**
 * 404 for a code the market's security list does not have. When the list itself
 * cannot be fetched the request goes on: the data call will report the outage.
 */
export async function requireKnownSecurity(dir: SecurityDirectory, market: Market, code: string): Promise<void> {
  const known = await dir.find(market, code).catch(() => true);
  if (!known) throw new NotFoundError(`Unknown security ${market}:${code}`);
}
