"""Building: odd things at a table's path, stale temporaries, repairs, and `paibiao tables`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import h5py
import pytest

from lookup import checksums, tables, warmup
from lookup.cli import main
from lookup.errors import TableError
from lookup.tables import GAMES
from tablegen.build import build_tables
from tests.support.env import env
from tests.support.table_files import copy_table, small_tables


def _quiet(msg: str) -> None:
    pass


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.rebuild
def test_build_refuses_a_directory_replaces_a_pipe_and_removes_stale_temporaries(tmp_path):
    out = tmp_path / "data"
    (out / "shisanshui.h5").mkdir(parents=True)
    with pytest.raises(TableError, match="is a directory; remove it"):
        build_tables(["shisanshui"], out, echo=_quiet)
    (out / "shisanshui.h5").rmdir()
    os.mkfifo(out / "shisanshui.h5")
    stale = out / f"shisanshui.h5.tmp{_dead_pid()}"
    stale.write_bytes(b"half a table")
    live = out / f"shisanshui.h5.tmp{os.getppid()}"
    live.write_bytes(b"another build at work")
    lines: list[str] = []
    build_tables(["shisanshui"], out, if_needed=True, echo=lines.append)
    assert tables.check(out / "shisanshui.h5", "shisanshui").verified == "full"
    assert not stale.exists() and live.exists()
    assert any("removed" in line and stale.name in line for line in lines)
    assert any("not a regular file" in line for line in lines)  # why it was rebuilt


def test_tablegen_reports_a_directory_in_one_line(tmp_path):
    (tmp_path / "shisanshui.h5").mkdir()
    done = subprocess.run([sys.executable, "-m", "tablegen", "--out", str(tmp_path), "shisanshui"],
                          capture_output=True, text=True, env=env(), timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "is a directory" in done.stderr


@pytest.mark.rebuild
def test_if_needed_repairs_a_damaged_attribute_and_leaves_good_files(tmp_path):
    out = small_tables(tmp_path)  # files the check accepts: "up to date" needs no real tables
    with h5py.File(out / "shisanshui.h5", "a") as f:
        f.attrs["code_category_shift"] = 21
    lines: list[str] = []
    build_tables([], out, if_needed=True, echo=lines.append)
    assert any(line.startswith("shisanshui: rebuilding") and "damaged" in line for line in lines)
    assert any(line == f"mahjong: {out / 'mahjong.h5'} is up to date" for line in lines)
    assert not any(line.startswith("warm-up") for line in lines)  # the generator writes files only
    assert tables.check(out / "shisanshui.h5", "shisanshui").attrs["code_category_shift"] == 20


@pytest.mark.rebuild
def test_if_needed_repairs_each_damaged_dataset_byte_identically(tmp_path):
    """The table-damage test, end to end: every dataset of a game damaged in turn is
    refused, and ``--if-needed`` rebuilds exactly what was built before (shisanshui: the game
    whose build takes seconds; test_tables.py checks refusal for every dataset and attribute
    of every game)."""
    path = copy_table("shisanshui", tmp_path)
    out = tmp_path
    want = {name: info.sha256 for name, info in tables.check(path, "shisanshui").datasets.items()}
    for name, info in tables.check(path, "shisanshui").datasets.items():
        with open(path, "r+b") as f:
            f.seek(info.offset + info.nbytes // 2)
            byte = f.read(1)[0]
            f.seek(info.offset + info.nbytes // 2)
            f.write(bytes([byte ^ 0x01]))
        with pytest.raises(TableError, match="damaged"):
            tables.check(path, "shisanshui", full=True)
        lines: list[str] = []
        build_tables(["shisanshui"], out, if_needed=True, echo=lines.append)
        assert any(line.startswith("shisanshui: rebuilding") and name in line for line in lines), (name, lines)
        repaired = tables.check(path, "shisanshui", full=True)
        assert {n: i.sha256 for n, i in repaired.datasets.items()} == want


# --- paibiao tables ---------------------------------------------------------------------------

@pytest.fixture
def data(tmp_path, monkeypatch):
    """Small table files of every game (tests.support.table_files.small_tables): the command
    reads only what the check reads."""
    out = small_tables(tmp_path / "data")
    monkeypatch.setenv(tables.DATA_ENV, str(out))
    return out


def test_tables_path(data, capsys):
    assert main(["tables", "path"]) == 0
    assert capsys.readouterr().out == f"{data}\n($PAIBIAO_DATA; `make tables` builds the tables here)\n"
    assert main(["tables", "path", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"path": str(data), "from": "PAIBIAO_DATA",
                                                   "build_command": "make tables"}


def test_tables_info(data, capsys):
    assert main(["tables", "info", "--json"]) == 0
    infos = json.loads(capsys.readouterr().out)
    assert [i["game"] for i in infos] == list(GAMES)
    for info in infos:
        ts = tables.check(info["path"], info["game"])
        assert info["schema_version"] == tables.SCHEMA_VERSIONS[info["game"]]
        assert info["file_bytes"] == os.path.getsize(info["path"])
        assert info["encoding"] == ts.attrs["encoding"] and info["generator_version"]
        assert {d["name"] for d in info["datasets"]} == set(ts.names())
        for d in info["datasets"]:
            assert d["sha256"] == tables.array_sha256(ts[d["name"]])
            assert d["bytes"] == ts[d["name"]].nbytes and tuple(d["shape"]) == ts[d["name"]].shape
    assert main(["tables", "info", "zipai"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"zipai: {data / 'zipai.h5'}\n  schema {tables.SCHEMA_VERSIONS['zipai']}, generator ")
    assert "encoding number_automaton_mph" in text and "automaton" in text and "values" in text


def test_tables_verify_names_the_damage(data, capsys):
    assert main(["tables", "verify"]) == 0
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == list(GAMES)
    info = tables.check(data / "zipai.h5", "zipai").datasets["values"]
    with open(data / "zipai.h5", "r+b") as f:
        f.seek(info.offset + info.nbytes // 2)
        two = f.read(2)
        f.seek(info.offset + info.nbytes // 2)
        f.write(bytes(b ^ 0xFF for b in two))
    assert main(["tables", "verify"]) == 1
    out, err = capsys.readouterr()
    assert "mahjong: ok" in out and "shisanshui: ok" in out and "zipai" not in out
    assert err.startswith("paibiao: error: zipai: ") and "'values' is damaged" in err
    assert main(["tables", "info", "zipai"]) == 1  # info runs the quick check: the mtime moved
    assert main(["tables", "verify", "poker"]) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err


def test_tables_build_in_processes(data, capsys):
    assert main(["tables", "build", "shisanshui", "mahjong", "--if-needed", "--no-warmup", "--jobs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert sorted(out[:-1]) == [f"{game}: {data / game}.h5 is up to date" for game in ("mahjong", "shisanshui")]
    assert out[-1].startswith("tables done in ")
    assert main(["tables", "build", "--jobs", "0"]) == 2
    assert "--jobs must be 1 or more, not 0" in capsys.readouterr().err


def test_a_build_error_in_a_worker_process_is_reported_in_one_line(data, capsys):
    (data / "zipai.h5").unlink()
    (data / "zipai.h5").mkdir()  # a directory in the table's place: the build refuses it
    assert main(["tables", "build", "zipai", "shisanshui", "--no-warmup", "--jobs", "2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a directory; remove it" in err


def test_warm_up_parts_hold_every_query_kind_once():
    for game in GAMES:
        kinds = [kind for part in range(warmup.part_count(game)) for kind, _ in warmup.part_queries(game, part)]
        assert sorted(kinds) == sorted(kind for kind, _ in warmup.QUERIES[game]()), game
        listed = warmup.own_parts(game)
        assert [sorted(kind for kind, _ in warmup.part_queries(game, part)) for part in range(len(listed))] == \
            [sorted(kinds) for kinds in listed], game  # every kind a part lists is a query kind


def test_tables_build_if_needed(data, capsys):
    assert not checksums.record_paths(data / "shisanshui.h5")[0].exists()  # a fresh copy: no record yet
    assert main(["tables", "build", "shisanshui", "--if-needed", "--no-warmup"]) == 0
    out = capsys.readouterr().out
    assert f"shisanshui: {data / 'shisanshui.h5'} is up to date" in out and "warm-up" not in out
