/**
 * What one `tdx-forge` command is: its name and help, its arguments and
 * options, and a `run` that asks the service (through {@link CliContext}) and
 * returns what to print. Helpers turn the service's answers into printable
 * results: a `{count, columns, data}` frame into rows, any object into a record.
 */
import type { ArgSpec, OptionSpec, OptionValues } from "./cli-args.ts";
import type { CliContext } from "./cli-context.ts";
import { type Output, type Row, recordOf, rowsOf } from "./cli-output.ts";

export interface CliIo {
  /** A line of commentary on stderr (downloads, warnings). */
  note(text: string): void;
  /** Progress of long work (0..1) on stderr, shown only on a terminal. */
  progress(fraction: number, message: string): void;
}

export interface CommandInput {
  readonly args: Record<string, string>;
  readonly opts: OptionValues;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly args: readonly ArgSpec[];
  readonly options: readonly OptionSpec[];
  readonly examples?: readonly string[];
  run(ctx: CliContext, input: CommandInput, io: CliIo): Promise<Output>;
}

/** Rows of a data frame answer (`{count, columns, data}`). */
export function frameRows(frame: { columns?: string[]; data?: Row[] }): Output {
  return rowsOf(frame.data ?? [], frame.columns);
}

/** A frame when the answer is one, rows when it is an array, else one record. */
export function answer(body: unknown): Output {
  if (Array.isArray(body)) return rowsOf(body as Row[]);
  const b = body as { columns?: string[]; data?: unknown };
  if (b && Array.isArray(b.data) && Array.isArray(b.columns)) return frameRows(b as { columns: string[]; data: Row[] });
  return recordOf(body as Row);
}

/** Option values by name, typed. */
export const str = (o: OptionValues, k: string) => o[k] as string | undefined;
export const num = (o: OptionValues, k: string) => o[k] as number | undefined;
export const flag = (o: OptionValues, k: string) => o[k] === true;
export const list = (o: OptionValues, k: string) => (o[k] as string[] | undefined) ?? [];
