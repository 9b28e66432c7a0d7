/**
 * Client-side routes over the History API (the server answers every non-API
 * path with index.html). Each page is its own lazily loaded chunk, so the login
 * screen and the shell never download the chart library.
 */
import { type Component, defineAsyncComponent, shallowRef } from "vue";
import type { MessageKey } from "./messages.ts";
import { matchPath } from "./route-match.ts";

export type NavGroup = "market" | "analysis" | "backtest" | "research" | "system";

export interface RouteDef {
  readonly name: string;
  /** `/symbol/:symbol?`: segments, a trailing `?` marks an optional parameter. */
  readonly path: string;
  readonly label: MessageKey;
  readonly group: NavGroup;
  readonly page: Component;
}

export const ROUTES: readonly RouteDef[] = [
  { name: "market", path: "/", label: "nav.market", group: "market", page: defineAsyncComponent(() => import("../pages/MarketPage.vue")) },
  { name: "symbol", path: "/symbol/:symbol?", label: "nav.symbol", group: "market", page: defineAsyncComponent(() => import("../pages/SymbolPage.vue")) },
  { name: "formula", path: "/formula", label: "nav.formula", group: "analysis", page: defineAsyncComponent(() => import("../pages/FormulaPage.vue")) },
  { name: "backtest", path: "/backtest", label: "nav.backtest", group: "backtest", page: defineAsyncComponent(() => import("../pages/BacktestPage.vue")) },
  { name: "portfolio", path: "/portfolio", label: "nav.portfolio", group: "backtest", page: defineAsyncComponent(() => import("../pages/PortfolioPage.vue")) },
  { name: "tasks", path: "/tasks", label: "nav.tasks", group: "backtest", page: defineAsyncComponent(() => import("../pages/TasksPage.vue")) },
  { name: "compare", path: "/compare", label: "nav.compare", group: "backtest", page: defineAsyncComponent(() => import("../pages/ComparePage.vue")) },
  { name: "strategies", path: "/strategies", label: "nav.strategies", group: "backtest", page: defineAsyncComponent(() => import("../pages/StrategiesPage.vue")) },
  { name: "optimize", path: "/optimize", label: "nav.optimize", group: "research", page: defineAsyncComponent(() => import("../pages/OptimizePage.vue")) },
  { name: "walkforward", path: "/walk-forward", label: "nav.walkforward", group: "research", page: defineAsyncComponent(() => import("../pages/WalkForwardPage.vue")) },
  { name: "evaluate", path: "/evaluate", label: "nav.evaluate", group: "research", page: defineAsyncComponent(() => import("../pages/EvaluatePage.vue")) },
  { name: "multiseed", path: "/multi-seed", label: "nav.multiseed", group: "research", page: defineAsyncComponent(() => import("../pages/MultiSeedPage.vue")) },
  { name: "rotation", path: "/rotation", label: "nav.rotation", group: "research", page: defineAsyncComponent(() => import("../pages/RotationPage.vue")) },
  { name: "servers", path: "/servers", label: "nav.servers", group: "system", page: defineAsyncComponent(() => import("../pages/ServersPage.vue")) },
  { name: "account", path: "/account", label: "nav.account", group: "system", page: defineAsyncComponent(() => import("../pages/AccountPage.vue")) },
];

const NOT_FOUND: RouteDef = {
  name: "not-found",
  path: "",
  label: "notFound.title",
  group: "system",
  page: defineAsyncComponent(() => import("../pages/NotFoundPage.vue")),
};

export interface CurrentRoute {
  readonly def: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

function resolve(): CurrentRoute {
  const hit = matchPath(ROUTES, location.pathname);
  return { def: hit?.def ?? NOT_FOUND, params: hit?.params ?? {}, query: new URLSearchParams(location.search) };
}

export const route = shallowRef<CurrentRoute>(resolve());

addEventListener("popstate", () => {
  route.value = resolve();
});

export function navigate(to: string, replace = false): void {
  if (to === location.pathname + location.search) return;
  history[replace ? "replaceState" : "pushState"](null, "", to);
  route.value = resolve();
  if (!replace) scrollTo(0, 0);
}

/** Address of the symbol page for a security. */
export const symbolPath = (key: string): string => `/symbol/${key}`;
