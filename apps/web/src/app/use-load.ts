/**
 * A page's remote data: the latest answer, the latest error, a loading flag.
 * Starting a new load aborts the one in flight (so a fast symbol switch never
 * shows the previous symbol's answer), and leaving the page aborts it too.
 */
import { getCurrentInstance, onBeforeUnmount, type Ref, ref, shallowRef } from "vue";

export interface Load<T> {
  readonly data: Ref<T | null>;
  readonly error: Ref<unknown>;
  readonly loading: Ref<boolean>;
  run(): Promise<void>;
}

export function useLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>): Load<T> {
  const data = shallowRef<T | null>(null) as Ref<T | null>;
  const error = shallowRef<unknown>(null);
  const loading = ref(false);
  let current: AbortController | null = null;

  async function run(): Promise<void> {
    current?.abort();
    const ctl = new AbortController();
    current = ctl;
    loading.value = true;
    try {
      const value = await fetcher(ctl.signal);
      if (ctl.signal.aborted) return;
      data.value = value;
      error.value = null;
    } catch (e) {
      if (ctl.signal.aborted) return;
      error.value = e;
    } finally {
      if (current === ctl) {
        loading.value = false;
        current = null;
      }
    }
  }

  if (getCurrentInstance()) onBeforeUnmount(() => current?.abort());
  return { data, error, loading, run };
}
