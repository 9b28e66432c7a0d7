/**
 * How much one call of the quote port (ports/quote-source.ts) answers: the TDX
 * protocol's own request limits, which every quote source keeps, so the use
 * cases page by them whatever source is wired.
 */

/** Securities per `quotes` call. */
export const MAX_QUOTES_PER_REQUEST = 80;

/** Ticks per `transactions` page. */
export const MAX_TRANSACTIONS_PER_REQUEST = 2000;
