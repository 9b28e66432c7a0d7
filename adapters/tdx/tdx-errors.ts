/**
 * Errors of the TDX wire layer. Two kinds, because callers react differently:
 * a broken byte stream (bad magic, impossible length, connection closed mid-frame)
 * means the connection is unusable and must be dropped, while a body that does
 * not match its command's layout only spoils that one reply.
 * Either is an unreadable reply from the quote server to the application.
 */
import { UpstreamError } from "../../core/app/app-errors.ts";

/** The byte stream itself is corrupt or ended mid-frame: drop the connection. */
export class TdxFrameError extends UpstreamError {
  override readonly name = "TdxFrameError";
  constructor(message: string) {
    super("Quote server", "unreadable", message);
  }
}

/** A request payload or reply body does not match its command's layout. */
export class TdxDecodeError extends UpstreamError {
  override readonly name = "TdxDecodeError";
  constructor(message: string) {
    super("Quote server", "unreadable", message);
  }
}
