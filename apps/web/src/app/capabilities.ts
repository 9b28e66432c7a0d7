/**
 * Which endpoints the running server offers, and its request and result
 * schemas, from its OpenAPI document: pages show a placeholder instead of an
 * error for features a server does not have yet (and pick them up when it does:
 * `refreshCapabilities`), and forms are generated from the schemas.
 */
import { shallowRef } from "vue";
import { apiDocument, type JsonSchema } from "../api/endpoints.ts";

export const routes = shallowRef<ReadonlySet<string> | null>(null);
export const schemas = shallowRef<Readonly<Record<string, JsonSchema>>>({});
let pending: Promise<void> | null = null;

export function refreshCapabilities(): Promise<void> {
  pending ??= apiDocument()
    .then((doc) => {
      schemas.value = doc.schemas;
      routes.value = doc.routes;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Loads the document once (pages call this on mount). */
export const ensureCapabilities = (): Promise<void> => (routes.value ? Promise.resolve() : refreshCapabilities().catch(() => undefined));

/** `has("POST /api/v1/formula/validate")`; false until the document is loaded. */
export const has = (route: string): boolean => routes.value?.has(route) ?? false;
