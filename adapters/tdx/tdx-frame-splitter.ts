/**
 * Cuts a TCP byte stream into whole frames. Sockets deliver arbitrary chunks, so
 * bytes are accumulated until a header and then its full body are present. A header
 * that cannot be valid (wrong magic, disagreeing or impossible lengths, unexpected
 * head byte) is reported at once as a {@link TdxFrameError} rather than waiting for
 * bytes that will never make sense; after that the splitter stays failed, because a
 * stream that lost its framing cannot be resynchronised reliably. `end()` reports a
 * stream that stopped inside a frame.
 *
 * The client uses {@link ResponseSplitter}; the simulator uses {@link RequestSplitter}.
 */
import { TdxFrameError } from "./tdx-errors.ts";
import { commandName } from "./tdx-commands.ts";
import {
  REQUEST_HEAD,
  REQUEST_HEADER_SIZE,
  RESPONSE_HEADER_SIZE,
  inflateBody,
  parseRequestHeader,
  parseResponseHeader,
  type RequestFrame,
  type RequestHeader,
  type ResponseFrame,
  type ResponseHeader,
} from "./tdx-frame.ts";

abstract class Splitter<H, F> {
  private buf = new Uint8Array(4096);
  private start = 0;
  private end_ = 0;
  private failure: TdxFrameError | undefined;
  /** Header of the frame being accumulated, parsed once it is complete. */
  private pending: H | undefined;

  protected abstract readonly headerSize: number;
  protected abstract parseHeader(bytes: Uint8Array, offset: number): H;
  protected abstract bodyLength(header: H): number;
  protected abstract build(header: H, body: Uint8Array): F;
  protected abstract describe(header: H): string;

  /** Bytes received but not yet returned as frames. */
  get buffered(): number {
    return this.end_ - this.start;
  }

  /** Adds a chunk and returns every frame it completes (possibly none). */
  push(chunk: Uint8Array): F[] {
    if (this.failure) throw this.failure;
    this.append(chunk);
    const out: F[] = [];
    try {
      for (;;) {
        const avail = this.end_ - this.start;
        if (this.pending === undefined) {
          if (avail < this.headerSize) break;
          this.pending = this.parseHeader(this.buf, this.start);
        }
        const total = this.headerSize + this.bodyLength(this.pending);
        if (avail < total) break;
        const body = this.buf.slice(this.start + this.headerSize, this.start + total);
        const header = this.pending;
        this.pending = undefined;
        this.start += total;
        out.push(this.build(header, body));
      }
    } catch (e) {
      this.failure = e instanceof TdxFrameError ? e : new TdxFrameError(String(e));
      throw this.failure;
    }
    if (this.start === this.end_) this.start = this.end_ = 0;
    return out;
  }

  /** Call when the peer closed the stream: throws if it stopped inside a frame. */
  end(): void {
    if (this.failure) throw this.failure;
    const avail = this.end_ - this.start;
    if (avail === 0) return;
    if (this.pending === undefined) {
      throw new TdxFrameError(`stream ended inside a frame header: ${avail} of ${this.headerSize} bytes`);
    }
    const total = this.headerSize + this.bodyLength(this.pending);
    throw new TdxFrameError(`stream ended inside ${this.describe(this.pending)}: ${avail} of ${total} bytes`);
  }

  private append(chunk: Uint8Array): void {
    const need = this.end_ + chunk.length;
    if (need > this.buf.length) {
      const live = this.end_ - this.start;
      if (live + chunk.length <= this.buf.length) {
        this.buf.copyWithin(0, this.start, this.end_);
      } else {
        let cap = this.buf.length * 2;
        while (cap < live + chunk.length) cap *= 2;
        const next = new Uint8Array(cap);
        next.set(this.buf.subarray(this.start, this.end_));
        this.buf = next;
      }
      this.start = 0;
      this.end_ = live;
    }
    this.buf.set(chunk, this.end_);
    this.end_ += chunk.length;
  }
}

/** Splits a server's reply stream into frames with inflated bodies. */
export class ResponseSplitter extends Splitter<ResponseHeader, ResponseFrame> {
  protected readonly headerSize = RESPONSE_HEADER_SIZE;

  protected parseHeader(bytes: Uint8Array, offset: number): ResponseHeader {
    return parseResponseHeader(bytes, offset);
  }

  protected bodyLength(h: ResponseHeader): number {
    return h.zipSize;
  }

  protected build(header: ResponseHeader, body: Uint8Array): ResponseFrame {
    return { header, body: inflateBody(header, body) };
  }

  protected describe(h: ResponseHeader): string {
    return `a ${commandName(h.cmd)} reply`;
  }
}

export interface RequestSplitterOptions {
  /** Largest payload accepted; anything longer is treated as garbage. Default 4096. */
  readonly maxPayload?: number;
  /** Accepted first bytes of a request. Default `[0x0c]` (the standard server). */
  readonly heads?: readonly number[];
}

/** Splits a client's request stream into frames (the simulator's side). */
export class RequestSplitter extends Splitter<RequestHeader, RequestFrame> {
  protected readonly headerSize = REQUEST_HEADER_SIZE;
  private readonly maxPayload: number;
  private readonly heads: readonly number[];

  constructor(opts: RequestSplitterOptions = {}) {
    super();
    this.maxPayload = opts.maxPayload ?? 4096;
    this.heads = opts.heads ?? [REQUEST_HEAD];
  }

  protected parseHeader(bytes: Uint8Array, offset: number): RequestHeader {
    const head = bytes[offset]!;
    if (!this.heads.includes(head)) {
      throw new TdxFrameError(`corrupt request header: first byte 0x${head.toString(16).padStart(2, "0")}`);
    }
    const h = parseRequestHeader(bytes, offset);
    if (h.payloadLength > this.maxPayload) {
      throw new TdxFrameError(`corrupt ${commandName(h.cmd)} request header: payload length ${h.payloadLength} exceeds ${this.maxPayload}`);
    }
    return h;
  }

  protected bodyLength(h: RequestHeader): number {
    return h.payloadLength;
  }

  protected build(header: RequestHeader, payload: Uint8Array): RequestFrame {
    return { header, payload };
  }

  protected describe(h: RequestHeader): string {
    return `a ${commandName(h.cmd)} request`;
  }
}
