"""The child process that opens a PDF: the words of each page with their x positions.

Run as a script (`python -I pdf_words.py MAX_PAGES MAX_MB CPU_S`), the PDF on standard input,
JSON on standard output. It imports nothing from Podium: a hostile file is opened in a process
of its own, under memory and CPU limits set here before the PDF library is even imported, and
the parent kills it at its wall-clock limit.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _limit(max_mb: int, cpu_s: int) -> None:
    try:
        import resource
    except ImportError:  # not a POSIX system: the parent's wall-clock limit still holds
        return
    size = max_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))


def _lines(words: list[dict[str, Any]]) -> list[list[list[Any]]]:
    """Words grouped into lines by their vertical position, each line left to right."""
    if not words:
        return []
    heights = sorted(w["bottom"] - w["top"] for w in words)
    tolerance = max(1.0, heights[len(heights) // 2] / 2)
    lines: list[tuple[float, list[dict[str, Any]]]] = []
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if lines and abs(word["top"] - lines[-1][0]) <= tolerance:
            lines[-1][1].append(word)
        else:
            lines.append((word["top"], [word]))
    return [
        [
            [round(w["x0"], 2), round(w["x1"], 2), w["text"]]
            for w in sorted(ws, key=lambda w: w["x0"])
        ]
        for _, ws in lines
    ]


def _chars(page: Any) -> list[dict[str, Any]]:
    """The page's characters, as `Page.chars` gives them but with only what word extraction
    reads: `Page.chars` resolves every attribute of every object on the page (colours, fonts,
    paths), which costs more than interpreting the page itself."""
    from pdfminer.layout import LTChar, LTContainer

    x_shift, y_shift = page.mediabox[0], page.mediabox[1]
    height = page.height
    out: list[dict[str, Any]] = []
    stack = list(reversed(page.layout._objs))
    while stack:
        obj = stack.pop()
        if isinstance(obj, LTChar):
            top = height - obj.y1 + y_shift
            bottom = height - obj.y0 + y_shift
            out.append(
                {
                    "text": obj.get_text(),
                    "x0": obj.x0 + x_shift,
                    "x1": obj.x1 + x_shift,
                    "top": top,
                    "bottom": bottom,
                    "doctop": top,
                    "upright": obj.upright,
                    "size": obj.size,
                    "width": obj.width,
                    "height": obj.height,
                }
            )
        elif isinstance(obj, LTContainer):  # a figure or form: its characters, in order
            stack.extend(reversed(obj._objs))
    return out


def _encrypted(error: BaseException) -> bool:
    """A PDF opened without its password: pdfminer's PDFPasswordIncorrect or
    PDFEncryptionError, which pdfplumber wraps."""
    found = [error, *(arg for arg in error.args if isinstance(arg, BaseException))]
    return any(type(e).__name__ in ("PDFPasswordIncorrect", "PDFEncryptionError") for e in found)


def extract(data: bytes, max_pages: int) -> dict[str, Any]:
    import io

    import pdfplumber
    from pdfplumber.utils import extract_words

    try:
        pdf = pdfplumber.open(io.BytesIO(data))
    except MemoryError:
        raise
    except Exception as error:  # any failure of the PDF library is a broken file
        if _encrypted(error):
            return {"error": "encrypted"}
        return {"error": "broken", "detail": f"{type(error).__name__}: {error}"[:300]}
    with pdf:
        try:
            count = len(pdf.pages)
        except MemoryError:
            raise
        except Exception as error:
            return {"error": "broken", "detail": f"{type(error).__name__}: {error}"[:300]}
        if count > max_pages:
            return {"error": "pages", "pages": count}
        pages = []
        for page in pdf.pages:
            words = extract_words(
                _chars(page), keep_blank_chars=False, use_text_flow=False, x_tolerance_ratio=0.2
            )
            pages.append(_lines(words))
            page.flush_cache()
    return {"pages": pages}


def main(argv: list[str]) -> int:
    max_pages, max_mb, cpu_s = (int(a) for a in argv[:3])
    _limit(max_mb, cpu_s)
    data = sys.stdin.buffer.read()
    try:
        result = extract(data, max_pages)
    except MemoryError:
        result = {"error": "memory"}
    except (ImportError, OSError) as error:
        # Under the address-space limit, loading the library's shared objects fails first.
        text = str(error).lower()
        memory = "map" in text or "memory" in text or "allocate" in text
        result = {"error": "memory"} if memory else {"error": "broken", "detail": str(error)[:300]}
    except Exception as error:
        result = {"error": "broken", "detail": f"{type(error).__name__}: {error}"[:300]}
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
