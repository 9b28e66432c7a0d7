/**
 * Job payloads and results as text for a queue that stores JSON (BullMQ):
 * what structured clone carries between worker threads must survive the trip,
 * so typed arrays travel as their bytes in base64 (NaN included) and
 * non-finite numbers as tagged strings. Objects shaped like the tags
 * (`{"$typed": …}`, `{"$number": …}`) are reserved.
 */
const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const;

type TypedName = keyof typeof TYPED;

export function encodeJob(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "number" && !Number.isFinite(v)) return { $number: String(v) };
    if (ArrayBuffer.isView(v) && !(v instanceof DataView) && v.constructor.name in TYPED) {
      return { $typed: v.constructor.name, bytes: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
    }
    return v;
  });
}

export function decodeJob<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v === null || typeof v !== "object") return v;
    const o = v as { $number?: string; $typed?: TypedName; bytes?: string };
    if (typeof o.$number === "string") return Number(o.$number);
    if (typeof o.$typed === "string" && typeof o.bytes === "string" && o.$typed in TYPED) {
      const bytes = Buffer.from(o.bytes, "base64");
      const Ctor = TYPED[o.$typed];
      // copied into a fresh buffer: the decoded bytes need not be aligned for the element size
      const out = new Ctor(bytes.length / Ctor.BYTES_PER_ELEMENT);
      new Uint8Array(out.buffer).set(bytes);
      return out;
    }
    return v;
  }) as T;
}
