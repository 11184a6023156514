"""Fresh Python processes running this checkout's code: their environment, and ``python -c``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: the directory holding lookup/, tablegen/ and tests/."""


def env(**extra: str | None) -> dict[str, str]:
    """This process's environment with the checkout first on ``PYTHONPATH``; each ``extra``
    variable set to its value, or removed when the value is None."""
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), out.get("PYTHONPATH")]))
    for key, value in extra.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def run_python(code: str, *args: str, timeout: float = 300, **extra: str | None) -> subprocess.CompletedProcess:
    """Run ``python -c code args`` in a fresh process (:func:`env` with ``extra``), in the checkout."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout, env=env(**extra), cwd=ROOT)
