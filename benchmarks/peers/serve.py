"""The Python peers of tests/corpus/peers/peers.py, timed on request for the `corpus` benchmark.

Usage: serve.py SPLIT_DIR

Reads every definition's input schema under SPLIT_DIR (one definition per file, as the corpus test writes
them), prints how many, then answers each line `PEER N` on standard input with the nanoseconds PEER took
to transform every schema, N times over: each pass on fresh copies of the inputs (copied outside the
timing), a peer's refusal (an exception) counted as done, as peers.py counts it.
"""

import copy
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests/corpus/peers"))
import peers  # noqa: E402

schemas = [schema for _, _, schema in peers.definitions(sys.argv[1])]
print(len(schemas), flush=True)
for line in sys.stdin:
    name, passes = line.split()
    transform = peers.PEERS[name][1]
    total = 0
    for _ in range(int(passes)):
        inputs = copy.deepcopy(schemas)
        start = time.perf_counter_ns()
        for schema in inputs:
            try:
                transform(schema)
            except Exception:  # noqa: BLE001  (a refusal is an answer too)
                pass
        total += time.perf_counter_ns() - start
    print(total, flush=True)
