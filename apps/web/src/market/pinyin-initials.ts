/**
 * Pinyin initials of a security name, as TDX's keyboard wizard matches them
 * ("PFYH" is 浦发银行): pinyin-pro, offline, reads whole words so polyphonic
 * characters take their reading in context (银行 is yin-hang, 长江 chang-jiang,
 * 重庆 chong-qing). Letters and digits in a name stay as they are (万科A is
 * WKA); other marks (*ST's star) are dropped. Loaded with the search box's
 * first letter query, not with the shell: the dictionary is large.
 */
import { pinyin } from "pinyin-pro";

const memo = new Map<string, string>();

export function initialsOf(name: string): string {
  let out = memo.get(name);
  if (out === undefined) {
    out = pinyin(name, { pattern: "first", toneType: "none", type: "array" })
      .join("")
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "");
    memo.set(name, out);
  }
  return out;
}
