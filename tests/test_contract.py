"""One contract for the three games: rules resolution, errors, table cache, kernel status, CLI."""

from __future__ import annotations

import dataclasses
import threading

import numpy as np
import pytest

from lookup import errors, jit, mahjong, rules, shisanshui, tables, zipai
from lookup.cli import Command, build_parser, commands

GAMES = {
    # game module, its rules class, a preset name, a bool field, a bad hand of one bad card
    "mahjong": (mahjong, mahjong.RuleSet, "riichi", "seven_pairs", lambda: mahjong.is_hu("1m8z")),
    "zipai": (zipai, zipai.RuleSet, "hunan", "pair_with_quad", lambda: zipai.hu("一二三x11")),
    "shisanshui": (shisanshui, shisanshui.Rules, "a5_lowest", "a5_lowest", lambda: shisanshui.rank5("AS KS QS JS 1S")),
}


@pytest.mark.parametrize("game", GAMES)
def test_one_rules_resolver(game):
    module, kind, preset, _, _ = GAMES[game]
    assert isinstance(module.PRESETS, rules.Presets)
    resolved = module.PRESETS.resolve(preset)
    assert isinstance(resolved, kind) and resolved.name == preset
    assert module.PRESETS.resolve(resolved) is resolved
    assert module.get_rules(preset) is resolved
    with pytest.raises(errors.InvalidRulesError, match=f"unknown {game} rules 'bogus'"):
        module.PRESETS.resolve("bogus")
    with pytest.raises(errors.InvalidRulesError):
        module.PRESETS.resolve(None)


@pytest.mark.parametrize("game", GAMES)
def test_rules_fields_are_validated_by_type(game):
    module, kind, preset, bool_field, _ = GAMES[game]
    base = module.PRESETS[preset]
    for bad in (2, "yes", None):
        with pytest.raises(errors.InvalidRulesError, match=bool_field):
            dataclasses.replace(base, **{bool_field: bad})


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_card_of_any_game_raises_the_one_class(game):
    bad_hand = GAMES[game][4]
    with pytest.raises(errors.InvalidTileError) as caught:
        bad_hand()
    assert type(caught.value) is errors.InvalidTileError is errors.InvalidCardError


def test_table_views_are_built_once_and_dropped_with_the_tables():
    builds = []
    view = tables.TableView("mahjong", lambda t: builds.append(t) or len(builds))
    results = []
    threads = [threading.Thread(target=lambda: results.append(view.get())) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [1] * 8 and len(builds) == 1
    first_tables = builds[0]
    tables.clear_cache()
    assert view.value is None
    assert view.get() == 2 and builds[1] is not first_tables  # rebuilt from reloaded tables


def test_the_status_protocol():
    assert jit.check(jit.OK, 7, lambda s, i: AssertionError("not called")) == 7
    with pytest.raises(errors.InvalidHandError, match="row 3: code 2"):
        jit.check(jit.ERR_SIZE, 3, lambda s, i: errors.InvalidHandError(f"row {i}: code {s}"))
    codes = [jit.OK, jit.ERR_COPIES, jit.ERR_SIZE, jit.ERR_HONORS, jit.ERR_CARD, jit.ERR_DUPLICATE]
    assert codes == list(range(len(codes)))


@pytest.mark.parametrize("batch,width,game", [
    (mahjong.is_hu_batch, 34, "mahjong"), (zipai.hu_batch, 20, "zipai"), (shisanshui.rank5_batch, 5, "shisanshui")])
def test_every_batch_names_its_first_bad_row(batch, width, game):
    good = {"mahjong": [2] + [0] * 33, "zipai": [0] * 20, "shisanshui": [0, 4, 8, 12, 17]}[game]
    bad = {"mahjong": [5] + [0] * 33, "zipai": [5] + [0] * 19, "shisanshui": [0, 0, 8, 12, 17]}[game]
    rows = np.array([good, good, bad, bad], np.uint8)
    with pytest.raises(errors.PaibiaoError, match="row 2"):
        batch(rows)


def test_every_command_is_registered_one_way():
    parser = build_parser()
    names = [c.name for c in commands()]
    assert all(isinstance(c, Command) for c in commands())
    assert len(names) == len(set(names)) >= 4
    for command in commands():
        assert command.run is not None or command.queries
        for query in command.queries:
            argv = [command.name, query.name, *_sample_args(command.name, query.name)]
            assert parser.parse_args(argv).run is query.run


def _sample_args(command: str, query: str) -> list[str]:
    if (command, query) == ("sss", "simulate"):  # the one query without cards: its lineup instead
        return ["--policy", "expected"]
    if (command, query) in (("mahjong", "fan"), ("mahjong", "score")):  # the hand, then the winning tile
        return ["11m", "1m"]
    return {"mahjong": ["11m"], "sss": ["AS"], "zipai": ["一"], "bulk": ["q", "in.npy", "out.npy"]}.get(command, [])
