/**
 * The classic indicators computed in the core (each a function over a bar
 * series) and the shape of an indicator's spec.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { asiKernel } from "./asi.ts";
export { bbiSides } from "./bbi-side.ts";
export { brarKernel } from "./brar.ts";
export { type Allocate, ColumnArena, freshColumn } from "./column-arena.ts";
export { crKernel } from "./cr.ts";
export { dkxKernel } from "./dkx.ts";
export { dmiKernel } from "./dmi.ts";
export { emvKernel } from "./emv.ts";
export { type IndicatorRequest, resolveIndicatorRequests, type Result } from "./indicator-spec.ts";
export { mfiKernel } from "./mfi.ts";
export { obvKernel } from "./obv.ts";
export { psyKernel } from "./psy.ts";
export { rsiKernel } from "./rsi.ts";
export { vrKernel } from "./vr.ts";
export { zljcKernel } from "./zljc.ts";
