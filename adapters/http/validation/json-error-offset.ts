/**
 * Where a body stops being JSON (RFC 8259): the character offset a 422
 * `json_invalid` item gives after "body" in its `loc`, as FastAPI's parser
 * reports it ('{"stocks":[x]}' → 11, a body cut short → its length). V8 says
 * "at position N" for some errors only ("Unexpected token 'x', ... is not
 * valid JSON" has none), so the offset is found here by reading the text
 * again. Only called for a text JSON.parse refused, no deeper than the body
 * depth limit (json-depth.ts), so the recursion is bounded.
 */

/** Thrown at the first character that cannot continue the text. */
class Stop {
  constructor(readonly at: number) {}
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** The offset of the first character where `text` cannot be JSON (its length when it ends too soon); -1 when it is JSON. */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const space = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) fail();
    i++;
  };
  const digits = () => {
    if (!isDigit(text[i])) fail();
    while (isDigit(text[i])) i++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c !== 0x5c) {
        i++;
        continue;
      }
      i++;
      if (text[i] === "u") {
        i++;
        for (let k = 0; k < 4; k++, i++) if (!isHex(text[i])) fail();
      } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
      else fail();
    }
  };
  const number = () => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits();
    if (text[i] === ".") {
      i++;
      digits();
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits();
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      space();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        expect(":");
        value();
        space();
        if (text[i] !== ",") return expect("}");
        i++;
      }
    }
    if (c === "[") {
      i++;
      space();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] !== ",") return expect("]");
        i++;
      }
    }
    if (c === '"') return string();
    if (c === "-" || isDigit(c)) return number();
    for (const word of ["true", "false", "null"]) {
      if (c === word[0]) {
        for (const ch of word) expect(ch);
        return;
      }
    }
    fail();
  };
  try {
    value();
    space();
    if (i < n) fail();
    return -1;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}
