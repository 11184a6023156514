"""paibiao installed (not editable) into a fresh venv outside the repository, used from another folder.

pip installs the dependencies from the package registries (its cache makes that quick); the
tables go to the user data directory (``XDG_DATA_HOME`` points into the test's folder).

The installed copy warms up one game (:data:`WARMED`) and builds the others' tables without the
warm-up: where an installed package caches its kernels is the same for every game, and
compiling every mahjong kernel a second time (the main checkout's warm-up already did, and
tests/runtime/test_first_request.py checks that no query kind then compiles) took 10 to 20
minutes of this test's CI time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from lookup import tables
from tests.support.env import ROOT

pytestmark = pytest.mark.venv

WARMED = "zipai"
"""The one game the installed copy warms up (its kernels compile in seconds); the others' tables
are built with ``--no-warmup``."""

AFTER_BUILD = r"""
import json
import sys
from lookup import tables
from lookup.warmup import QUERIES, count_compiles
with count_compiles() as compiled:
    for kind, call in QUERIES[sys.argv[1]]():
        call()
print(json.dumps({"checkout": str(tables.source_checkout()), "data": str(tables.data_dir()),
                  "compiled": len(compiled)}))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_install_build_the_tables_and_answer_from_another_folder(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("lookup", "tablegen"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "PAIBIAO_DATA", "VIRTUAL_ENV", "NUMBA_CACHE_DIR", "PYTHONHOME")}
    environment.update(XDG_DATA_HOME=str(tmp_path / "xdg" / "data"), XDG_CACHE_HOME=str(tmp_path / "xdg" / "cache"))
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(source)],
                         capture_output=True, text=True, timeout=900, env=environment, cwd=tmp_path)
    assert pip.returncode == 0, pip.stderr[-3000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "xdg" / "data" / "paibiao"

    def paibiao(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([str(venv / "bin" / "paibiao"), *args], capture_output=True, text=True,
                              timeout=timeout, env=environment, cwd=elsewhere)

    missing = paibiao("mahjong", "hu", "11123456789999m")
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert f"not found at {data / 'mahjong.h5'}" in missing.stderr
    assert "run `paibiao tables build`" in missing.stderr and "make tables" not in missing.stderr
    where = paibiao("tables", "path")
    assert where.stdout == f"{data}\n(user data directory; `paibiao tables build` builds the tables here)\n"

    build = paibiao("tables", "build", WARMED, timeout=1800)
    assert build.returncode == 0, build.stderr[-3000:]
    assert f"warm-up {WARMED}" in build.stdout and "warm-up done" in build.stdout
    assert [p.name for p in data.glob("*.h5")] == [f"{WARMED}.h5"]
    others = [game for game in tables.GAMES if game != WARMED]
    rest = paibiao("tables", "build", *others, "--no-warmup", timeout=900)
    assert rest.returncode == 0, rest.stderr[-3000:]
    assert "warm-up" not in rest.stdout and sorted(p.name for p in data.glob("*.h5")) == [
        "mahjong.h5", "shisanshui.h5", "zipai.h5"]
    assert paibiao("mahjong", "hu", "11123456789999m").stdout == "hu\n"
    assert paibiao("sss", "rank", "AS", "KS", "QS", "JS", "TS").stdout == "7917 straight flush 同花顺\n"
    assert paibiao("zipai", "hu", "二七十二七十贰柒拾").stdout == "hu 12\n"
    verify = paibiao("tables", "verify")
    assert verify.returncode == 0 and verify.stdout.count(": ok,") == 3

    after = subprocess.run([str(venv / "bin" / "python"), "-c", AFTER_BUILD, WARMED], capture_output=True, text=True,
                           timeout=600, env=environment, cwd=elsewhere)
    assert after.returncode == 0, after.stderr[-3000:]
    assert json.loads(after.stdout) == {"checkout": "None", "data": str(data), "compiled": 0}
