/**
 * A login for web UIs that have none (issue 18 item 7). easy_tdx's own web UI,
 * served from WEB_DIR, has no login screen: once a password is set every API
 * call it makes gets 401. So, while a foreign UI is served, a browser asking
 * for a page (GET, `Accept: text/html`, outside `/api`) without a valid
 * session is sent (303) to this service's own login page,
 * `/api/auth/login-page?next=<the page>`; the form posts back to the same path,
 * which sets the session cookie as `POST /api/auth/login` does and sends the
 * browser (303) to `next`. Plain HTML, no script: it works whatever UI is
 * served. `next` must be a path of this origin (anything else goes to `/`),
 * and a post whose Origin is another site is refused.
 */
import type { MiddlewareHandler } from "hono";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { originAllowed, PASSWORD_MAX, SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../../core/auth/index.ts";
import type { HttpEnv } from "../http-env.ts";
import { appErrorResponse } from "../app-error-response.ts";
import type { AuthService } from "../../../core/app/auth/auth-service.ts";

export const LOGIN_PAGE = "/api/auth/login-page";

const BASE = "http://next.invalid";

/** No listed hosts or origins: the login form posts only from the Host it was served on. */
const ONLY_THIS_HOST = { hosts: [], origins: [] } as const;

/**
 * Only paths of this origin: "/x" but not "//host" or "/\\host". A browser
 * resolves a Location with the URL parser, which drops tabs and line breaks
 * ("/\t/host" is "//host") and reads "\\" as "/", so a `next` holding either, or
 * any other control character (not a valid header value either), goes to "/";
 * what is left is resolved the same way and sent back normalised.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !/^\/(?![/\\])/.test(next) || /[\p{Cc}\\]/u.test(next)) return "/";
  const u = new URL(next, BASE);
  return u.origin === BASE ? u.pathname + u.search + u.hash : "/";
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(next: string, error: string | null): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>登录 · Log in</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f4f5f7}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 12px #0002;display:grid;gap:.8rem;min-width:18rem}
input,button{font:inherit;padding:.5rem}.error{color:#c00}</style></head>
<body><form method="post" action="${LOGIN_PAGE}">
<h1>登录 · Log in</h1>
${error === null ? "" : `<p class="error" role="alert">${escape(error)}</p>`}
<label>密码 · Password <input type="password" name="password" autocomplete="current-password" maxlength="${PASSWORD_MAX}" required autofocus></label>
<input type="hidden" name="next" value="${escape(next)}">
<button type="submit">登录 · Log in</button>
</form></body></html>`;
}

const html = (body: string, status: 200 | 401 | 403 | 409 | 429) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP, "cache-control": "no-store" } });

export function registerLoginPage(app: OpenAPIHono<HttpEnv>, auth: AuthService): void {
  app.get(LOGIN_PAGE, (c) => html(page(safeNext(c.req.query("next")), null), 200));
  app.post(LOGIN_PAGE, async (c) => {
    const origin = c.req.header("origin");
    // this origin is this Host in any scheme (core/auth/host-origin.ts): behind a TLS proxy the browser says https, the request here is http
    if (origin !== undefined && !originAllowed(origin, c.req.header("host"), ONLY_THIS_HOST)) return html(page("/", "Cross-site login refused"), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const next = safeNext(form.next);
    const password = typeof form.password === "string" ? form.password : "";
    try {
      const token = await auth.login(c.get("clientAddress"), password);
      setCookie(c, SESSION_COOKIE, token, { maxAge: SESSION_TTL_SECONDS, httpOnly: true, sameSite: "Lax", path: "/" });
      return c.redirect(next, 303);
    } catch (e) {
      // a wrong password, no password yet, too many attempts: the page says so; anything else is the app's error answer
      const status = appErrorResponse(e)?.status;
      if (status !== 401 && status !== 409 && status !== 429) throw e;
      return html(page(next, (e as Error).message), status);
    }
  });
}

/** Before the static UI: page requests without a session go to the login page (only while a password is set). */
export function pageLoginGate(auth: AuthService): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const wantsPage = /\btext\/html\b/.test(c.req.header("accept") ?? "") && path !== "/api" && !path.startsWith("/api/");
    if (!wantsPage || (await auth.gate(c.get("sessionToken"), c.get("clientAddress"))) !== "unauthenticated") return next();
    const url = new URL(c.req.url);
    return c.redirect(`${LOGIN_PAGE}?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  };
}
