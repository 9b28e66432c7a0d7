/**
 * Nesting depth of JSON text, measured before parsing. Schema checks, the 422
 * echo of the input and the strategy store all walk a parsed body recursively,
 * so a body nested thousands deep overflowed the stack (issue 15); no request
 * schema nests more than a few levels, so a body past {@link MAX_JSON_DEPTH} is
 * refused before it is parsed. One pass, no recursion, strings skipped.
 */

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/** True when `text` opens more than `max` arrays or objects inside one another. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
