/**
 * How the long-running entry points (the server, the queue worker) live: start,
 * stop cleanly on SIGINT/SIGTERM; a start-up failure (such as an invalid
 * setting) prints its message and exits with status 1.
 */
import process from "node:process";

export async function runUntilSignal(start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  try {
    const running = await start();
    const stop = async () => {
      await running.close();
      process.exit(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
