/**
 * How a combination strategy names its members (plugins/strategies/combination.ts
 * has the rule): its id, a comma-separated `members` list of 2 to 8 strategy ids,
 * and reading that list back. Run-all (core/app/research) builds combinations
 * with the same words.
 */

export const COMBINATION_ID = "combination";

export const MIN_MEMBERS = 2;
export const MAX_MEMBERS = 8;

/** The member ids of a `members` value, in order (blanks dropped). */
export const memberIds = (members: string): string[] =>
  members
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
