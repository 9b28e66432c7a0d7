/** Entry point: `npm start` (Node via tsx) or `npx deno task start`. */
import process from "node:process";
import { loadConfig } from "./config.ts";
import { startServer } from "./compose.ts";
import { runUntilSignal } from "./run-until-signal.ts";

await runUntilSignal(() => startServer(loadConfig(process.env)));
