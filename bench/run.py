"""``make bench``: time paibiao against its peers side by side, write bench/RESULTS.md.

Usage: ``python -m bench.run [--quick] [SECTION ...]``. Each section is a module
``bench/bench_<section>.py`` with ``run(quick) -> str`` returning Markdown; all sections
run in this one process, so every ratio compares runs on the same machine and load. Each
section's text sits between markers in the file; naming sections runs only those and puts
each in place of its earlier text (or before the last part when it had none), dated.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SECTIONS = ["mahjong", "shisanshui", "zipai", "runtime", "compile", "service", "bulk", "floor", "field", "rlcard",
            "scoring", "riichi"]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import numba
    import numpy
    return (f"{cpu}; Python {platform.python_version()}, numpy {numpy.__version__}, "
            f"numba {numba.__version__}")


def all_tables() -> str:
    """Wall time of ``python -m tablegen`` (every table, fresh process, JIT included)."""
    from .timing import generation_seconds

    print("== all tables", flush=True)
    seconds = generation_seconds()
    return ("## All tables\n\n"
            f"`python -m tablegen` (every game, fresh process, JIT included): **{seconds:.1f} s** "
            "(target: under 2 minutes).\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sections", nargs="*", help=f"sections to run (default: {' '.join(SECTIONS)})")
    parser.add_argument("--quick", action="store_true", help="smaller samples (a smoke run)")
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    args = parser.parse_args(argv)
    parts = [
        "# Benchmark results\n",
        f"Written by `make bench` (`python -m bench.run`) on {datetime.date.today()}; "
        f"{machine()}. Ratios compare runs in one process on the same hands; absolute times "
        "move with machine load, the ratios much less. Per-call peers are timed in a plain "
        "Python loop, which is how they are called.\n",
    ]
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {' '.join(SECTIONS)}")
    sections = {}
    for name in args.sections or SECTIONS:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f".bench_{name}", __package__)
        sections[name] = module.run(args.quick)
    if args.sections and args.out.exists():
        text = args.out.read_text()
        for name, body in sections.items():
            note = f"Section run alone (`python -m bench.run {name}`) on {datetime.date.today()}.\n\n"
            text = splice(text, name, marked(name, note + body))
    else:
        text = "\n".join([*parts, *(marked(name, body) for name, body in sections.items()),
                          *([] if args.sections else [all_tables()])])
    args.out.write_text(text)
    print(f"wrote {args.out}")
    return 0


def marked(name: str, body: str) -> str:
    """A section's Markdown between the markers :func:`splice` finds it by."""
    return f"<!-- bench section {name} -->\n{body}\n<!-- end of bench section {name} -->\n"


def splice(text: str, name: str, section: str) -> str:
    """``text`` with section ``name`` (as :func:`marked` wrote it) replaced by ``section``, or
    ``section`` inserted before the last ``## `` heading when ``text`` has no such section."""
    start, end = f"<!-- bench section {name} -->\n", f"<!-- end of bench section {name} -->\n"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        return head + section + rest.split(end, 1)[1]
    last = text.rfind("\n## ")
    return text + "\n" + section if last < 0 else text[:last + 1] + section + "\n" + text[last + 1:]


if __name__ == "__main__":
    sys.exit(main())
