/**
 * Requests that may come by the dozen (each saved strategy of the library asks
 * the server to rerun it for its holdings) wait their turn: at most
 * {@link IN_TURN_LIMIT} are open at once, the rest start as those finish, in
 * the order they were asked, so a long library does not fan out one rerun per
 * row at the same time.
 */
export const IN_TURN_LIMIT = 3;

let open = 0;
const waiting: (() => void)[] = [];

export async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (open >= IN_TURN_LIMIT) await new Promise<void>((go) => waiting.push(go));
  open++;
  try {
    return await job();
  } finally {
    open--;
    waiting.shift()?.();
  }
}
