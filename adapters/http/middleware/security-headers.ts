import type { MiddlewareHandler } from "hono";

/**
 * Response headers that keep browsers from misusing what the service sends
 * (issue 15, OWASP Secure Headers): no MIME sniffing, no framing by another
 * site, no full URL leaked in Referer to other origins, and a content policy.
 * HTML (the web app, `/docs`) gets a same-origin policy with no inline script
 * (the bundle needs no third-party host, which is what "works offline" means;
 * inline styles stay allowed for ECharts and Swagger UI); every other answer
 * gets a policy that allows nothing, as it is data, never a document.
 */
export const HTML_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const html = /^text\/html\b/i.test(c.res.headers.get("content-type") ?? "");
    const set = {
      "content-security-policy": html ? HTML_CSP : DATA_CSP,
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "same-origin",
    };
    try {
      for (const [k, v] of Object.entries(set)) c.res.headers.set(k, v);
    } catch {
      // Some responses have immutable headers: answer with a copy.
      c.res = new Response(c.res.body, c.res);
      for (const [k, v] of Object.entries(set)) c.res.headers.set(k, v);
    }
  };
}
