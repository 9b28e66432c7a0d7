/**
 * Access to the shared fixtures in `../shared/fixtures` (beside the project in CI;
 * absent on a user's fresh clone). Tests that need them skip with a printed reason.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const FIXTURES = fileURLToPath(new URL("../../../shared/fixtures/", import.meta.url));

/** Absolute path of a fixture, or `undefined` when the shared folder is missing. */
export function fixture(rel: string): string | undefined {
  const p = join(FIXTURES, rel);
  return existsSync(p) ? p : undefined;
}

/** A skip reason for `test(name, { skip }, fn)` when the fixture is absent. */
export function skipUnless(rel: string): string | false {
  return fixture(rel) ? false : `fixture ${rel} not found (../shared/fixtures is absent)`;
}

export function readFixture(rel: string): Buffer {
  const p = fixture(rel);
  if (!p) throw new Error(`fixture ${rel} missing`);
  return readFileSync(p);
}

export function readFixtureText(rel: string): string {
  return readFixture(rel).toString("utf8");
}
