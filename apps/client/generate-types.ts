/**
 * Generates the typed client's types (openapi-types.ts) from the service's own
 * OpenAPI document with openapi-typescript, which lives in its own workspace
 * (tools/openapi-gen) because it needs TypeScript 5's compiler API while the
 * project type-checks with TypeScript 7. `npm run client:types` rewrites the
 * committed file; tests/apps/client/client-types.test.ts fails when it drifts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serviceOpenApiDocument } from "./openapi-document.ts";

export const TYPES_FILE = fileURLToPath(new URL("./openapi-types.ts", import.meta.url));
export const GENERATOR = fileURLToPath(new URL("../../tools/openapi-gen/node_modules/openapi-typescript/bin/cli.js", import.meta.url));

/** The text openapi-types.ts must hold for the service as it is now. */
export async function generateClientTypes(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-client-types-"));
  try {
    const spec = join(dir, "openapi.json");
    const out = join(dir, "openapi-types.ts");
    writeFileSync(spec, JSON.stringify(await serviceOpenApiDocument()));
    // A field with a default may be left out of a request: optional, not required (the generator's default is the reverse).
    await promisify(execFile)(process.execPath, [GENERATOR, spec, "-o", out, "--default-non-nullable", "false"]);
    return readFileSync(out, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TYPES_FILE, await generateClientTypes());
  process.stdout.write(`wrote ${TYPES_FILE}\n`);
}
