/**
 * The formula benchmarks' texts: TDX's MACD + KDJ + BOLL, and as many new texts
 * of the same size as asked, each with its own shape (other functions and
 * columns per line), so that no fused loop generated for one serves another.
 */
export const FORMULA_TEXT = `DIF:EMA(CLOSE,12)-EMA(CLOSE,26);
DEA:EMA(DIF,9);
MACD:(DIF-DEA)*2,COLORSTICK;
RSV:=(CLOSE-LLV(LOW,9))/(HHV(HIGH,9)-LLV(LOW,9))*100;
K:SMA(RSV,3,1);
D:SMA(K,3,1);
J:3*K-2*D;
BOLL:MA(CLOSE,20);
UB:BOLL+2*STD(CLOSE,20);
LB:BOLL-2*STD(CLOSE,20);`;

const AVERAGES: readonly ((x: string, n: number) => string)[] = [(x, n) => `EMA(${x},${n})`, (x, n) => `MA(${x},${n})`, (x, n) => `SMA(${x},${n},1)`, (x, n) => `WMA(${x},${n})`];
const COLUMNS = ["CLOSE", "OPEN", "HIGH", "LOW"];

/** New text number `k` (k ≥ 1): the same ten outputs, the averages and columns chosen by k's digits. */
export function newFormulaText(k: number): string {
  const digit = (i: number) => Math.floor(k / 4 ** i) % 4;
  const avg = (i: number, x: string, n: number) => AVERAGES[digit(i)]!(x, n);
  const col = (i: number) => COLUMNS[digit(i)]!;
  return `DIF:${avg(0, col(1), 12)}-${avg(2, col(3), 26)};
DEA:${avg(4, "DIF", 9)};
MACD:(DIF-DEA)*2,COLORSTICK;
RSV:=(${col(5)}-LLV(LOW,9))/(HHV(HIGH,9)-LLV(LOW,9))*100;
K:${avg(6, "RSV", 3)};
D:${avg(7, "K", 3)};
J:3*K-2*D;
BOLL:${avg(8, col(9), 20)};
UB:BOLL+2*STD(${col(10)},20);
LB:BOLL-2*STD(${col(10)},20);`;
}
