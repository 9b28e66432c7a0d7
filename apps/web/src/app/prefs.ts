/**
 * Settings the browser remembers (language, theme, chart choices): a Vue ref
 * mirrored to localStorage, falling back to its default when storage is
 * unavailable or holds something this version does not accept.
 */
import { type Ref, ref, watch } from "vue";

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function persisted<T>(key: string, fallback: T, accept: (v: unknown) => v is T): Ref<T> {
  const stored = read(key);
  const r = ref(accept(stored) ? stored : fallback) as Ref<T>;
  watch(
    r,
    (v) => {
      try {
        localStorage.setItem(key, JSON.stringify(v));
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
      }
    },
    { deep: true },
  );
  return r;
}

export const oneOf =
  <T extends string>(...options: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === "string" && (options as readonly string[]).includes(v);

export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
