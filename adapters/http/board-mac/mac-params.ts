/**
 * Query parameters of the board and mac endpoints, parsed as the original system
 * parses them (names case-insensitive; sort types also as a number, decimal or
 * 0x-hex, when it is a known sort type). Anything else is a 422.
 */
import { z } from "@hono/zod-openapi";
import { EXCLUDE_FLAGS, MAC_SORT_NAMES, MAC_SORT_TYPES, type ExcludeFlag } from "../../tdx/index.ts";
import { qEnum } from "../validation/query.ts";

const SORT_CODES = new Set<number>(Object.values(MAC_SORT_TYPES));

/** A sort type by name (`CHANGE_PCT`) or code (`14`, `0x0e`) → its code. */
export const qSortType = () =>
  z
    .string()
    .transform((v, ctx) => {
      const s = v.trim();
      const named = (MAC_SORT_TYPES as Record<string, number>)[s.toUpperCase()];
      if (named !== undefined) return named;
      const n = /^(0x[0-9a-f]+|\d+)$/i.test(s) ? Number(s) : NaN;
      if (SORT_CODES.has(n)) return n;
      ctx.addIssue({ code: "custom", message: `unknown sort type ${v}: a name such as CHANGE_PCT, VOLUME, TOTAL_AMOUNT, CHANGE_20D, or its code` });
      return z.NEVER;
    })
    .openapi({ type: "string", description: `sort type: ${MAC_SORT_NAMES.join(", ")}, or its code`, example: "CHANGE_PCT" });

export const qSortOrder = () => qEnum(["ASC", "DESC"]);

/** `ST,KC,BJ` → the exclude mask; an unknown flag is a 422. */
export const qExclude = () =>
  z
    .string()
    .transform((s, ctx) => {
      let mask = 0;
      for (const part of s
        .split(",")
        .map((p) => p.trim().toUpperCase())
        .filter(Boolean)) {
        const bit = EXCLUDE_FLAGS[part as ExcludeFlag];
        if (bit === undefined) {
          ctx.addIssue({ code: "custom", message: `unknown exclude flag ${part}; known: ${Object.keys(EXCLUDE_FLAGS).join(", ")}` });
          return z.NEVER;
        }
        mask |= bit;
      }
      return mask;
    })
    .openapi({ type: "string", description: `comma-separated: ${Object.keys(EXCLUDE_FLAGS).join(", ")}`, example: "ST,KC,BJ" });
