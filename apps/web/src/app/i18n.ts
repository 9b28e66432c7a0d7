/**
 * Chinese or English labels, remembered; the first visit follows the browser's
 * language. `t` reads the reactive locale, so templates re-render on a switch.
 */
import { watchEffect } from "vue";
import { en, type MessageKey, zh } from "./messages.ts";
import { oneOf, persisted } from "./prefs.ts";

export type Locale = "zh" | "en";

const browserLocale = (): Locale => (globalThis.navigator?.language?.toLowerCase().startsWith("zh") ? "zh" : "en");

export const locale = persisted<Locale>("tf.locale", browserLocale(), oneOf("zh", "en"));

const TABLES: Record<Locale, Record<MessageKey, string>> = { zh, en };

/** The label for `key`, with `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = TABLES[locale.value][key];
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

export function toggleLocale(): void {
  locale.value = locale.value === "zh" ? "en" : "zh";
}

/** Keeps `<html lang>` and the document title in step with the choice. */
export function applyLocale(): void {
  watchEffect(() => {
    document.documentElement.lang = locale.value === "zh" ? "zh-CN" : "en";
  });
}

/** The label for a key built at run time (a server-side name), or `fallback` when there is none. */
export function tOr(key: string, fallback: string): string {
  return key in en ? t(key as MessageKey) : fallback;
}

/**
 * Hover help for a key built at run time: the catalogue's wording, else (for
 * what the server has and the catalogue does not yet) the server's English
 * description in English and nothing in Chinese.
 */
export function hintOr(key: string, english: string | undefined): string {
  return key in en ? t(key as MessageKey) : locale.value === "en" ? (english ?? "") : "";
}
