/**
 * The MCP tools `tdx-forge mcp` offers an agent: quotes, bars, indicators,
 * formula validate/compute, chan, backtest and screen. Each tool is one route
 * of the service; its input JSON Schema is that route's request schema taken
 * from the service's OpenAPI document, which the routes generate from their zod
 * schemas, so the tool accepts exactly what the route validates (and a refused
 * call comes back as the route's 422 in one line). Long work (backtest,
 * screen) runs as the service's background task and answers its result.
 */
import type { GetPath, PostPath, Query, ServiceApi } from "./cli-api.ts";
import type { CliIo } from "./cli-command.ts";
import { runTask } from "./cli-tasks.ts";

export type ToolRoute = ToolInfo & ({ readonly method: "get"; readonly path: GetPath } | { readonly method: "post"; readonly path: PostPath });

interface ToolInfo {
  readonly name: string;
  readonly description: string;
  /** Runs as a background task (`.../run/async`), answering its result. */
  readonly task?: boolean;
  /** Cuts a large result down to what an agent reads. */
  readonly shape?: (result: any) => unknown;
}

export const TOOL_ROUTES: readonly ToolRoute[] = [
  { name: "get_quotes", description: "Five-level real-time quotes of up to 80 A-share securities.", method: "post", path: "/api/v1/quotes" },
  { name: "get_bars", description: "K-line bars of a security (daily to 1-minute), adjusted QFQ/HFQ/NONE, with change fields.", method: "get", path: "/api/v1/bars" },
  { name: "list_indicators", description: "The built-in technical indicators, their parameters and output columns.", method: "get", path: "/api/v1/indicator/list" },
  { name: "compute_indicators", description: "Compute indicators (MACD, KDJ, RSI ...) over OHLCV rows (e.g. the data of get_bars).", method: "post", path: "/api/v1/indicator/compute" },
  { name: "validate_formula", description: "Check a TDX formula: errors with line/column, outputs, signals, future functions.", method: "post", path: "/api/v1/formula/validate" },
  { name: "compute_formula", description: "Run a TDX formula on a security's bars or on inline OHLCV rows; the latest rows of every output.", method: "post", path: "/api/v1/formula/compute" },
  { name: "analyze_chan", description: "Chan-theory structure of a security: strokes, segments, pivots, buy/sell points, divergences.", method: "post", path: "/api/v1/chanlun/analyze" },
  { name: "list_strategies", description: "The preset backtest strategies with their parameter schemas.", method: "get", path: "/api/v1/backtest/strategies" },
  {
    name: "backtest",
    description: 'Backtest a preset strategy on a security (symbol "SZ:000001") under A-share rules; answers the performance and the trades.',
    method: "post",
    path: "/api/v1/backtest/run/async",
    task: true,
    shape: (r: { performance: unknown; trades: unknown[]; config: unknown }) => ({ performance: r.performance, trades: r.trades, config: r.config }),
  },
  {
    name: "screen",
    description: "Screen securities with a TDX formula's signal column (the universe or given symbols); answers the matches.",
    method: "post",
    path: "/api/v1/formula/screen/run/async",
    task: true,
  },
];

type Schema = Record<string, unknown>;

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** `schema` with every `#/components/schemas/...` reference replaced by its target. */
function inline(schema: unknown, components: Record<string, Schema>, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, seen));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref?.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    if (seen.includes(name)) return {};
    return inline(components[name], components, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, seen)]));
}

/** The tool's input schema: the route's JSON body, or an object of its query parameters. */
export function inputSchema(doc: OpenApi, route: ToolRoute): Schema {
  const op = doc.paths[route.path]?.[route.method];
  if (!op) throw new Error(`the service has no ${route.method.toUpperCase()} ${route.path}`);
  const components = doc.components?.schemas ?? {};
  const body = op.requestBody?.content["application/json"]?.schema;
  if (body) {
    const s = inline(body, components) as Schema;
    return s.type === "object" ? s : { type: "object", allOf: [s] };
  }
  const params = (op.parameters ?? []).filter((p) => p.in === "query");
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, { ...(inline(p.schema, components) as Schema), ...(p.description ? { description: p.description } : {}) }])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** One tool call: the route's answer (a task's result for long work). */
export async function callTool(api: ServiceApi, route: ToolRoute, args: Record<string, unknown>, io: CliIo): Promise<unknown> {
  if (route.method === "post" && route.task) {
    const result = await runTask(api, route.path, args, io);
    return route.shape ? route.shape(result) : result;
  }
  return route.method === "get" ? api.get(route.path, args as Query) : api.post(route.path, args);
}
