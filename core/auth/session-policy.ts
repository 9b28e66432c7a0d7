/** Session and cookie constants of core/auth/README.md §2 and §8. */

export const SESSION_COOKIE = "tf_session";
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const SESSION_TTL_MS = SESSION_TTL_SECONDS * 1000;

/** Password length bounds: new passwords 6..128, login and old passwords 1..128. */
export const NEW_PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const LOGIN_PASSWORD_MIN = 1;
