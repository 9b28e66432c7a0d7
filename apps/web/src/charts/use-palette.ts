/** The chart palette of the current theme, re-read after every theme switch has reached the DOM. */
import { type Ref, shallowRef, watch } from "vue";
import { theme } from "../app/theme.ts";
import { type Palette, readPalette } from "./palette.ts";

export function usePalette(): Ref<Palette> {
  const palette = shallowRef(readPalette());
  watch(theme, () => (palette.value = readPalette()), { flush: "post" });
  return palette;
}
