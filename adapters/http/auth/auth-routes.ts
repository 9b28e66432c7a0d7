import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { deleteCookie, setCookie } from "hono/cookie";
import { LOGIN_PASSWORD_MIN, NEW_PASSWORD_MIN, PASSWORD_MAX, SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../../core/auth/index.ts";
import type { HttpEnv } from "../http-env.ts";
import { charString, errorResponses, jsonOk } from "../schemas/common.ts";
import type { AuthService } from "../../../core/app/auth/auth-service.ts";

const PasswordIn = z.object({ password: charString(NEW_PASSWORD_MIN, PASSWORD_MAX) }).openapi("PasswordIn");
const LoginIn = z.object({ password: charString(LOGIN_PASSWORD_MIN, PASSWORD_MAX) }).openapi("LoginIn");
const ChangePasswordIn = z
  .object({
    old_password: charString(LOGIN_PASSWORD_MIN, PASSWORD_MAX),
    new_password: charString(NEW_PASSWORD_MIN, PASSWORD_MAX),
  })
  .openapi("ChangePasswordIn");

const StatusOut = z.object({ configured: z.boolean(), authenticated: z.boolean() }).openapi("AuthStatus");
const SetupOut = z.object({ ok: z.boolean(), configured: z.boolean() }).openapi("SetupResult");
const LoginOut = z.object({ ok: z.boolean(), authenticated: z.boolean() }).openapi("LoginResult");
const LogoutOut = z.object({ ok: z.boolean() }).openapi("LogoutResult");
const ChangeOut = z.object({ ok: z.boolean(), message: z.string() }).openapi("ChangePasswordResult");

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

const tags = ["auth"];

/** The five `/api/auth` endpoints of core/auth/README.md §4. */
export function registerAuthRoutes(app: OpenAPIHono<HttpEnv>, auth: AuthService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/auth/status",
      tags,
      summary: "Whether a password is set and whether this client's session is valid",
      responses: jsonOk(StatusOut),
    }),
    async (c) => c.json(await auth.status(c.get("sessionToken")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/auth/setup",
      tags,
      summary: "First-time password set-up (local or private clients only)",
      request: body(PasswordIn),
      responses: { ...jsonOk(SetupOut), ...errorResponses(403, 409) },
    }),
    async (c) => c.json(await auth.setup(c.get("clientAddress"), c.req.valid("json").password), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/auth/login",
      tags,
      summary: "Log in; sets the tf_session cookie",
      description:
        "Five failed attempts from one address lock it for 300 seconds (429 states the remaining wait). " +
        "At most two password checks run at once; when 64 more wait, further attempts are answered 503.",
      request: body(LoginIn),
      responses: { ...jsonOk(LoginOut), ...errorResponses(401, 409, 429, 503) },
    }),
    async (c) => {
      const token = await auth.login(c.get("clientAddress"), c.req.valid("json").password);
      setCookie(c, SESSION_COOKIE, token, { maxAge: SESSION_TTL_SECONDS, httpOnly: true, sameSite: "Lax", path: "/" });
      return c.json({ ok: true, authenticated: true }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/auth/logout",
      tags,
      summary: "Revoke this session; the cookie is deleted in every case",
      responses: jsonOk(LogoutOut),
    }),
    async (c) => {
      await auth.logout(c.get("sessionToken"));
      deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax" });
      return c.json({ ok: true }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/auth/change-password",
      tags,
      summary: "Change the password; every session, this one included, is revoked",
      request: body(ChangePasswordIn),
      responses: { ...jsonOk(ChangeOut), ...errorResponses(401, 409) },
    }),
    async (c) => {
      const { old_password, new_password } = c.req.valid("json");
      return c.json(await auth.changePassword(c.get("sessionToken"), c.get("clientAddress"), old_password, new_password), 200);
    },
  );
}
