/**
 * Presence check for tests under `noUncheckedIndexedAccess`: in a test an
 * element, row or match that is missing is a failure to report, not a case to
 * handle, so the lookup asserts (with what was missing) and narrows the type.
 */
import assert from "node:assert/strict";

export function defined<T>(value: T | undefined, what: string): T {
  assert.ok(value !== undefined, `${what} is missing`);
  return value;
}
