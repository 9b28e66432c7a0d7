/**
 * The demo providers: generated cninfo, Sina and CFFEX answers for the demo
 * market of a seed, by capability, with routes relative to each provider's
 * root (the composition root mounts them under the provider plugins' prefixes).
 */
import type { Clock } from "../../../ports/clock.ts";
import type { ExternalCapability } from "../../../ports/external-data.ts";
import type { ReplayRoute } from "../replay-server.ts";
import { cffexDemoRoutes } from "./cffex-demo.ts";
import { cninfoDemoRoutes } from "./cninfo-demo.ts";
import { DemoCompanies } from "./demo-companies.ts";
import { sinaDemoRoutes } from "./sina-demo.ts";

export function demoProviderRoutes(seed: number, clock: Clock): Record<ExternalCapability, ReplayRoute[]> {
  const companies = new DemoCompanies(seed);
  return {
    announcements: cninfoDemoRoutes(companies, clock),
    "financial-reports": sinaDemoRoutes(companies, clock),
    "position-ranks": cffexDemoRoutes(seed, clock),
  };
}
