/**
 * Where the market-wide jobs live, for the job pools to load
 * (apps/server/job-modules.ts): named here, beside the programs' side, so the
 * main thread names the worker module without loading it.
 */
export const MARKET_JOBS = new URL("./market-jobs.ts", import.meta.url);
