import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { registerAuthRoutes } from "./auth/auth-routes.ts";
import { registerLoginPage } from "./auth/login-page.ts";
import { registerBacktestRoutes } from "./backtest/backtest-routes.ts";
import { registerBarRoutes } from "./bars/bar-routes.ts";
import { registerChanlunRoutes } from "./chanlun/chanlun-routes.ts";
import { registerFormulaRoutes } from "./formula/formula-routes.ts";
import { registerIndicatorRoutes } from "./indicators/indicator-routes.ts";
import { registerIntradayRoutes } from "./bars/intraday-routes.ts";
import { registerQuoteRoutes } from "./quotes/quote-routes.ts";
import { registerSecurityRoutes } from "./quotes/security-routes.ts";
import { registerHostRoutes } from "./server/host-routes.ts";
import { registerExternalRoutes } from "./external/external-routes.ts";
import { registerLlmRoutes } from "./llm/llm-routes.ts";
import { registerFinanceRoutes } from "./finance/finance-routes.ts";
import { registerBlockRoutes } from "./block/block-routes.ts";
import { registerMarketRoutes } from "./market/market-routes.ts";
import { registerStrengthRoutes } from "./market/strength-routes.ts";
import { registerBoardMacRoutes } from "./board-mac/board-mac-routes.ts";
import { registerMacRoutes } from "./board-mac/mac-routes.ts";
import { registerExRoutes } from "./ex/ex-routes.ts";
import { registerResearchRoutes } from "./research/research-routes.ts";
import { registerStoreRoutes } from "./store/store-routes.ts";
import { appErrorResponse } from "./app-error-response.ts";
import { documentBodyLimit } from "./schemas/common.ts";
import type { HttpDeps, HttpEnv } from "./http-env.ts";
import { registerSessionRoutes } from "./market/session-routes.ts";
import { authGate } from "./middleware/auth-gate.ts";
import { bodyLimitOf, bodySize } from "./middleware/body-size.ts";
import { clientContext } from "./middleware/client-context.ts";
import { hostOriginGuard } from "./middleware/host-origin-guard.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { requestLog } from "./middleware/request-log.ts";
import { registerDocsRoutes } from "./system/docs-routes.ts";
import { registerHealthRoutes } from "./system/health-routes.ts";
import { type Loc, toValidationItems, validationBody } from "./validation/fastapi-errors.ts";
import { jsonBodyGuard } from "./validation/json-body.ts";
import { laxJsonBodies } from "./validation/lax-body.ts";
import { integerFieldAt } from "./validation/lax-values.ts";
import { registerWsRoutes } from "./ws/ws-routes.ts";

const LOC: Record<string, Loc> = { json: "body", form: "body", query: "query", param: "path", header: "header", cookie: "cookie" };

const API_DESCRIPTION = `A-share market data, analysis and backtesting over HTTP and WebSocket.

**Access gate.** Every \`/api/v1\` route requires a valid session (cookie \`tf_session\`, issued by
\`POST /api/auth/login\`): without one the answer is 401 \`{"detail": "Not authenticated"}\`. While no
password is set, local and private-network clients pass and public clients get 403. Exempt: \`/api/auth/*\`,
\`/health\`, \`/openapi.json\`, \`/docs\`.

**Edge.** A request whose \`Host\` does not name this service (an IP address, localhost or a name in ALLOWED_HOSTS)
gets 403, and so does a POST, PUT, PATCH, DELETE or WebSocket upgrade whose \`Origin\` is present and foreign
(ALLOWED_ORIGINS lists exceptions). With several \`X-Forwarded-For\` entries the client is the right-most that is not a
trusted proxy (TRUSTED_PROXIES).

**Request bodies.** At most 1 MiB (\`POST /api/v1/backtest/run\`: 48 MiB, for long inline bar histories);
a larger one is 413. A body may be sent compressed with \`Content-Encoding: gzip\` (or \`deflate\`); the same limit
then holds for its inflated size.

**Errors.** Schema violations are 422 in FastAPI's shape \`{"detail": [{"type", "loc", "msg", "input"}]}\`;
every other error is \`{"detail": "..."}\`. Values are read as FastAPI reads them (pydantic's lax mode): numbers and
integers may be sent as numeric text (\`"50"\`, \`"1_000"\`), booleans as \`true/false/yes/no/on/off/1/0\` text or 1/0.`;

/** The interface description's version (adapters/http/README.md §9). */
const API_VERSION = "1.0.0";

/** Node's error for a request stream whose client disconnected mid-body. */
const clientAborted = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === "ECONNRESET" && (err as Error).message === "aborted";

