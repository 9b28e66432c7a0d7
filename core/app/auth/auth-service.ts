import { isLocalOrPrivate, SESSION_TTL_MS, LoginThrottle } from "../../auth/index.ts";
import type { AuthStore, PasswordRecord } from "../../../ports/auth-store.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { PasswordHasher } from "../../../ports/password-hasher.ts";
import type { SessionTokens } from "../../../ports/session-tokens.ts";
import { HashSlots } from "./hash-slots.ts";
import { ConflictError, ForbiddenError, TooManyAttemptsError, UnauthenticatedError } from "../app-errors.ts";

export interface AuthDeps {
  store: AuthStore;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  clock: Clock;
}

/** Outcome of the gate for one request. */
export type GateVerdict = "pass" | "unauthenticated" | "forbidden";

export const GATE_DETAIL = {
  unauthenticated: "Not authenticated",
  forbidden: "Password not configured; set one up from the local network first",
} as const;

/**
 * The access gate's use cases (core/auth/README.md §4), rules checked in the spec's order.
 * Valid sessions are held in memory (loaded at start, written through to the
 * store), so checking a request costs one SHA-256 and a map lookup.
 */
export class AuthService {
  readonly #d: AuthDeps;
  readonly #throttle = new LoginThrottle();
  readonly #slots = new HashSlots();
  readonly #sessions = new Map<string, number>();
  readonly #ended = new Set<(key?: string) => void>();
  #configured = false;

  private constructor(deps: AuthDeps) {
    this.#d = deps;
  }

  static async create(deps: AuthDeps): Promise<AuthService> {
    const s = new AuthService(deps);
    const now = deps.clock.now();
    s.#configured = (await deps.store.getPassword()) !== undefined;
    await deps.store.deleteExpiredSessions(now);
    return s;
  }

  get configured(): boolean {
    return this.#configured;
  }

  /**
   * Calls `listener` whenever sessions end: with a session's key on logout, with
   * no key when every session ends (password set up or changed). Open WebSockets
   * close on it; expiry is checked by their holder against `session().expires`.
   */
  onSessionsEnded(listener: (key?: string) => void): () => void {
    this.#ended.add(listener);
    return () => this.#ended.delete(listener);
  }

  #end(key?: string): void {
    for (const l of this.#ended) l(key);
  }

  /** The live session behind `token` (its key and expiry), or undefined. */
  async session(token: string | undefined): Promise<{ key: string; expires: number } | undefined> {
    const key = await this.#session(token);
    return key === undefined ? undefined : { key, expires: this.#sessions.get(key)! };
  }

  /** Storage key of the live session behind `token`, or undefined. */
  async #session(token: string | undefined): Promise<string | undefined> {
    if (!token) return undefined;
    const key = this.#d.tokens.digest(token);
    let expires = this.#sessions.get(key);
    if (expires === undefined) {
      expires = await this.#d.store.findSession(key);
      if (expires === undefined) return undefined;
      this.#sessions.set(key, expires);
    }
    if (expires <= this.#d.clock.now()) {
      this.#sessions.delete(key);
      await this.#d.store.deleteSession(key);
      return undefined;
    }
    return key;
  }

  async isAuthenticated(token: string | undefined): Promise<boolean> {
    return this.#configured && (await this.#session(token)) !== undefined;
  }

  /** The gate in front of every `/api/v1` route (adapters/http/DECISIONS.md "Auth gate"). */
  async gate(token: string | undefined, address: string): Promise<GateVerdict> {
    if (!this.#configured) return isLocalOrPrivate(address) ? "pass" : "forbidden";
    return (await this.#session(token)) !== undefined ? "pass" : "unauthenticated";
  }

  async status(token: string | undefined) {
    return { configured: this.#configured, authenticated: await this.isAuthenticated(token) };
  }

  async setup(address: string, password: string) {
    if (!isLocalOrPrivate(address)) {
      throw new ForbiddenError("Password setup is only allowed from the local machine or a private network");
    }
    if (this.#configured) throw new ConflictError("Password already configured");
    const rec = await this.#slots.run(() => this.#d.hasher.hash(password));
    if (!(await this.#d.store.createPassword(rec, this.#d.clock.now()))) {
      throw new ConflictError("Password already configured");
    }
    this.#configured = true;
    this.#end();
    return { ok: true, configured: true };
  }

  /**
   * Returns the new session token; the route sets it as the cookie. The rules
   * are checked in the spec's order; the record is read first so that the lock
   * check and the counting of this attempt happen together, before the hash
   * (a locked address is answered without hashing).
   */
  async login(address: string, password: string): Promise<string> {
    const { store, hasher, tokens, clock } = this.#d;
    const rec = await store.getPassword();
    const lock = this.#throttle.check(address, clock.now());
    if (lock.locked) {
      throw new TooManyAttemptsError(`Too many failed attempts; try again in ${lock.remainingSeconds} seconds`);
    }
    if (!rec) throw new ConflictError("Password not configured yet");
    this.#throttle.recordFailure(address, clock.now());
    if (!(await this.#verify(address, password, rec))) throw new UnauthenticatedError("Incorrect password");
    this.#throttle.clear(address);
    const now = clock.now();
    if (hasher.needsRehash(rec)) await store.updatePasswordHash(await this.#slots.run(() => hasher.hash(password)), now);
    const token = tokens.issue();
    const key = tokens.digest(token);
    const expires = now + SESSION_TTL_MS;
    await store.createSession(key, now, expires);
    this.#sessions.set(key, expires);
    return token;
  }

  /** Checks a password whose attempt is already counted; a check that never ran (503) is taken back. */
  async #verify(address: string, password: string, rec: PasswordRecord): Promise<boolean> {
    try {
      return await this.#slots.run(() => this.#d.hasher.verify(password, rec));
    } catch (e) {
      this.#throttle.refund(address, this.#d.clock.now());
      throw e;
    }
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const key = this.#d.tokens.digest(token);
    this.#sessions.delete(key);
    await this.#d.store.deleteSession(key);
    this.#end(key);
  }

  async changePassword(token: string | undefined, address: string, oldPassword: string, newPassword: string) {
    const { store, hasher, clock } = this.#d;
    if ((await this.#session(token)) === undefined) throw new UnauthenticatedError(GATE_DETAIL.unauthenticated);
    const rec = await store.getPassword();
    if (!rec) throw new ConflictError("Password not configured yet");
    this.#throttle.recordFailure(address, clock.now());
    if (!(await this.#verify(address, oldPassword, rec))) throw new UnauthenticatedError("Incorrect old password");
    this.#throttle.refund(address, clock.now());
    await store.replacePasswordAndRevokeSessions(await this.#slots.run(() => hasher.hash(newPassword)), clock.now());
    this.#sessions.clear();
    this.#end();
    return { ok: true, message: "Password changed; please log in again" };
  }
}
