/**
 * The app with a password set and one finished run of each kind, for browser
 * tests that open result pages directly (`?task=`) instead of clicking through
 * the forms: the server on its fixed trading-Friday clock, a logged-in browser,
 * and the task ids by kind. The runs go over real HTTP like the web app's own.
 */
import { type Browser, launchBrowser } from "./browser.ts";
import { call, cookieOf, FakeClock, startTestServer, type TestServer } from "../../support/server.ts";

export const PASSWORD = "forge-pass-1";

export interface SeededApp {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly cookie: string;
  /** A logged-in call to the API. */
  api(method: string, path: string, json?: unknown): Promise<{ status: number; body: any; text: string }>;
  /** Submits a task and waits for it to finish; returns its final state (failing the test on anything but done). */
  run(path: string, json: unknown): Promise<any>;
  dispose(): Promise<void>;
}

export async function startSeededApp(clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0))): Promise<SeededApp> {
  const server = await startTestServer({ clock });
  await call(server.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } });
  const cookie = cookieOf((await call(server.url, "POST", "/api/auth/login", { json: { password: PASSWORD } })).headers)!;
  const browser = await launchBrowser();
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await browser.context.addCookies([{ name, value, url: server.url }]);
  const api = (method: string, path: string, json?: unknown) => call(server.url, method, path, { json, headers: { cookie } });
  return {
    server,
    browser,
    cookie,
    api,
    async run(path, json) {
      const submitted = await api("POST", path, json);
      if (submitted.status !== 202) throw new Error(`POST ${path}: ${submitted.status} ${submitted.text}`);
      for (;;) {
        const state = await api("GET", `/api/v1/backtest/tasks/${submitted.body.task_id}`);
        if (state.body.status === "done") return state.body;
        if (["failed", "cancelled"].includes(state.body.status)) throw new Error(`${path}: ${state.text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async dispose() {
      await browser?.close();
      await server?.dispose();
    },
  };
}
