import type { Clock } from "../../ports/clock.ts";

export const systemClock: Clock = { now: () => Date.now() };
