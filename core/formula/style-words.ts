/**
 * Display modifiers that may follow an expression (`, COLORRED, LINETHICK2`).
 * Computation ignores them; a chart draws those draw-style.ts reads. Words that only look like styles
 * (a newer TDX version's keyword) are accepted with a warning, because users
 * paste such formulas; anything else after a comma is an error.
 */
const KNOWN = new Set([
  "COLORRED",
  "COLORGREEN",
  "COLORBLUE",
  "COLORYELLOW",
  "COLORWHITE",
  "COLORBLACK",
  "COLORGRAY",
  "COLORMAGENTA",
  "COLORCYAN",
  "COLORBROWN",
  "COLORLIRED",
  "COLORLIGREEN",
  "COLORLIBLUE",
  "COLORLIGRAY",
  "COLORLICYAN",
  "COLORLIMAGENTA",
  "DOTLINE",
  "DASHLINE",
  "POINTDOT",
  "CROSSDOT",
  "CIRCLEDOT",
  "STICK",
  "COLORSTICK",
  "VOLSTICK",
  "LINESTICK",
  "NODRAW",
  "NOTEXT",
  "NOTITLE",
  "DRAWABOVE",
  "DRAWBELOW",
  "DRAWCENTER",
  "ALIGN0",
  "ALIGN1",
  "ALIGN2",
  "VALIGN0",
  "VALIGN1",
  "VALIGN2",
  "STEPLINE",
  "SINGLELINE",
  "LINEAREA",
  "LINEOVERLAY",
  "UPDOWNDOT",
  "NOFRAME",
]);
const PATTERNS = [/^COLOR[0-9A-F]{6}$/, /^LINETHICK[0-9]$/, /^FONTSIZE[0-9]{1,3}$/, /^PRECIS[0-9]$/, /^LAYER[0-9]$/];
const STYLE_LIKE = /^(COLOR|LINE|DRAW|ALIGN|VALIGN|FONT|PRECIS|LAYER|NOT|NO)/;

export type StyleWordClass = "known" | "style-like" | "unknown";

export function classifyStyleWord(name: string): StyleWordClass {
  const u = name.toUpperCase();
  if (KNOWN.has(u) || PATTERNS.some((p) => p.test(u))) return "known";
  return STYLE_LIKE.test(u) ? "style-like" : "unknown";
}
