/** Issues unguessable session tokens and the digest under which they are stored. */
export interface SessionTokens {
  issue(): string;
  digest(token: string): string;
}
