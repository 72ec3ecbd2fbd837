"""`python -m bench.load_turns [TICKS HZ]`: the `RESULT` lines of several wrk turns (on stdin,
one a line, as `bench/load.lua` prints them) as one: requests, seconds and non-200 summed,
req/s over the whole, the median turn's p50, the worst turn's p99, each turn's req/s, and,
given the CPU clock ticks the server spent in them (and the ticks per second), its CPU time
per request."""

from __future__ import annotations

import statistics
import sys


def combined(lines: list[str], ticks: int | None = None, hz: int = 100) -> str:
    turns = [dict(field.split("=", 1) for field in line.split()[1:]) for line in lines]
    requests = sum(int(turn["requests"]) for turn in turns)
    seconds = sum(float(turn["seconds"]) for turn in turns)
    each = ",".join(str(round(int(t["requests"]) / float(t["seconds"]))) for t in turns)
    return " ".join(
        [
            f"requests={requests}",
            f"seconds={seconds:.3f}",
            f"req_per_s={requests / seconds:.1f}",
            f"p50_ms={statistics.median(float(turn['p50_ms']) for turn in turns):.2f}",
            f"p99_ms={max(float(turn['p99_ms']) for turn in turns):.2f}",
            f"non200={sum(int(turn['non200']) for turn in turns)}",
            f"socket_errors={sum(int(turn['socket_errors']) for turn in turns)}",
            f"turns_req_per_s={each}",
            *([f"cpu_us_per_request={ticks / hz * 1e6 / requests:.0f}"] if ticks else []),
        ]
    )


if __name__ == "__main__":
    lines = [line for line in sys.stdin if line.startswith("RESULT")]
    args = [int(arg) for arg in sys.argv[1:3]]
    print(combined(lines, *args))
