"""The tally the checking scripts keep: every check passes or fails with a detail, and the run ends
with one line per failure and a closing `N passed, N failed` line (exit 1 on any failure)."""

import sys

passed = 0
failures = []


def check(label, ok, detail=""):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(f"{label}: {detail}")


def finish():
    for failure in failures:
        print("FAIL " + failure)
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)
