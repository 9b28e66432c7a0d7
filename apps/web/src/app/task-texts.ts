/**
 * A task's description and progress message in the chosen language: the
 * service sends easy_tdx's texts, filled from the templates in
 * core/text/task-texts.ts; the values are matched back out of them and put into
 * this app's own wording. A text no template matches is shown as it came.
 */
import { matchTable, matchTemplate, DATA_LABELS, TASK_DESCRIPTIONS, TASK_MESSAGES, type TaskKindWithText } from "../../../../core/text/index.ts";
import { shownStrategy } from "../backtest/strategy-list.ts";
import { t, tOr } from "./i18n.ts";
import type { MessageKey } from "./messages.ts";

function dataLabel(text: string): string {
  const m = matchTable(DATA_LABELS, text);
  return m ? t(`task.data.${m.code}` as MessageKey, m.params) : text;
}

/** `description` in the chosen language; `kind` (the task's) picks its template, else the first that matches. */
export function taskDescription(description: string, kind?: string): string {
  const template = TASK_DESCRIPTIONS[kind as TaskKindWithText] as string | undefined;
  const found = template === undefined ? matchTable(TASK_DESCRIPTIONS, description) : { code: kind!, params: matchTemplate(template, description) };
  if (!found?.params) return description;
  const vars: Record<string, string> = { ...found.params };
  if (vars.strategy !== undefined) vars.strategy = shownStrategy(vars.strategy);
  if (vars.data !== undefined) vars.data = dataLabel(vars.data);
  if (vars.refresh !== undefined) vars.refresh = tOr(`rot.refresh.${vars.refresh}`, vars.refresh);
  return t(`task.desc.${found.code}` as MessageKey, vars);
}

/** The bars a finished task ran on, read from its description (`… | SH:600000 DAY×800`); null when it does not say. */
export function barsUsed(task: { readonly kind: string; readonly description: string } | null | undefined): { label: string; bars: number } | null {
  const template = task ? (TASK_DESCRIPTIONS[task.kind as TaskKindWithText] as string | undefined) : undefined;
  const data = template === undefined ? undefined : matchTemplate(template, task!.description)?.data;
  const m = data === undefined ? null : matchTable(DATA_LABELS, data);
  return m ? { label: dataLabel(data!), bars: Number(m.params.bars) } : null;
}

export function taskMessage(message: string): string {
  const m = matchTable(TASK_MESSAGES, message);
  return m ? t(`task.msg.${m.code}` as MessageKey, m.params) : message;
}
