/**
 * Hot loops over a whole series run range by range, each range one call of a
 * function that takes its running state from the previous one. V8 optimises
 * a function as a whole only after it has been called several times; a
 * function called once per request, whose one loop covers every bar, runs
 * instead on code compiled while that loop was running (on-stack
 * replacement), in which the floating-point variables carried round the loop
 * are boxed: a new heap number per variable per bar. Such loops were measured
 * 2–5 times slower, in about one process in three (it depends on the compile
 * thread's timing), for the life of the process. Called range by range, a
 * loop is optimised as a whole like any frequently called function.
 */
export const RANGE = 1024;
