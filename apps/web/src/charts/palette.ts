/**
 * Chart colours, read from the same CSS custom properties the page uses, so a
 * theme is defined once (styles.css) and charts follow a theme switch.
 */
export interface Palette {
  readonly up: string;
  readonly down: string;
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly panel: string;
  readonly accent: string;
  readonly pivot: string;
  readonly series: readonly string[];
}

export function readPalette(el: Element = document.documentElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    up: v("--up"),
    down: v("--down"),
    text: v("--text"),
    muted: v("--text-muted"),
    grid: v("--border"),
    panel: v("--bg-elevated"),
    accent: v("--accent"),
    pivot: v("--pivot"),
    series: [1, 2, 3, 4, 5, 6].map((i) => v(`--series-${i}`)),
  };
}
