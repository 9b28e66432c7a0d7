import type { AuthStore, PasswordRecord } from "../../ports/auth-store.ts";
import type { Database } from "./sqlite-database.ts";

const toRecord = (r: { algorithm: string; iterations: number; salt: string; hash: string }): PasswordRecord => ({
  algorithm: r.algorithm as PasswordRecord["algorithm"],
  iterations: r.iterations,
  salt: r.salt,
  hash: r.hash,
});

/** The password row (id 1) and the session table. */
export function sqliteAuthStore(db: Database): AuthStore {
  return {
    async getPassword() {
      const row = await db.selectFrom("auth_password").selectAll().where("id", "=", 1).executeTakeFirst();
      return row && toRecord(row);
    },
    async createPassword(rec, now) {
      const res = await db
        .insertInto("auth_password")
        .values({ id: 1, ...rec, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async replacePasswordAndRevokeSessions(rec, now) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable("auth_password")
          .set({ ...rec, updated_at: now })
          .where("id", "=", 1)
          .execute();
        await tx.deleteFrom("auth_session").execute();
      });
    },
    async updatePasswordHash(rec, now) {
      await db
        .updateTable("auth_password")
        .set({ ...rec, updated_at: now })
        .where("id", "=", 1)
        .execute();
    },
    async createSession(tokenHash, createdAt, expiresAt) {
      await db.insertInto("auth_session").values({ token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt }).execute();
    },
    async findSession(tokenHash) {
      const row = await db.selectFrom("auth_session").select("expires_at").where("token_hash", "=", tokenHash).executeTakeFirst();
      return row?.expires_at;
    },
    async deleteSession(tokenHash) {
      await db.deleteFrom("auth_session").where("token_hash", "=", tokenHash).execute();
    },
    async deleteExpiredSessions(now) {
      const res = await db.deleteFrom("auth_session").where("expires_at", "<=", now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
