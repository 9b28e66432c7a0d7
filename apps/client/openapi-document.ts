/**
 * The service's own OpenAPI document, obtained in-process: the app `npm start`
 * builds (built-in plugins, the simulator on loopback, a throwaway data
 * directory), asked for `GET /openapi.json` without a socket. The typed
 * client's types are generated from exactly this document.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { buildApp } from "../server/compose.ts";
import { loadConfig } from "../server/config.ts";

export async function serviceOpenApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), "tdx-forge-openapi-"));
  try {
    // Only the defaults: the environment's settings (plugins, quote source) must not change the contract.
    const config = loadConfig({ DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", WARM_UP: "0" });
    const service = await buildApp(config, { log: pino({ level: "silent" }), peerAddress: () => "127.0.0.1" });
    try {
      const res = await service.app.request("http://127.0.0.1/openapi.json");
      if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
      return await res.json();
    } finally {
      await service.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
