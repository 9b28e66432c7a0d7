import type { PasswordRecord } from "./auth-store.ts";

/** Slow password hashing; verification reads the parameters stored in the record. */
export interface PasswordHasher {
  hash(password: string): Promise<PasswordRecord>;
  verify(password: string, record: PasswordRecord): Promise<boolean>;
  /** True when the record was made with weaker parameters than the current policy. */
  needsRehash(record: PasswordRecord): boolean;
}
