/**
 * A transport for a command set the chosen quote source does not carry (the mac
 * board commands or the extended market next to a vipdoc directory): every request
 * fails at once as "unavailable", which callers already answer with their fallback
 * (the derived board source) or a clear 503.
 */
import { TdxUnavailableError, type TdxTransport } from "./tdx-transport.ts";

export function absentTransport(what: string): TdxTransport {
  return {
    request: () => Promise.reject(new TdxUnavailableError(`${what} is not available from this quote source`, [])),
    close: () => Promise.resolve(),
  };
}
