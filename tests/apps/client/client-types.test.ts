/**
 * The committed client types are what openapi-typescript makes of the
 * service's OpenAPI document now: a route or schema change without
 * `npm run client:types` fails here, so the types cannot drift.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { GENERATOR, generateClientTypes, TYPES_FILE } from "../../../apps/client/generate-types.ts";

const skip = existsSync(GENERATOR) ? false : "openapi-typescript is not installed (npm install installs the tools/openapi-gen workspace)";

test("apps/client/openapi-types.ts is a fresh generation from /openapi.json", { skip }, async () => {
  const fresh = await generateClientTypes();
  assert.match(fresh, /"\/api\/v1\/bars"/, "the generation holds the routes");
  assert.ok(fresh === readFileSync(TYPES_FILE, "utf8"), "openapi-types.ts differs from a fresh generation: run npm run client:types");
});
