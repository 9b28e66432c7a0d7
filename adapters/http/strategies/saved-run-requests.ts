/**
 * A saved strategy read as its kind's backtest request body
 * (saved-holdings-service.ts): the same zod schemas as `POST /backtest/*`, so a
 * record another client wrote badly is refused with every field's reason. A
 * single run's start date is read on its own, as the library saves it beside
 * the request's fields.
 */
import type { z } from "@hono/zod-openapi";
import type { Json, SavedRun, SavedRunReader } from "../../../core/app/strategies/saved-holdings-service.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import { backtestRequestSchemas, Ymd } from "../backtest/backtest-requests.ts";

function read<S extends z.ZodType>(schema: S, body: Json): SavedRun<z.output<S>> {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, why: r.error.issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`).join("; ") };
}

export function savedRunReader(registry: PluginRegistry): SavedRunReader {
  const schemas = backtestRequestSchemas(registry);
  return {
    single(body) {
      const run = read(schemas.BacktestRequest, body);
      if (!run.ok) return run;
      const start = Ymd.safeParse(body.start_date);
      return { ok: true, value: { ...run.value, start_date: start.success ? start.data : null } };
    },
    portfolio: (body) => read(schemas.PortfolioBacktestRequest, body),
    multi: (body) => read(schemas.MultiStrategyBacktestRequest, body),
  };
}
