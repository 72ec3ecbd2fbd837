"""`make bench` / `python -m bench [name ...]`: run the bench modules, all or those named."""

from __future__ import annotations

import importlib
import sys

from bench import Metric, summary

#: Every bench module, by import path. Add yours here.
MODULES: tuple[str, ...] = (
    "bench.parsing",
    "bench.hostile",
    "bench.importing",
    "bench.championships",
    "bench.pages",
    "bench.stages",
    "bench.uploads",
    "bench.names",
    "bench.search",
    "bench.pdf",
    "bench.api",
)


def main(argv: list[str]) -> int:
    by_name = {path.rsplit(".", 1)[-1]: path for path in MODULES}
    unknown = [name for name in argv if name not in by_name]
    if unknown:
        print(
            f"unknown bench module(s): {', '.join(unknown)}; known: {', '.join(by_name)}",
            file=sys.stderr,
        )
        return 2
    selected = [by_name[name] for name in argv] or list(MODULES)
    metrics: list[Metric] = []
    for path in selected:
        for metric in importlib.import_module(path).run():
            print(metric.to_json(), flush=True)
            metrics.append(metric)
    print()
    print(summary(metrics))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
