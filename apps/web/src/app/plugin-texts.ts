/**
 * Strategy and indicator names, descriptions and parameter labels in the
 * chosen language. The server sends both languages (strategies: `label` and
 * `description_zh` in Chinese, `label_en` and `description` in English;
 * parameters `label`/`label_en`; indicators `title`/`title_en`), so a switch
 * needs no new request.
 */
import { locale } from "./i18n.ts";

interface Named {
  readonly name: string;
  readonly label: string;
  readonly label_en?: string;
}

export const strategyName = (s: Named): string => (locale.value === "en" ? (s.label_en ?? s.name) : s.label);

export const strategyDescription = (s: { readonly description: string; readonly description_zh?: string }): string => (locale.value === "en" ? s.description : (s.description_zh ?? s.description));

export const paramLabel = (p: Named): string => (locale.value === "en" ? (p.label_en ?? p.name) : p.label);

/** A parameter's hover help: its description in English (the plugins write it in English only), its bounds in either language. */
export function paramHint(p: { readonly description?: string | null; readonly min_value?: number | null; readonly max_value?: number | null }): string {
  const bounds = [p.min_value != null ? `≥ ${p.min_value}` : "", p.max_value != null ? `≤ ${p.max_value}` : ""].filter(Boolean).join(", ");
  return (locale.value === "en" && p.description) || bounds;
}

export const indicatorTitle = (i: { readonly id: string; readonly title: string; readonly title_en?: string }): string => (locale.value === "en" ? i.title_en : i.title) || i.id;
