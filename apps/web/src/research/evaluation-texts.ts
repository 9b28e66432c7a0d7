/**
 * An evaluation's veto reasons and check details in the chosen language: the
 * service fills them from the templates in core/research (VETO_REASONS,
 * CHECK_DETAILS); their values are matched back out and put into this app's
 * wording. A text no template matches is shown as it came.
 */
import { CHECK_DETAILS, VETO_REASONS } from "../../../../core/research/index.ts";
import { matchTemplate } from "../../../../core/text/index.ts";
import { t } from "../app/i18n.ts";
import type { MessageKey } from "../app/messages.ts";

function localised(table: Readonly<Record<string, string>>, prefix: string, key: string, text: string): string {
  const template = table[key];
  const params = template === undefined ? null : matchTemplate(template, text);
  return params ? t(`${prefix}.${key}` as MessageKey, params) : text;
}

export const vetoReason = (key: string, reason: string): string => localised(VETO_REASONS, "eval.reason", key, reason);
export const checkDetail = (name: string, detail: string): string => localised(CHECK_DETAILS, "eval.detail", name, detail);
