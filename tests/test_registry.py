"""The query registries: a query declared once is answered by the command line, over HTTP, by a
bulk job, by the warm-up and by the Batcher; and the games' own registries agree with what
their packages export."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from starlette.testclient import TestClient

from lookup import bulk, mahjong, registry, shisanshui, warmup, zipai
from lookup.batching import Batcher, batched_queries
from lookup.cli import main
from lookup.cli.bulk import batch_queries
from lookup.registry import Batching, CommandLine, Query, Registry, RowPart, Warmup
from lookup.service.app import create_app
from lookup.service.queries import batch_route_names, json_route_names

WARMED: list[str] = []
"""The hands the toy query's warm-up call answered."""


def tile_total(hand: mahjong.Hand) -> int:
    """The number of tiles a mahjong hand holds."""
    return int(sum(mahjong.hand_counts(hand)))


def tile_total_batch(counts: npt.ArrayLike) -> np.ndarray:
    """:func:`tile_total` of each row of an (N, 34) uint8 count array: int16 (N,)."""
    rows = np.asarray(counts)
    if rows.ndim != 2 or rows.shape[1] != 34:
        raise ValueError(f"counts must have shape (N, 34), got {rows.shape}")
    return rows.sum(axis=1, dtype=np.int16)


def _warm() -> int:
    WARMED.append("123m")
    return tile_total("123m")


TOY = Query(tile_total, tile_total_batch,
            Batching(mahjong.hand_counts, lambda rows: np.array([list(r) for r in rows], np.uint8), np.ndarray.tolist),
            (Warmup("tile_total", _warm),), row=(RowPart("counts", (34,)),),
            command=CommandLine("total", "how many tiles the hand holds", rules=None, text=lambda n: f"{n} tiles"))


@pytest.fixture
def scratch():
    """Only the toy query in mahjong's place while the test runs."""
    with registry.using([Registry("mahjong", (TOY,))]):
        yield


def test_a_toy_query_is_answered_by_the_command_line(scratch, capsys):
    assert main(["mahjong", "total", "123m", "55z"]) == 0
    assert capsys.readouterr().out == "5 tiles\n"
    assert main(["mahjong", "total", "123m", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"result": 3}'
    assert main(["mahjong", "hu", "11m"]) == 2  # the scratch registry has no hu


def test_a_toy_query_is_answered_over_http(scratch):
    with TestClient(create_app()) as client:
        assert client.post("/v1/mahjong/tile_total", json={"hand": "123m456p"}).json() == {"result": 6}
        assert client.post("/v1/mahjong/tile_total", json={"hands": ["1m", "11z"]}).json() == {"results": [1, 2]}
        rows = np.zeros((3, 34), np.uint8)
        rows[:, 0] = [1, 2, 3]
        answer = client.post("/v1/mahjong/tile_total_batch", content=rows.tobytes(),
                             headers={"Content-Type": "application/octet-stream"})
        assert answer.status_code == 200, answer.text
        assert np.frombuffer(answer.content, answer.headers["X-Dtype"]).tolist() == [1, 2, 3]
        assert client.post("/v1/mahjong/is_hu", json={"hand": "11m"}).status_code == 404


def test_a_toy_query_is_run_by_a_bulk_job(scratch):
    assert batch_queries("mahjong") == {"tile_total": tile_total_batch}
    rows = np.zeros((7, 34), np.uint8)
    rows[:, 5] = np.arange(7) % 5
    answers = bulk.run(batch_queries("mahjong")["tile_total"], rows, chunk_rows=2)
    assert answers.compute(scheduler="synchronous").tolist() == (np.arange(7) % 5).tolist()


def test_a_toy_query_is_warmed_up(scratch):
    WARMED.clear()
    assert warmup.queries("mahjong") == [("tile_total", _warm)]
    warmup.warm(["mahjong"])
    assert WARMED == ["123m"]


def test_a_toy_query_is_batched(scratch):
    assert batched_queries() == ["mahjong.tile_total", *[f"{g}.{q.name}" for g in ("shisanshui", "zipai")
                                                         for q in registry.of(g).batched()]]
    with Batcher(max_delay=0.05) as batcher:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda h: batcher.call(tile_total, h), ["1m", "11m", "111m", "1111m"]))
        assert answers == [1, 2, 3, 4]
        assert batcher.batched == 4 and batcher.batches < 4


def test_using_restores_the_games_registries(scratch):
    with registry.using([Registry("mahjong", ())]):
        assert registry.of("mahjong").queries == ()
    assert registry.of("mahjong").queries == (TOY,)


def test_a_registry_refuses_a_query_declared_twice_and_a_route_without_a_batch_twin():
    with pytest.raises(ValueError, match="declared twice: tile_total"):
        Registry("mahjong", (TOY, TOY))
    with pytest.raises(ValueError, match="needs a batch twin"):
        Query(tile_total, row=(RowPart("counts", (34,)),))
    with pytest.raises(ValueError, match="unknown game"):
        Registry("go", ())


@pytest.mark.parametrize("package", [mahjong, shisanshui, zipai], ids=lambda p: p.__name__)
def test_every_public_query_of_a_game_is_declared(package):
    """Each public function of a game's package that answers a hand is a registered query or
    the batch twin of one; each ``*_batch`` function is some query's batch twin."""
    declared = package.QUERIES
    twins = {q.batch for q in declared.queries if q.batch is not None}
    functions = {q.function for q in declared.queries}
    for name in package.__all__:
        value = getattr(package, name)
        if name.endswith(registry.BATCH_SUFFIX):
            assert value in twins, f"{package.__name__}.{name} is no query's batch twin"
    for fn in functions | twins:
        assert getattr(package, fn.__name__) is fn, f"{fn.__name__} is not {package.__name__}'s public function"


def test_the_routes_are_the_registries_own():
    for game in ("mahjong", "shisanshui", "zipai"):
        declared = registry.of(game)
        assert json_route_names()[game] == tuple(q.name for q in declared.queries if q.route)
        assert batch_route_names()[game] == tuple(q.batch.__name__ for q in declared.queries if q.row)


def test_the_api_pages_batch_table_is_the_registries():
    """docs/api.md lists every batch twin the registries declare, with its scalar forms and
    whether it takes ``out=``, and nothing else."""
    import inspect
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    listed = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2] in ("yes", "no"):
            batch = re.findall(r"`([\w.]+)`", cells[1])[0]
            listed[batch] = (frozenset(re.findall(r"`([\w.]+)`", cells[0])), cells[2] == "yes")
    declared: dict[str, tuple[set[str], bool]] = {}
    for reg in registry.active():
        for q in reg.queries:
            if q.batch is not None:
                name = f"{reg.game}.{q.batch.__name__}"
                scalars, _ = declared.setdefault(name, (set(), "out" in inspect.signature(q.batch).parameters))
                scalars.add(f"{reg.game}.{q.name}")
    assert listed == {name: (frozenset(scalars), out) for name, (scalars, out) in declared.items()}


def test_every_command_and_subcommand_prints_its_help(capsys):
    from lookup.cli import commands

    for command in commands():
        for argv in [[command.name], *([command.name, q.name] for q in command.queries)]:
            with pytest.raises(SystemExit) as done:
                main([*argv, "--help"])
            assert done.value.code == 0, argv
            assert capsys.readouterr().out.startswith(f"usage: paibiao {' '.join(argv)}"), argv
