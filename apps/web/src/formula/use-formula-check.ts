/**
 * A formula checked as it is typed: debounced, the check in flight aborted by
 * the next, its errors and warnings as editor marks. The server checks the
 * formula again on submit and names any error, so a failed check is silent.
 */
import { computed, getCurrentInstance, onBeforeUnmount, type Ref, ref, watch } from "vue";
import { formulaValidate } from "../api/endpoints.ts";
import type { FormulaValidation } from "../api/types.ts";
import type { Diagnostic } from "./diagnostic-marks.ts";
import { diagnosticsOf } from "./formula-texts.ts";

const DELAY_MS = 250;

export function useFormulaCheck(text: () => string): { check: Ref<FormulaValidation | null>; diagnostics: Readonly<Ref<Diagnostic[]>> } {
  const check = ref<FormulaValidation | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ctl: AbortController | null = null;
  watch(
    text,
    (value) => {
      clearTimeout(timer);
      if (value.trim() === "") {
        check.value = null;
        return;
      }
      timer = setTimeout(async () => {
        ctl?.abort();
        ctl = new AbortController();
        try {
          check.value = await formulaValidate(value, {}, { signal: ctl.signal });
        } catch {
          // Named by the server on submit.
        }
      }, DELAY_MS);
    },
    { immediate: true },
  );
  if (getCurrentInstance())
    onBeforeUnmount(() => {
      clearTimeout(timer);
      ctl?.abort();
    });
  const diagnostics = computed<Diagnostic[]>(() => diagnosticsOf(check.value));
  return { check, diagnostics };
}
