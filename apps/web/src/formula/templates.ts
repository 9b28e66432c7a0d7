/** Starting points for the editor: classic TDX formulas with their usual parameter values. */
import type { MessageKey } from "../app/messages.ts";

export interface FormulaTemplate {
  readonly id: string;
  readonly label: MessageKey;
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
}

export const TEMPLATES: readonly FormulaTemplate[] = [
  {
    id: "ma-cross",
    label: "formula.template.maCross",
    text: "MA5:MA(CLOSE,N1);\nMA20:MA(CLOSE,N2);\nBUY:CROSS(MA5,MA20);\nSELL:CROSS(MA20,MA5);",
    params: { N1: 5, N2: 20 },
  },
  {
    id: "macd",
    label: "formula.template.macd",
    text: "DIF:EMA(CLOSE,SHORT)-EMA(CLOSE,LONG);\nDEA:EMA(DIF,MID);\nMACD:(DIF-DEA)*2;\nBUY:CROSS(DIF,DEA);\nSELL:CROSS(DEA,DIF);",
    params: { SHORT: 12, LONG: 26, MID: 9 },
  },
  {
    id: "kdj",
    label: "formula.template.kdj",
    text: "RSV:=(CLOSE-LLV(LOW,N))/(HHV(HIGH,N)-LLV(LOW,N))*100;\nK:SMA(RSV,M1,1);\nD:SMA(K,M2,1);\nJ:3*K-2*D;\nBUY:CROSS(K,D) AND K<30;",
    params: { N: 9, M1: 3, M2: 3 },
  },
  {
    id: "boll",
    label: "formula.template.boll",
    text: "MID:MA(CLOSE,N);\nUPPER:MID+P*STD(CLOSE,N);\nLOWER:MID-P*STD(CLOSE,N);\nBUY:CROSS(CLOSE,UPPER);\nSELL:CROSS(LOWER,CLOSE);",
    params: { N: 20, P: 2 },
  },
];
