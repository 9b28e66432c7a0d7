/**
 * Byte access to the TDX fixtures: binary files, hex dumps and their json checks.
 * Thin wrappers over tests/support/fixtures.ts so every test reads them the same way.
 */
import { readFixture, readFixtureText } from "../../support/fixtures.ts";

/** A binary fixture as a plain Uint8Array. */
export function bin(rel: string): Uint8Array {
  const b = readFixture(rel);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

/** A hex-dump fixture (whitespace ignored) as bytes. */
export function hex(rel: string): Uint8Array {
  return fromHex(readFixtureText(rel));
}

export function json<T = Record<string, unknown>>(rel: string): T {
  return JSON.parse(readFixtureText(rel)) as T;
}

export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, "");
  return new Uint8Array(Buffer.from(clean, "hex"));
}
