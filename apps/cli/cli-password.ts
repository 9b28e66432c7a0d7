/**
 * The password of a service reached with `--server`: TDX_FORGE_PASSWORD when
 * set, else asked on the terminal when the service first answers 401 (typed
 * without echo, as `ssh` and `sudo` ask). Without a terminal there is nobody to
 * ask: that first 401 is an error naming the variable, and the command exits
 * non-zero. A service that needs no password is never asked for one.
 */
import { ServiceError } from "./cli-api.ts";
import type { Env } from "./cli-context.ts";

/** Env var holding the shared password of a service reached with `--server`. */
export const PASSWORD_ENV = "TDX_FORGE_PASSWORD";

export interface Terminal {
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(raw: boolean): unknown };
  readonly stderr: NodeJS.WritableStream;
}

/** The password, or who to ask for it on the first 401. */
export function passwordFor(server: string, env: Env, term: Terminal | undefined): string | (() => Promise<string>) {
  const set = env[PASSWORD_ENV];
  if (set) return set;
  return async () => {
    if (!term?.stdin.isTTY || !term.stdin.setRawMode) {
      throw new ServiceError(401, undefined, `HTTP 401: the service needs its password and there is no terminal to ask for it on; set ${PASSWORD_ENV}`);
    }
    return readHidden(term, `Password for ${server}: `);
  };
}

/** One line typed on the terminal without echo; Ctrl-C or Ctrl-D on an empty line give up. */
function readHidden(term: Terminal, prompt: string): Promise<string> {
  const { stdin, stderr } = term;
  // Echo off before the prompt shows, so nothing typed after it can appear.
  stdin.setRawMode!(true);
  stdin.resume();
  stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      stdin.removeListener("data", onData);
      stdin.setRawMode!(false);
      stdin.pause();
      stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003" || (ch === "\u0004" && typed === "")) return finish(new Error("no password given"));
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    stdin.on("data", onData);
  });
}
