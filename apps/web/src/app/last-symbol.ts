/** The security last opened on the symbol page, so the navigation returns to it. */
import { persisted } from "./prefs.ts";

export const lastSymbol = persisted<string>("tf.lastSymbol", "SH000001", (v): v is string => typeof v === "string" && /^(SH|SZ|BJ)\d{6}$/.test(v));
