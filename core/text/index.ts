/**
 * Message templates and the task texts the service and the web app share, and
 * pydantic's wording of a list of allowed values.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { choiceList } from "./choice-list.ts";
export { fillTemplate, matchTable, matchTemplate, type TemplateParams } from "./message-template.ts";
export { DATA_LABELS, TASK_DESCRIPTIONS, TASK_MESSAGES, type TaskKindWithText } from "./task-texts.ts";
