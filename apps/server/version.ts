/**
 * Service version, shown in `/health` and in `/openapi.json`'s `info["x-service-version"]`
 * package.json's, the one source of truth.
 */
import { readFileSync } from "node:fs";

export const VERSION: string = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