/** The service's HTTP application: edge middleware, the gate, every route, the OpenAPI document. */
export function createHttpApp(deps: HttpDeps): OpenAPIHono<HttpEnv> {
  const app = new OpenAPIHono<HttpEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        // zod-validator passes the raw input as `data` (absent from its types).
        // a body read into columns has a stand-in for its records: the input echoed is the body as sent
        const columns = result.target === "json" ? (c as Context<HttpEnv>).get("columnBody") : undefined;
        const asSent = result.target === "json" ? (c as Context<HttpEnv>).get("bodyAsSent") : undefined;
        const raw = columns ? columns.original() : (asSent ?? (result as { data?: unknown }).data);
        const schema = result.target === "json" ? (c as Context<HttpEnv>).get("bodySchema") : undefined;
        const items = toValidationItems(result.error.issues, LOC[result.target] ?? "body", raw, schema && ((path) => integerFieldAt(schema, path)));
        return c.json(validationBody(items), 422);
      }
    },
  });

  laxJsonBodies(app);
  app.use(requestLog(deps.log));
  app.use(securityHeaders());
  app.use(hostOriginGuard(deps.edge.names));
  app.use(clientContext(deps.peerAddress, deps.edge.trustedProxy));
  // the gate before any body is read: a request without a session costs no reading, inflating or parsing, and gets 401
  app.use("/api/v1/*", authGate(deps.auth));
  app.use(bodySize());
  app.use(jsonBodyGuard);

  registerHealthRoutes(app, deps.version, deps.health ?? (() => ({})));
  registerAuthRoutes(app, deps.auth);
  registerLoginPage(app, deps.auth);
  registerSessionRoutes(app, deps.clock);
  registerSecurityRoutes(app, deps.quotes);
  registerQuoteRoutes(app, deps.quotes);
  registerBarRoutes(app, deps.bars, deps.directory);
  registerIntradayRoutes(app, deps.quotes, deps.directory);
  registerHostRoutes(app, deps.hosts);
  registerChanlunRoutes(app, deps.bars, deps.directory);
  registerWsRoutes(app, deps.ws.hub, deps.ws.upgrade, (token) => deps.auth.session(token));
  registerExternalRoutes(app, deps.external);
  registerLlmRoutes(app, deps.llm);
  registerIndicatorRoutes(app, deps.indicators);
  registerFormulaRoutes(app, deps.formulas);
  registerFinanceRoutes(app, deps.quotes, deps.directory, deps.marketData.financialFiles);
  registerBlockRoutes(app, deps.marketData.serverFiles);
  registerMarketRoutes(app, deps.marketData.snapshot, deps.marketData.corePool, deps.marketData.fundFlow, deps.directory, deps.clock);
  registerStrengthRoutes(app, deps.marketData.strength);
  registerBoardMacRoutes(app, deps.marketData.mac, deps.directory);
  registerMacRoutes(app, deps.marketData.mac, deps.clock, deps.directory);
  registerExRoutes(app, deps.marketData.ex);
  registerBacktestRoutes(app, deps.backtest);
  registerResearchRoutes(app, deps.research);
  registerStoreRoutes(app, deps.store, deps.backtest.tasks);
  // ROUTES: each feature area registers its routes above this line (one call each).
  registerDocsRoutes(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "tf_session",
  });
  // Generated once on first request: the route set is fixed after start-up.
  let document: unknown;
  app.get("/openapi.json", (c) => {
    document ??= documentBodyLimit(
      app.getOpenAPI31Document({
        openapi: "3.1.0",
        // the interface's version is the spec's (adapters/http/README.md §9); the service's own is beside it, and in /health
        info: { title: "A-share market data, analysis and backtesting API (REST + WebSocket)", version: API_VERSION, "x-service-version": deps.version, description: API_DESCRIPTION },
        security: [{ session: [] }],
      }),
      bodyLimitOf,
    );
    return c.json(document);
  });

  app.notFound((c) => c.json({ detail: "Not Found" }, 404));
  app.onError((err, c) => {
    // a JSON body that could not be read, whoever asked for it (a validator reports any failure as a bare 400)
    const bodyIssue = c.get("bodyIssue");
    if (bodyIssue) return c.json(validationBody([bodyIssue]), 422);
    if (clientAborted(err)) {
      // the client went away while its body was being read: nobody to answer, nothing wrong here
      deps.log.debug({ method: c.req.method, path: c.req.path }, "request body cut short by the client");
      return c.json({ detail: "Request body cut short" }, 400, { connection: "close" });
    }
    const known = appErrorResponse(err);
    if (known) return c.json(known.body, known.status, known.headers);
    if (err instanceof HTTPException) {
      if (err.status === 415) {
        const type = c.req.header("content-type") ?? "";
        return c.json(
          validationBody([
            {
              type: "model_attributes_type",
              loc: ["body"],
              msg: `Input should be a JSON object; send Content-Type: application/json (got ${type || "none"})`,
              input: null,
            },
          ]),
          422,
        );
      }
      return c.json({ detail: err.message || "Request failed" }, err.status);
    }
    deps.log.error({ err, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json({ detail: "Internal server error" }, 500);
  });
  return app;
}
