"""`make corpus`: the parser against a corpus of real results files and their expected answers.

The corpus lives outside the repository (`PODIUM_CORPUS`, `../shared/corpus` by default): raw
files `NN_name.<ext>` beside `NN_name.expected.json`, and the corpus's own stdlib-only scorer
`score.py`, imported here so that the figures are the ones it defines. Each file is parsed in
this process (the parser needs no Django) and scored; the summary adds the rows lost (expected
entries the parser did not give) and invented (parser entries no expected one pairs with).
Nothing here is a test: the test suite never depends on the corpus.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from results.parsing import ParseError, parse

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


@dataclass(slots=True)
class CaseScore:
    name: str
    correct: int
    total: int
    silent: int
    alarms: int
    paired: int
    expected: int
    lost: int
    invented: int
    error: str | None


def corpus_path() -> Path:
    return Path(os.environ.get("PODIUM_CORPUS") or DEFAULT).resolve()


def load_scorer(corpus: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("podium_corpus_score", corpus / "score.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {corpus / 'score.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _raw_file(corpus: Path, stem: str) -> Path | None:
    found = [p for p in corpus.glob(stem + ".*") if not p.name.endswith(".expected.json")]
    return sorted(found)[0] if found else None


def score_case(scorer: ModuleType, corpus: Path, expected_path: Path) -> CaseScore:
    import json

    stem = expected_path.name[: -len(".expected.json")]
    expected: list[dict[str, Any]] = json.loads(expected_path.read_text(encoding="utf-8"))[
        "entries"
    ]
    raw = _raw_file(corpus, stem)
    doc: dict[str, Any] | None = None
    error = None
    if raw is None:
        error = "raw file missing"
    else:
        try:
            doc = parse(raw.read_bytes(), filename=raw.name).to_dict()
        except ParseError as exc:
            where = f":{exc.line}" if exc.line is not None else ""
            error = f"{raw.name}{where}: {exc.reason}"
    correct, total, silent, _fields, _problems, alarms, paired = scorer.score_case(
        expected, doc, failed=doc is None
    )
    actual = (doc or {}).get("entries") or []
    pairs = scorer.align(expected, actual) if doc is not None else []
    lost = len(expected) if doc is None else sum(1 for i, j in pairs if j is None)
    invented = sum(1 for i, j in pairs if i is None)
    return CaseScore(
        stem, correct, total, silent, alarms, paired, len(expected), lost, invented, error
    )


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "n/a"


def report(scores: list[CaseScore]) -> str:
    lines = [
        f"{'case':<36} {'fields':>13} {'%':>6} {'silent':>6} {'alarms':>6} {'lost':>5} "
        f"{'invent':>6}"
    ]
    for s in scores:
        lines.append(
            f"{s.name:<36} {f'{s.correct}/{s.total}':>13} {_pct(s.correct, s.total):>6} "
            f"{s.silent:>6} {s.alarms:>6} {s.lost:>5} {s.invented:>6}"
        )
        if s.error:
            lines.append(f"    ! no parser output: {s.error}")
    correct = sum(s.correct for s in scores)
    total = sum(s.total for s in scores)
    entries = sum(s.expected for s in scores)
    lost = sum(s.lost for s in scores)
    invented = sum(s.invented for s in scores)
    shares = [s.correct / s.total for s in scores if s.total]
    mean = 100.0 * sum(shares) / len(shares) if shares else 0.0
    lines += [
        f"TOTAL: fields {correct}/{total} ({_pct(correct, total)})",
        f"MEAN per file: {mean:.1f}%",
        f"silent wrong fields: {sum(s.silent for s in scores)}",
        f"false alarms: {sum(s.alarms for s in scores)}/{sum(s.paired for s in scores)} "
        "entries (a warning on an entry whose fields are all right)",
        f"rows lost: {lost}, invented: {invented}, together {_pct(lost + invented, entries)} "
        f"of {entries} expected entries",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    corpus = corpus_path()
    if not (corpus / "score.py").is_file():
        print(
            f"no corpus at {corpus}: set PODIUM_CORPUS to a folder holding score.py and "
            "NN_name.expected.json files beside their raw files",
            file=sys.stderr,
        )
        return 2
    scorer = load_scorer(corpus)
    cases = sorted(corpus.glob("*.expected.json"))
    if args:
        cases = [p for p in cases if any(a in p.name for a in args)]
    if not cases:
        print(f"no cases found in {corpus}", file=sys.stderr)
        return 2
    print(report([score_case(scorer, corpus, path) for path in cases]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
