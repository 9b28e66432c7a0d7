/**
 * Texts built from a template with `{name}` placeholders, and the way back:
 * which template of a table a text was built from, and with what values. The
 * service keeps sending the texts easy_tdx clients read (task descriptions,
 * progress messages); the web app recovers code and values from the same
 * table and shows them in its own language, so both sides read one source.
 */
export type TemplateParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `template` with each `{name}` replaced by `params[name]` (left as is when missing). */
export function fillTemplate(template: string, params: TemplateParams): string {
  return template.replace(PLACEHOLDER, (m, name: string) => (name in params ? String(params[name]) : m));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The values `text` was filled with from `template`, or null when it was not built from it. */
export function matchTemplate(template: string, text: string): Record<string, string> | null {
  const names: string[] = [];
  const source = template
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), "(.+?)") : escape(part)))
    .join("");
  const m = new RegExp(`^${source}$`, "s").exec(text);
  return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) : null;
}

/** The first template of `table` that `text` was built from, with its values. */
export function matchTable<K extends string>(table: Readonly<Record<K, string>>, text: string): { code: K; params: Record<string, string> } | null {
  for (const code of Object.keys(table) as K[]) {
    const params = matchTemplate(table[code], text);
    if (params) return { code, params };
  }
  return null;
}
