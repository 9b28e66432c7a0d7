/** Dark or light, remembered; the first visit follows the system preference. */
import { watchEffect } from "vue";
import { oneOf, persisted } from "./prefs.ts";

export type Theme = "dark" | "light";

const systemTheme = (): Theme => (globalThis.matchMedia?.("(prefers-color-scheme: light)").matches ? "light" : "dark");

export const theme = persisted<Theme>("tf.theme", systemTheme(), oneOf("dark", "light"));

export function toggleTheme(): void {
  theme.value = theme.value === "dark" ? "light" : "dark";
}

/** Keeps `<html data-theme>` (read by styles.css) in step with the choice. */
export function applyTheme(): void {
  watchEffect(() => {
    document.documentElement.dataset.theme = theme.value;
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme.value === "dark" ? "#0f1117" : "#ffffff");
  });
}
