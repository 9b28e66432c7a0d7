/**
 * Deep comparison for reference outputs: numbers within 1e-9 relative (the
 * oracles were printed by Python from float64), everything else exact; the
 * first difference is reported with its path.
 */
import assert from "node:assert/strict";

function firstDiff(actual: unknown, expected: unknown, path: string): string | null {
  if (typeof expected === "number" && typeof actual === "number") {
    if (actual === expected) return null;
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)) ? null : `${path}: ${actual} ≠ ${expected}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: not an array`;
    if (actual.length !== expected.length) return `${path}: length ${actual.length} ≠ ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const d = firstDiff(actual[i], expected[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") return `${path}: not an object`;
    const ak = Object.keys(actual).join(",");
    const ek = Object.keys(expected).join(",");
    if (ak !== ek) return `${path}: keys ${ak} ≠ ${ek}`;
    for (const k of Object.keys(expected)) {
      const d = firstDiff((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return actual === expected ? null : `${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
}

export function assertApprox(actual: unknown, expected: unknown, what: string): void {
  const d = firstDiff(actual, expected, what);
  if (d) assert.fail(d);
}
