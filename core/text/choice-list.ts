/**
 * pydantic v2's wording for the allowed values in a validation message ("Input
 * should be 'a', 'b' or 'c'"): strings in single quotes, other values as JSON,
 * the last one joined with "or". The backtest settings' validator
 * (core/backtest/config.ts) and the HTTP layer's FastAPI-shaped errors both say
 * it, so clients of the original service read the same text from either.
 */
export function choiceList(values: readonly unknown[]): string {
  const q = values.map((v) => (typeof v === "string" ? `'${v}'` : JSON.stringify(v)));
  const last = q.pop();
  return q.length === 0 ? (last ?? "") : `${q.join(", ")} or ${last}`;
}
