"""Times pytdx's own 0x052d bar parser on one reply body, beside bench/tdx-codec.bench.ts.

Usage: PYTDX_PATH=/tmp/pytdx python3 bench/pytdx_bars.py <body-file> <category>

PYTDX_PATH is a checkout of github.com/rainx/pytdx (code at commit 2857fda) kept outside
this project. The parser needs only the standard library and `six`, so nothing is stubbed.
Prints one JSON line: microseconds per parse (best of 5 timeit rounds), bar count, last close.
"""
import json
import os
import sys
import timeit

sys.path.insert(0, os.environ["PYTDX_PATH"])
from pytdx.parser.get_security_bars import GetSecurityBarsCmd  # noqa: E402

with open(sys.argv[1], "rb") as f:
    body = f.read()

parser = GetSecurityBarsCmd(None)
parser.category = int(sys.argv[2])
bars = parser.parseResponse(body)

timer = timeit.Timer(lambda: parser.parseResponse(body))
loops, _ = timer.autorange()
best = min(timer.repeat(repeat=5, number=loops)) / loops

print(json.dumps({"us_per_parse": best * 1e6, "bars": len(bars), "last_close": bars[-1]["close"]}))
