/**
 * The list a security page was opened from (a market table, the index cards),
 * so PageUp/PageDown step to the previous/next security of that list as in
 * TDX. Without one (an address typed in, the search box) the loaded security
 * list is used.
 */
import { isStringArray, persisted } from "../app/prefs.ts";
import { navigate, symbolPath } from "../app/router.ts";

export const browseList = persisted<string[]>("tf.browseList", [], isStringArray);

/** Opens `key` remembering `list` (symbol keys such as "SH600000") for PageUp/PageDown. */
export function openFromList(key: string, list: readonly string[]): void {
  browseList.value = [...list];
  navigate(symbolPath(key));
}
