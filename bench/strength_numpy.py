"""The straightforward numpy strength scan the market/strength target is measured against.

Reads every SH/SZ A-share .day file of a vipdoc tree with numpy, scores it with the
documented formula (steady preset: w 0.2/0.3/0.5, volatility penalty; at least 65
bars) and ranks the top 50. Prints one JSON line: the wall time of each of
`--runs` full passes (reading + scoring, in process: no interpreter start-up),
the number ranked and the top codes, so the TypeScript benchmark can check both
sides agree.

usage: python3 bench/strength_numpy.py <vipdoc dir> [--runs N]
"""

import json
import os
import sys
import time

import numpy as np

DAY = np.dtype([("date", "<u4"), ("open", "<u4"), ("high", "<u4"), ("low", "<u4"), ("close", "<u4"), ("amount", "<f4"), ("vol", "<u4"), ("reserved", "<u4")])
A_SHARE = {"sh": ("60", "68"), "sz": ("00", "30")}


def scan(root):
    scores = []
    for market, prefixes in A_SHARE.items():
        folder = os.path.join(root, market, "lday")
        for name in sorted(os.listdir(folder)):
            code = name[2:8]
            if not name.endswith(".day") or not code.startswith(prefixes):
                continue
            bars = np.fromfile(os.path.join(folder, name), dtype=DAY)
            if len(bars) < 65:
                continue
            close = bars["close"].astype(np.float64) / 100.0
            last = close[-1]
            ret5, ret20, ret60 = last / close[-6] - 1, last / close[-21] - 1, last / close[-61] - 1
            vol20 = np.diff(np.log(close[-21:])).std(ddof=1)
            if not vol20 > 0:
                continue
            raw = 0.2 * ret5 + 0.3 * ret20 + 0.5 * ret60
            scores.append((raw / vol20, market, code))
    scores.sort(key=lambda s: -s[0])
    return scores


def main():
    root = sys.argv[1]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    seconds = []
    ranked = []
    for _ in range(runs):
        t0 = time.perf_counter()
        ranked = scan(root)
        seconds.append(time.perf_counter() - t0)
    print(json.dumps({"seconds": seconds, "ranked": len(ranked), "top": [m + c for _, m, c in ranked[:50]]}))


if __name__ == "__main__":
    main()
