import { TdxUnavailableError } from "../tdx-transport.ts";

/**
 * The mac command set cannot answer: no mac host is reachable, or the host
 * replied with an empty body (a server that does not speak it). Callers fall
 * back to derived data where the data allows; otherwise it is a 503.
 */
export class MacUnavailableError extends TdxUnavailableError {
  constructor(message: string, tried: readonly string[] = []) {
    super(message, tried);
    this.name = "MacUnavailableError";
  }
}
