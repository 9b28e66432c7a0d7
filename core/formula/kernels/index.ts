/**
 * The formula language's numeric kernels (moving averages, windows, ranges,
 * references, statistics), usable without the language itself: the indicator
 * plugins call them directly.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { ema, ma, wma } from "./averages.ts";
export { doubles } from "./doubles.ts";
export { firstValid } from "./operand.ts";
export { seedMean } from "./exact-sums.ts";
export { RANGE } from "./ranges.ts";
export { ref } from "./references.ts";
export { larger } from "./select.ts";
export { moment } from "./statistics.ts";
export { hhv, llv, sum } from "./windows.ts";
