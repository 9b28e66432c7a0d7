/**
 * Terminal display width of text (Unicode UAX #11, East Asian Width): wide and
 * fullwidth characters (CJK ideographs, kana, Hangul, fullwidth forms) take two
 * columns, combining marks none, the rest one — so tables of Chinese names line up.
 */

/** Ranges of East Asian Wide (W) and Fullwidth (F) code points (UAX #11, abridged to the blocks text uses). */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo initials
  [0x2e80, 0x303e], // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun, CJK strokes, enclosed, compatibility
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xff60], // Fullwidth forms
  [0xffe0, 0xffe6], // Fullwidth signs
  [0x1f300, 0x1f64f], // pictographs, emoticons
  [0x20000, 0x3fffd], // CJK extensions B and beyond
];

const COMBINING = /\p{Mn}|\p{Me}|\u200b|\u200d|\ufe0f/u;

function isWide(cp: number): boolean {
  for (const [lo, hi] of WIDE) if (cp >= lo && cp <= hi) return true;
  return false;
}

/** Columns `text` occupies in a monospace terminal. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    if (COMBINING.test(ch)) continue;
    w += isWide(ch.codePointAt(0)!) ? 2 : 1;
  }
  return w;
}

/** `text` padded with spaces to `width` columns, on the right (`left`) or the left (`right`). */
export function pad(text: string, width: number, align: "left" | "right"): string {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return align === "left" ? text + fill : fill + text;
}
