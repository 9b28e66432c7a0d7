/**
 * An API failure in the chosen language. A formula's 422 items carry the
 * diagnostic's code and values (said by formula-texts.ts); every other failure
 * is said by its status, the code the service gives each kind of error
 * (adapters/http/DECISIONS.md "Errors": 404 unknown, 409 conflict, 502 unreadable
 * upstream reply, 503 upstream unavailable, 504 upstream timeout …). The
 * service's own English detail is kept apart, for the page to offer on demand.
 */
import { t, tOr } from "../app/i18n.ts";
import { diagnosticText } from "../formula/formula-texts.ts";
import { ApiError } from "./http.ts";

export interface ErrorText {
  /** What went wrong, in the chosen language. */
  readonly text: string;
  /** The service's (or the browser's) own words, or "" when the text says it all. */
  readonly detail: string;
}

export function errorText(e: unknown): ErrorText {
  if (!(e instanceof ApiError)) return { text: t("error.unexpected"), detail: e instanceof Error ? e.message : String(e) };
  if (e.status === 0) return { text: t("common.network"), detail: e.detail };
  const coded = e.items.filter((i) => i.ctx?.code !== undefined && i.ctx.line !== undefined);
  if (coded.length > 0 && coded.length === e.items.length) {
    const text = coded
      .map(
        (i) =>
          `${t("formula.line", { line: i.ctx!.line!, column: i.ctx!.column ?? 1 })} ${diagnosticText({ line: i.ctx!.line!, column: i.ctx!.column ?? 1, message: i.msg, code: i.ctx!.code, params: i.ctx!.params })}`,
      )
      .join("; ");
    return { text, detail: "" };
  }
  return { text: tOr(`error.status.${e.status}`, t("error.status.other", { status: e.status })), detail: e.detail };
}
