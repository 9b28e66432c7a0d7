import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { registerAnnouncementRoutes } from "./announcement-routes.ts";
import { registerCcpmRoutes } from "./ccpm-routes.ts";
import type { ExternalServices } from "../../../core/app/external/external-services.ts";
import { registerFinsrcRoutes } from "./finsrc-routes.ts";

/** The external-data routes (adapters/http/README.md 4.11): announcements, financial reports, CFFEX rankings. */
export function registerExternalRoutes(app: OpenAPIHono<HttpEnv>, external: ExternalServices): void {
  registerAnnouncementRoutes(app, external.announcements);
  registerFinsrcRoutes(app, external.reports);
  registerCcpmRoutes(app, external.ccpm);
}
