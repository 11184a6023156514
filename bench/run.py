"""``make bench``: time paibiao against its peers side by side, write bench/RESULTS.md.

Usage: ``python -m bench.run [--quick] [SECTION ...]``. Each section is a module
``bench/bench_<section>.py`` with ``run(quick) -> str`` returning Markdown; all sections
run in this one process, so every ratio compares runs on the same machine and load.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SECTIONS = ["mahjong", "shisanshui", "zipai", "runtime", "compile", "service", "bulk", "floor", "field"]


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
    for name in args.sections or SECTIONS:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f".bench_{name}", __package__)
        parts.append(module.run(args.quick))
    if not args.sections:
        parts.append(all_tables())
    args.out.write_text("\n".join(parts))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
