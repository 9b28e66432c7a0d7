/**
 * Number display for traders: fixed decimals for prices, signed percentages,
 * and large volumes in 万/亿 (Chinese) or K/M/B (English). Missing values show
 * as a dash, never as NaN.
 */
import type { Locale } from "../app/i18n.ts";

const DASH = "–";

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export function fixed(v: unknown, decimals = 2): string {
  return finite(v) ? v.toFixed(decimals) : DASH;
}

/** `+1.23%` from a value already in percent. */
export function pct(v: unknown, decimals = 2): string {
  if (!finite(v)) return DASH;
  return `${v > 0 ? "+" : ""}${v.toFixed(decimals)}%`;
}

/** `4.63%` from a fraction (0.0463), for shares and ratios that have no direction. */
export const share = (v: unknown, decimals = 2): string => (finite(v) ? `${(v * 100).toFixed(decimals)}%` : DASH);

/** `+4.63%` from a fraction (0.0463). */
export const fractionPct = (v: unknown, decimals = 2): string => (finite(v) ? pct(v * 100, decimals) : DASH);

export function signed(v: unknown, decimals = 2): string {
  if (!finite(v)) return DASH;
  return `${v > 0 ? "+" : ""}${v.toFixed(decimals)}`;
}

/** Compact magnitude: 1.23亿 / 4,567万 in Chinese, 123.4M / 4.6K in English. */
export function compact(v: unknown, locale: Locale): string {
  if (!finite(v)) return DASH;
  const a = Math.abs(v);
  const units: readonly (readonly [number, string])[] =
    locale === "zh"
      ? [
          [1e12, "万亿"],
          [1e8, "亿"],
          [1e4, "万"],
        ]
      : [
          [1e12, "T"],
          [1e9, "B"],
          [1e6, "M"],
          [1e3, "K"],
        ];
  for (const [size, unit] of units) if (a >= size) return `${(v / size).toFixed(a / size >= 100 ? 0 : 2)}${unit}`;
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** An axis tick without the zeros a compact number pads its decimals with ("50.00万" → "50万", "1.50M" → "1.5M"), so one axis reads 50万, 100万, 150万. */
export const tick = (text: string): string => text.replace(/(\.\d*?)0+(?=\D*$)/, "$1").replace(/\.(?=\D*$)/, "");

/** `up` / `down` / `flat` for colouring (red up, green down: the A-share convention). */
export function trend(v: unknown): "up" | "down" | "flat" {
  if (!finite(v) || v === 0) return "flat";
  return v > 0 ? "up" : "down";
}
