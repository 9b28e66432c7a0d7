import { formulaIndicator, period } from "./formula-indicator.ts";

/** Volume with its two moving averages (TDX's VOL, MAVOL1/MAVOL2). */
export const vol = formulaIndicator({
  id: "VOL",
  order: 4,
  title: "VOL 成交量及均量",
  titleEn: "VOL Volume and Its Averages",
  params: [period("M1", 5), period("M2", 10)],
  formula: `VOLUME:VOL,VOLSTICK;
MAVOL1:MA(VOLUME,M1);
MAVOL2:MA(VOLUME,M2);`,
});
