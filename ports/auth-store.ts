/** The stored access password: a PBKDF2 hash with its parameters beside it. */
export interface PasswordRecord {
  readonly algorithm: "pbkdf2-sha256";
  readonly iterations: number;
  /** Base64 salt and derived key. */
  readonly salt: string;
  readonly hash: string;
}

/** Persistence of the password and of sessions (tokens are stored only as hashes). */
export interface AuthStore {
  getPassword(): Promise<PasswordRecord | undefined>;
  /** Stores the first password; false when one already exists (nothing changed). */
  createPassword(record: PasswordRecord, now: number): Promise<boolean>;
  /** Replaces the password and deletes every session, atomically. */
  replacePasswordAndRevokeSessions(record: PasswordRecord, now: number): Promise<void>;
  /** Re-hashes in place (parameter upgrade) without touching sessions. */
  updatePasswordHash(record: PasswordRecord, now: number): Promise<void>;
  createSession(tokenHash: string, createdAt: number, expiresAt: number): Promise<void>;
  /** Expiry (epoch ms) of a stored session, or undefined. */
  findSession(tokenHash: string): Promise<number | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteExpiredSessions(now: number): Promise<number>;
}
