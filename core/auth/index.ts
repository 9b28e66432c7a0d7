/**
 * The password gate's pure rules (core/auth/README.md): the session policy,
 * the login throttle, and what counts as a loopback or same-host address.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { clientAddress, isLocalOrPrivate, trustedProxies, type TrustedProxy } from "./address.ts";
export { hostAllowed, type HostRules, isIpLiteral, originAllowed } from "./host-origin.ts";
export { LOGIN_PASSWORD_MIN, NEW_PASSWORD_MIN, PASSWORD_MAX, SESSION_COOKIE, SESSION_TTL_MS, SESSION_TTL_SECONDS } from "./session-policy.ts";
export { LoginThrottle } from "./throttle.ts";
