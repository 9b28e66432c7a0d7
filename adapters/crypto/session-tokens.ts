import { createHash, randomBytes } from "node:crypto";
import type { SessionTokens } from "../../ports/session-tokens.ts";

/** 256-bit tokens from the OS CSPRNG; stored only as their SHA-256. */
export const randomSessionTokens: SessionTokens = {
  issue: () => randomBytes(32).toString("base64url"),
  digest: (token) => createHash("sha256").update(token).digest("hex"),
};
