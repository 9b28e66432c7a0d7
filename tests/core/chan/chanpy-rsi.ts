/**
 * chan.py's RSI (`Math/RSI.py` `RSI.add`, at 429d6ed3) written again as chan.py has it (lists, the
 * warm-up sums taken again over every difference so far): `macd-rsi.test.ts` checks `RsiStream`
 * against it, `analyze.test.ts` the RSI the pipeline hands to the `rsi` force measure.
 */
/** chan.py `RSI.add` over `closes`. */
export function chanpyRsi(closes: readonly number[], period: number): number[] {
  const diff: number[] = [];
  const up: number[] = [];
  const down: number[] = [];
  return closes.map((close, i) => {
    if (i === 0) return 50;
    diff.push(close - closes[i - 1]!);
    if (diff.length < period) {
      const upSum = diff.filter((x) => x > 0).reduce((a, x) => a + x, 0);
      const downSum = diff.filter((x) => x < 0).reduce((a, x) => a + -x, 0);
      up.push(upSum / diff.length);
      down.push(downSum / diff.length);
    } else {
      const d = diff[diff.length - 1]!;
      const [upval, downval] = d > 0 ? [d, 0] : [0, -d];
      up.push((up[up.length - 1]! * (period - 1) + upval) / period);
      down.push((down[down.length - 1]! * (period - 1) + downval) / period);
    }
    if (down[down.length - 1] === 0) return up[up.length - 1]! > 0 ? 100 : 0;
    return 100 - 100 / (1 + up[up.length - 1]! / down[down.length - 1]!);
  });
}
