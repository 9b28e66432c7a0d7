import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { dmi } from "../indicators/dmi.ts";
import { bars, crossSignals } from "./strategy-kit.ts";

const params = z.object({ m1: bars(["DI周期", "DI period"], 14, 2, 30), m2: bars(["ADX周期", "ADX period"], 6, 2, 20) });

/** DMI: buy when +DI crosses above −DI, sell when it crosses back below (the DMI indicator's lines). */
export const dmiStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "dmi",
  order: 18,
  title: "DMI 趋向指标",
  titleEn: "DMI directional movement",
  descriptionZh: "+DI（PDI）上穿 −DI（MDI）时买入，下穿时卖出。",
  description: "Buy when +DI (PDI) crosses above −DI (MDI), sell when it crosses back below.",
  params,
  defaultGrid: { m1: [14, 20], m2: [6, 10, 14] },
  signals(s, p) {
    const { PDI, MDI } = dmi.compute(s, { N: p.m1, M: p.m2 });
    return crossSignals(PDI!, MDI!);
  },
};
