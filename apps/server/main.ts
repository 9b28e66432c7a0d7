/** Entry point: `npm start` (Node via tsx) or `npx deno task start`. */
import process from "node:process";
import { loadConfig } from "./config.ts";
import { startServer } from "./compose.ts";

try {
  const server = await startServer(loadConfig(process.env));
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
