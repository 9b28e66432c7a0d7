/**
 * `npm run bench [-- <filter>]`: runs every `bench/*.bench.ts` (or those whose
 * name contains the filter), each in a process of its own, and prints each
 * bench's median and mean and the issue's targets with their figures
 * (bench/targets.ts), then every target line again at the end.
 *
 * One process per file because a bench file changes the process it runs in:
 * a web-stream read (`fetch`, a `Request` or `Response` body read in process)
 * detaches an ArrayBuffer, after which V8 checks every typed-array access for
 * the rest of the process (core/formula/kernels/doubles.ts), and the files
 * also leave JIT feedback and heap behind. Files run in one process measured
 * the in-process kernels (indicators, chan, strength) in whatever state the
 * files loaded before them left, not in the state of the service, which
 * reads request bodies without web streams (adapters/http/middleware/body-size.ts).
 * `npm run bench` starts this with the service's Node flags (`npm start`'s
 * `--max-semi-space-size=32` and loader), which the children inherit.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { run } from "mitata";
import { Results, targetTable } from "./targets.ts";

const dir = fileURLToPath(new URL(".", import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();

/** The file's benches in this process: their table and target lines. */
async function runHere(file: string): Promise<void> {
  await import(pathToFileURL(dir + file).href);
  const results = new Results((await run()).benchmarks);
  console.log(`\n${results.table()}\n\n${targetTable(results)}`);
}

/** The file in a child process started as this one was (same Node flags and loader); returns its target lines. */
function runApart(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      process.stdout.write(d);
      out += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out.split("\n").filter((l) => /^ {2}(MET|NOT MET|\?)/.test(l))) : reject(new Error(`${file}: exit ${code}`))));
  });
}

if (files.length === 1) await runHere(files[0]!);
else {
  const lines: string[] = [];
  for (const f of files) lines.push(...(await runApart(f)));
  console.log(`\nissue 22 targets, all files (medians; the peer measured in the same process):\n${lines.join("\n")}`);
}
// Some benchmarks keep a server, a simulator or worker threads open for their iterations.
process.exit(0);
