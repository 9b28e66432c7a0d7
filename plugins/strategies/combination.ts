/**
 * The combination strategy (`combination`): several registered strategies, each
 * with its own parameters, whose signals are combined by `mode` AND / MAJORITY / OR
 * exactly as easy_tdx's CombinationRunner combines factors (the rule is in
 * core/backtest/combine-signals.ts: each member read through its own position;
 * AND all members, OR any, MAJORITY strictly more than half — two members need
 * both, four need three; a bar with both combined signals buys when flat, sells
 * when held).
 *
 * Parameters are flat, so a combination goes everywhere a strategy's params go
 * (a request's `params`, an optimisation grid, the strategy library, the CLI's
 * `--params`): `members` is a comma-separated list of strategy ids (2 to
 * {@link MAX_MEMBERS}, each at most once, in the order given), and a member's
 * parameter is addressed as `<member>.<param>`, e.g. `{"members": "ma_cross,macd",
 * "mode": "AND", "ma_cross.fast": 10}`; a grid may search `"ma_cross.fast": [5, 10]`.
 * Parameters not given take the member's defaults, and the member's own rules
 * (bounds, fast < slow) apply, reported at the dotted name. A combination is
 * not a member of another (nesting depth 1): one level already expresses every
 * AND/OR/MAJORITY of plain strategies easy_tdx's runner builds. A member whose
 * schema is not an object (some user plugins) runs on its defaults; a formula
 * member's own numeric parameters are written in its text.
 *
 * It is built over the registry's other strategies when the plugins load
 * (plugins/index.ts), since its members are whatever is registered.
 */
import { z } from "zod";
import { COMBINATION_MODES, combineSignals, COMBINATION_ID, MAX_MEMBERS, MIN_MEMBERS, memberIds } from "../../core/backtest/index.ts";
import type { StrategyParams, StrategyPlugin } from "../../ports/plugins.ts";
import { memoized } from "./strategy-kit.ts";

/** The rule in one paragraph, for the API's descriptions. */
export const COMBINATION_RULE = `Combination (easy_tdx's CombinationRunner): each member's signals are read through its own position (a buy counts while it is flat, a sell while it holds); entries and exits then combine bar by bar: AND when every member fires, OR when any does, MAJORITY when strictly more than half do (2 of 2, 2 of 3, 3 of 4); a bar with both a combined buy and sell buys when flat and sells when held.`;

type Shape = Record<string, z.ZodType>;

const shapeOf = (plugin: StrategyPlugin<any>): Shape => (plugin.params as unknown as { shape?: Shape }).shape ?? {};

/** A member's field as an optional combination field: its bounds and label, without its default (absent = the member's default). */
function optionalField(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  const bare = def.type === "default" && def.innerType ? def.innerType : field;
  return bare.optional().meta(field.meta() ?? {});
}

/** The parameters of member `id` taken from the flat params (`id.x` → `x`). */
export function memberParams(params: Record<string, unknown>, id: string): StrategyParams {
  const prefix = `${id}.`;
  return Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : []))) as StrategyParams;
}

export function combinationStrategy(strategies: readonly StrategyPlugin<any>[]): StrategyPlugin<any> {
  const byId = new Map(strategies.filter((s) => s.id !== COMBINATION_ID).map((s) => [s.id, s]));
  const memberFields: Shape = {};
  for (const [id, plugin] of byId) for (const [name, field] of Object.entries(shapeOf(plugin))) memberFields[`${id}.${name}`] = optionalField(field);
  const defaults = [...byId.keys()].slice(0, MIN_MEMBERS).join(",");
  const modes = COMBINATION_MODES.join(" / ");

  const params = z
    .object({
      mode: z
        .enum(COMBINATION_MODES)
        .default("MAJORITY")
        .meta({ title: "合并模式", title_en: "Combination mode", description: `${modes}: all members, more than half (2 of 2, 2 of 3, 3 of 4), or any member (easy_tdx's default MAJORITY)` }),
      members: z
        .string()
        .max(1000)
        .default(defaults)
        .meta({ title: "成员策略", title_en: "Member strategies", description: `comma-separated strategy ids, ${MIN_MEMBERS}–${MAX_MEMBERS} distinct; a member's parameter is "<id>.<param>"` }),
      ...memberFields,
    })
    .strict()
    .superRefine((p, ctx) => {
      const ids = memberIds(p.members);
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (ids.length < MIN_MEMBERS || ids.length > MAX_MEMBERS) {
        // one issue, not one per id of an overlong list
        issue("members", `a combination has ${MIN_MEMBERS} to ${MAX_MEMBERS} members (got ${ids.length})`);
        return;
      }
      if (new Set(ids).size !== ids.length) issue("members", "a member is listed twice");
      for (const id of ids) {
        if (id === COMBINATION_ID) issue("members", "a combination cannot be a member of a combination (nesting depth is 1)");
        else if (!byId.has(id)) issue("members", `unknown strategy ${id}; choose among: ${[...byId.keys()].join(", ")}`);
      }
      // a strategy id may itself hold dots (user plugins): a key belongs to the member it starts with
      for (const key of Object.keys(p)) {
        if (key.includes(".") && !ids.some((id) => key.startsWith(`${id}.`))) issue(key, `${key.slice(0, key.lastIndexOf("."))} is not a member of this combination`);
      }
      // each member's own rules over its parameters: the fields above checked types and bounds; this adds its refinements (fast < slow)
      for (const id of ids) {
        const r = byId.get(id)?.params.safeParse(memberParams(p, id));
        if (r && !r.success) {
          for (const i of r.error.issues) if (i.code === "custom") ctx.addIssue({ ...i, path: [i.path.length ? `${id}.${String(i.path[0])}` : "members", ...i.path.slice(1)] });
        }
      }
    });

  return {
    kind: "strategy",
    id: COMBINATION_ID,
    order: 100,
    title: "多策略信号组合",
    titleEn: "Signal combination",
    descriptionZh: `多策略信号组合：每个成员按自己的持仓读取信号（空仓时的买入、持仓时的卖出才算数），再逐根K线合并：AND 全部成员同时发出，OR 任一成员发出，MAJORITY 超过半数发出（2 个中 2 个、3 个中 2 个、4 个中 3 个）；同一根K线同时有合并买入与卖出时，空仓则买、持仓则卖。成员是 ${MIN_MEMBERS}–${MAX_MEMBERS} 个其他策略（不能含组合本身），各带自己的参数（写作“策略.参数”）。`,
    description: `${COMBINATION_RULE} Members are "members" (comma-separated ids, ${MIN_MEMBERS}–${MAX_MEMBERS}, no combination among them); a member's parameter is "<id>.<param>", e.g. "ma_cross.fast".`,
    params,
    // no preset grid: optimize-all and run-all leave it out (run-all builds its own combinations)
    defaultGrid: {},
    signals(s, p, memo) {
      const members = memberIds(p.members).map((id) => {
        const plugin = byId.get(id)!;
        const own = plugin.params.parse(memberParams(p, id));
        // members shared by many combinations on one series (run-all) are computed once
        return memoized(memo, `strategy(${id},${JSON.stringify(own)})`, () => plugin.signals(s, own, memo));
      });
      return combineSignals(members, p.mode);
    },
  };
}
