/** The messages between the worker pool and its threads (structured clone). */

export interface RunMessage {
  readonly type: "run";
  readonly id: number;
  readonly job: string;
  readonly payload: unknown;
}

export type WorkerReply =
  | { readonly type: "progress"; readonly id: number; readonly fraction: number; readonly message: string }
  | { readonly type: "done"; readonly id: number; readonly result: unknown }
  | { readonly type: "error"; readonly id: number; readonly name: string; readonly message: string };

/** What a thread is started with: the job modules it loads and its context module (URLs). */
export interface WorkerSetup {
  readonly modules: readonly string[];
  readonly context?: { readonly module: string; readonly input: unknown };
}
