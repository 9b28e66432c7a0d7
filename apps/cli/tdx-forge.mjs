#!/usr/bin/env node
// The `tdx-forge` bin: loads the TypeScript sources through tsx (a dependency) and runs one command line.
import process from "node:process";
import { register } from "tsx/esm/api";

register();
const { main } = await import("./cli-main.ts");
const code = await main(process.argv.slice(2), process.env, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
// Every service the command started is closed; exit now rather than wait for idle keep-alive timers.
process.exit(code);
