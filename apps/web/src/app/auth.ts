/**
 * Where the shell stands with the access gate: checking, first-time setup,
 * login, forbidden (a remote browser while no password is set), offline, or
 * ready. Any API call rejected by the gate moves it back to login, so an
 * expired session anywhere lands on the login screen with a reason.
 */
import { reactive } from "vue";
import { authChangePassword, authLogin, authLogout, authSetup, authStatus } from "../api/endpoints.ts";
import { ApiError, watchGate } from "../api/http.ts";

export type AuthPhase = "checking" | "setup" | "login" | "forbidden" | "offline" | "ready";

export const auth = reactive({
  phase: "checking" as AuthPhase,
  /** Why the login screen is shown again (expired session, changed password). */
  notice: "" as "" | "expired" | "changed",
  error: "",
});

watchGate((status) => {
  if (auth.phase !== "ready") return;
  auth.phase = status === 401 ? "login" : "forbidden";
  auth.notice = status === 401 ? "expired" : "";
});

export async function checkAuth(): Promise<void> {
  try {
    const s = await authStatus();
    auth.error = "";
    auth.phase = !s.configured ? "setup" : s.authenticated ? "ready" : "login";
  } catch (e) {
    auth.error = e instanceof Error ? e.message : String(e);
    auth.phase = "offline";
  }
}

/** Sets the first password, then logs in with it (setup issues no session). */
export async function setupPassword(password: string): Promise<void> {
  try {
    await authSetup(password);
  } catch (e) {
    // Someone else finished setup first: the login screen is the way on.
    if (e instanceof ApiError && e.status === 409) {
      auth.phase = "login";
      return;
    }
    throw e;
  }
  await login(password);
}

export async function login(password: string): Promise<void> {
  await authLogin(password);
  auth.notice = "";
  auth.phase = "ready";
}

export async function logout(): Promise<void> {
  try {
    await authLogout();
  } finally {
    auth.notice = "";
    await checkAuth();
  }
}

/** Every session ends on a password change, this one included. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await authChangePassword(oldPassword, newPassword);
  auth.notice = "changed";
  auth.phase = "login";
}
