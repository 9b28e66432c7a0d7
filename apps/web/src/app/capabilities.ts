/**
 * Which endpoints the running server offers, from its OpenAPI document, so
 * pages show a placeholder instead of an error for features a server does not
 * have yet (and pick them up when it does: `refreshCapabilities`).
 */
import { shallowRef } from "vue";
import { documentedRoutes } from "../api/endpoints.ts";

export const routes = shallowRef<ReadonlySet<string> | null>(null);
let pending: Promise<void> | null = null;

export function refreshCapabilities(): Promise<void> {
  pending ??= documentedRoutes()
    .then((r) => {
      routes.value = r;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** `has("POST /api/v1/formula/validate")`; false until the document is loaded. */
export const has = (route: string): boolean => routes.value?.has(route) ?? false;
