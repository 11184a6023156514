"""Seeded random riichi hands of every yaku, and their value by the ``mahjong`` package's
``HandCalculator`` (the reference the riichi scorer is checked against).

A :class:`Case` holds a hand as the scorer's scalar query takes it (tile text with red fives
written ``0``, melds as (kind, tiles text), the flags as keywords) and as its batch query
takes it (:meth:`Case.batch_row`). :func:`random_case` builds a winning hand of a theme (the
tiles it draws from and the melds it favours), then a situation that can hold; half the time
:func:`changed_case` swaps a tile, so the hand may not win.

Tiles: 0-8 characters, 9-17 dots, 18-26 bamboo, 27-30 winds E S W N, 31-33 white green red.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

N_TILES = 34
SUITS = "mps"
FIVES = (4, 13, 22)
TERMINALS = tuple(s * 9 + r for s in range(3) for r in (0, 8))
HONORS = tuple(range(27, 34))
ORPHANS = TERMINALS + HONORS
GREEN = (19, 20, 21, 23, 25, 32)
SIMPLES = tuple(t for t in range(27) if t % 9 not in (0, 8))
MELD_CODES = {"chow": 1, "pong": 2, "kong": 3, "concealed_kong": 4}
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


@dataclass
class Case:
    """One hand: ``concealed`` the tiles before the win (indices), ``reds`` the red fives per
    suit among all the hand's tiles, ``win`` the win tile, ``win_red`` whether it is the red
    five, ``melds`` (kind, lowest tile, red fives in it), the situation keywords, the dora and
    ura dora indicators and the theme that drew it."""

    concealed: list[int]
    win: int
    melds: list[tuple[str, int, int]] = field(default_factory=list)
    hand_reds: list[int] = field(default_factory=lambda: [0, 0, 0])
    win_red: bool = False
    flags: dict = field(default_factory=dict)
    seat_wind: int = 0
    round_wind: int = 0
    honba: int = 0
    kyoutaku: int = 0
    dora: list[int] = field(default_factory=list)
    ura_dora: list[int] = field(default_factory=list)
    theme: str = ""

    def counts(self) -> list[int]:
        counts = [0] * N_TILES
        for t in self.concealed:
            counts[t] += 1
        return counts

    def all_tiles(self) -> list[int]:
        tiles = [*self.concealed, self.win]
        for kind, t, _ in self.melds:
            tiles += meld_tiles(kind, t)
        return tiles

    def reds(self) -> int:
        return sum(self.hand_reds) + int(self.win_red) + sum(r for _, _, r in self.melds)

    def hand_text(self) -> str:
        return tiles_text(self.concealed, self.hand_reds)

    def win_text(self) -> str:
        return f"{0 if self.win_red else self.win % 9 + 1}{'mpsz'[self.win // 9]}"

    def meld_args(self) -> list[tuple[str, str]]:
        out = []
        for kind, t, red in self.melds:
            r = [0, 0, 0]
            if red:
                r[t // 9] = 1
            out.append((kind, tiles_text(meld_tiles(kind, t), r)))
        return out

    def kwargs(self) -> dict:
        return dict(**self.flags, seat_wind=self.seat_wind, round_wind=self.round_wind, honba=self.honba,
                    kyoutaku=self.kyoutaku, dora=list(self.dora), ura_dora=list(self.ura_dora))

    def batch_row(self) -> tuple[list[int], int, list[list[int]], int, list[int], list[int]]:
        """(counts, win tile, meld rows, red fives, dora row, ura dora row) of the batch query."""
        melds = [[MELD_CODES[kind], t] for kind, t, _ in self.melds]
        melds += [[0, 0]] * (4 - len(melds))
        pad = [-1] * 5
        return (self.counts(), self.win, melds, self.reds(), (self.dora + pad)[:5], (self.ura_dora + pad)[:5])


def tiles_text(tiles: list[int], reds: list[int]) -> str:
    """Tenhou text of tiles, the first ``reds[s]`` fives of suit s written 0."""
    parts = []
    for s, suit in enumerate("mpsz"):
        ranks = sorted(t % 9 + 1 for t in tiles if t // 9 == s)
        if s < 3:
            n_red = reds[s]
            digits = []
            for r in ranks:
                if r == 5 and n_red:
                    digits.append("0")
                    n_red -= 1
                else:
                    digits.append(str(r))
            ranks_text = "".join(digits)
        else:
            ranks_text = "".join(map(str, ranks))
        if ranks_text:
            parts.append(ranks_text + suit)
    return "".join(parts)


def meld_tiles(kind: str, t: int) -> list[int]:
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * (3 if kind == "pong" else 4)


# --- themes: the tiles a hand draws from --------------------------------------------------

def _suit(s: int) -> list[int]:
    return list(range(9 * s, 9 * s + 9))


THEMES = {
    "any": lambda rng: list(range(N_TILES)),
    "simples": lambda rng: list(SIMPLES),
    "one_suit": lambda rng: _suit(int(rng.integers(3))),
    "one_suit_honors": lambda rng: _suit(int(rng.integers(3))) + list(HONORS),
    "outside": lambda rng: list(range(N_TILES)),
    "terminals_honors": lambda rng: list(ORPHANS),
    "terminals": lambda rng: list(TERMINALS),
    "honors": lambda rng: list(HONORS),
    "green": lambda rng: list(GREEN),
    "dragons_winds": lambda rng: list(range(N_TILES)),
    "triplets": lambda rng: list(range(N_TILES)),
    "chows": lambda rng: list(range(27)),
    "kongs": lambda rng: list(range(N_TILES)),
    "straight": lambda rng: list(range(N_TILES)),
    "sanshoku": lambda rng: list(range(N_TILES)),
    "doukou": lambda rng: list(range(N_TILES)),
    "junchan": lambda rng: list(TERMINALS),
    "winds": lambda rng: list(range(N_TILES)),
}
SPECIAL = ("seven_pairs", "thirteen_orphans", "nine_gates")


def _chow_ok(t: int, pool: set) -> bool:
    return t < 27 and t % 9 <= 6 and {t, t + 1, t + 2} <= pool


def _groups(rng, theme: str) -> tuple[list[tuple[str, int]], int] | None:
    """Four melds and a pair of a theme, within four copies of each tile."""
    pool = set(THEMES[theme](rng))
    counts = [0] * N_TILES
    melds: list[tuple[str, int]] = []
    if theme == "straight":
        s = 9 * int(rng.integers(3))
        melds += [("chow", s), ("chow", s + 3), ("chow", s + 6)]
    elif theme == "sanshoku":
        r = int(rng.integers(7))
        melds += [("chow", r), ("chow", 9 + r), ("chow", 18 + r)]
    elif theme == "doukou":
        r = int(rng.integers(9))
        melds += [("pong", r), ("pong", 9 + r), ("pong", 18 + r)]
    elif theme == "junchan":
        melds += [("chow", 9 * int(rng.integers(3)) + 6 * int(rng.integers(2)))]
    if theme in ("straight", "sanshoku", "doukou", "junchan"):
        pair = int(rng.choice(TERMINALS if theme == "junchan" else range(N_TILES)))
        pool |= set(TERMINALS)
        theme = "outside" if theme == "junchan" else "any"
    elif theme == "winds":
        winds = [int(t) for t in rng.permutation(4)[:int(rng.integers(3, 5))] + 27]
        melds += [("pong", t) for t in winds]
        pair = int(rng.choice([t for t in range(N_TILES) if t not in winds]))
        theme = "any"
    elif theme == "dragons_winds":
        honors = [int(t) for t in rng.choice(HONORS, size=int(rng.integers(2, 5)), replace=False)]
        melds += [("pong", t) for t in honors[:-1]]
        pair = honors[-1]
    elif theme == "outside":
        pair = int(rng.choice(ORPHANS))
    else:
        pair = int(rng.choice(sorted(pool)))
    counts[pair] += 2
    for kind, t in melds:
        for x in meld_tiles(kind, t):
            counts[x] += 1
    if max(counts) > 4:
        return None
    chow_bias = {"triplets": 0.0, "kongs": 0.2, "chows": 0.95}.get(theme, 0.5)
    attempts = 0
    while len(melds) < 4:
        attempts += 1
        if attempts > 60:
            return None
        if theme == "outside":
            starts = [s * 9 + r for s in range(3) for r in (0, 6)]
            t = int(rng.choice(starts + list(ORPHANS)))
            kind = "chow" if t < 27 and t % 9 in (0, 6) and rng.random() < 0.7 else "pong"
            if kind == "pong" and t not in ORPHANS:
                continue
        else:
            t = int(rng.choice(sorted(pool)))
            kind = "chow" if rng.random() < chow_bias and _chow_ok(t, pool) else "pong"
        if theme == "chows" and rng.random() < 0.3 and melds and melds[-1][0] == "chow":
            kind, t = melds[-1]  # twin chows for the peikou
        tiles = meld_tiles(kind, t)
        if any(counts[x] + tiles.count(x) > 4 for x in set(tiles)):
            continue
        for x in tiles:
            counts[x] += 1
        melds.append((kind, t))
    return melds, pair


def _declare(rng, melds: list[tuple[str, int]], theme: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(declared melds, concealed melds): some melds declared, pons sometimes as kongs."""
    rate = {"kongs": 0.6}.get(theme, 0.3)
    closed_bias = rng.random() < 0.4
    declared, concealed = [], []
    for kind, t in melds:
        make_kong = kind == "pong" and rng.random() < (0.5 if theme == "kongs" else 0.08)
        if make_kong:
            declared.append(("concealed_kong" if rng.random() < 0.5 else "kong", t))
        elif not closed_bias and rng.random() < rate:
            declared.append((kind, t))
        else:
            concealed.append((kind, t))
    return declared, concealed


def _special_tiles(rng, form: str) -> list[int]:
    if form == "seven_pairs":
        pool = [list(range(N_TILES)), list(SIMPLES), _suit(int(rng.integers(3))) + list(HONORS), list(ORPHANS)]
        tiles = pool[int(rng.integers(len(pool)))]
        kinds = rng.choice(tiles, size=7, replace=False) if len(tiles) >= 7 else rng.choice(N_TILES, 7, replace=False)
        return [int(t) for t in kinds for _ in range(2)]
    if form == "thirteen_orphans":
        return list(ORPHANS) + [int(rng.choice(ORPHANS))]
    s = 9 * int(rng.integers(3))
    return [s, s, s, *range(s + 1, s + 8), s + 8, s + 8, s + 8, s + int(rng.integers(9))]


def _reds(rng, counts: list[int], aka: bool) -> list[int]:
    """Red fives per suit: under aka, a suit's five is red half the time, always when all four are held."""
    if not aka:
        return [0, 0, 0]
    return [int(counts[f] == 4 or (counts[f] > 0 and rng.random() < 0.5)) for f in FIVES]


def _indicators(rng, counts: list[int], n: int) -> list[int]:
    shown = []
    for _ in range(n):
        for _ in range(20):
            t = int(rng.integers(N_TILES))
            if counts[t] + shown.count(t) < 4:
                shown.append(t)
                break
    return shown


def _situation(rng, case: Case, kongs: int, opened: bool, counts_all: list[int]) -> None:
    """Flags, winds, sticks and dora that can hold together for the hand."""
    tsumo = bool(rng.random() < 0.5)
    flags = dict.fromkeys(FLAGS, False)
    flags["tsumo"] = tsumo
    if not opened and rng.random() < 0.5:
        flags["double_riichi" if rng.random() < 0.15 else "riichi"] = True
        flags["ippatsu"] = bool(rng.random() < 0.3)
    held = counts_all[case.win] > 1 or case.win in case.concealed
    if tsumo:
        if kongs and rng.random() < 0.3:
            flags["rinshan"] = True
        elif rng.random() < 0.1:
            flags["haitei"] = True
    else:
        if not held and rng.random() < 0.15:
            flags["chankan"] = True
        elif rng.random() < 0.1:
            flags["houtei"] = True
    case.seat_wind = int(rng.integers(4))
    case.round_wind = int(rng.integers(4))
    if tsumo and not case.melds and rng.random() < 0.05:
        flags["tenhou" if case.seat_wind == 0 else "chiihou"] = True
    case.flags = flags
    case.honba = int(rng.integers(4)) if rng.random() < 0.3 else 0
    case.kyoutaku = int(rng.integers(3)) if rng.random() < 0.3 else 0
    case.dora = _indicators(rng, counts_all, int(rng.integers(0, 4)))
    shown = list(counts_all)
    for t in case.dora:
        shown[t] += 1
    if flags["riichi"] or flags["double_riichi"] or rng.random() < 0.2:
        case.ura_dora = _indicators(rng, shown, len(case.dora) or 1)


def random_case(rng, aka: bool = False, theme: str | None = None) -> Case:
    """A winning hand of ``theme`` (drawn when None) with a situation that can hold."""
    names = list(THEMES) + list(SPECIAL)
    while True:
        theme_now = theme or names[int(rng.integers(len(names)))]
        if theme_now in SPECIAL:
            tiles = _special_tiles(rng, theme_now)
            declared: list[tuple[str, int]] = []
        else:
            drawn = _groups(rng, theme_now)
            if drawn is None:
                continue
            melds, pair = drawn
            declared, concealed_melds = _declare(rng, melds, theme_now)
            tiles = [pair, pair] + [x for kind, t in concealed_melds for x in meld_tiles(kind, t)]
        win = int(tiles[int(rng.integers(len(tiles)))])
        concealed = list(tiles)
        concealed.remove(win)
        counts_all = [0] * N_TILES
        for t in tiles:
            counts_all[t] += 1
        for kind, t in declared:
            for x in meld_tiles(kind, t):
                counts_all[x] += 1
        if max(counts_all) > 4:
            continue
        reds = _reds(rng, counts_all, aka)
        case = Case(sorted(concealed), win, theme=theme_now)
        # place each suit's red five: in the concealed tiles, the win tile or a meld
        for s, red in enumerate(reds):
            if not red:
                continue
            five = FIVES[s]
            places = (["hand"] * case.concealed.count(five) + ["win"] * int(win == five)
                      + [i for i, m in enumerate(declared) if five in meld_tiles(m[0], m[1])])
            place = places[int(rng.integers(len(places)))]
            if place == "hand":
                case.hand_reds[s] = 1
            elif place == "win":
                case.win_red = True
            else:
                declared[place] = (*declared[place], 1)  # type: ignore[assignment]
        case.melds = [(m[0], m[1], m[2] if len(m) > 2 else 0) for m in declared]  # type: ignore[misc]
        kongs = sum(kind in ("kong", "concealed_kong") for kind, _, _ in case.melds)
        opened = any(kind != "concealed_kong" for kind, _, _ in case.melds)
        _situation(rng, case, kongs, opened, counts_all)
        return case


def changed_case(rng, case: Case) -> Case:
    """The case with one concealed tile swapped for another (within four copies; no red moved)."""
    for _ in range(50):
        i = int(rng.integers(len(case.concealed)))
        t = int(rng.integers(N_TILES))
        concealed = list(case.concealed)
        old = concealed[i]
        if old in FIVES and case.hand_reds[FIVES.index(old)]:
            continue
        concealed[i] = t
        changed = replace(case, concealed=sorted(concealed), flags=dict(case.flags))
        counts = [0] * N_TILES
        for x in changed.all_tiles() + changed.dora + changed.ura_dora:
            counts[x] += 1
        if max(counts) <= 4 and not (changed.flags.get("chankan") and t == case.win):
            return changed
    return case


# --- the reference: HandCalculator --------------------------------------------------------

def calculator_args(case: Case, rules: dict) -> dict:
    """The keyword arguments of ``HandCalculator.estimate_hand_value`` for the case (136-tile
    indices, the red fives as the first copy of each five). ``rules``: the keywords of
    ``riichi.Rules``."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    kazoe = {"yakuman": HandConfig.KAZOE_LIMITED, "sanbaiman": HandConfig.KAZOE_SANBAIMAN,
             "unlimited": HandConfig.KAZOE_NO_LIMIT}[rules.get("kazoe", "yakuman")]
    options = OptionalRules(has_open_tanyao=rules.get("kuitan", False), has_aka_dora=rules.get("aka", False),
                            has_double_yakuman=rules.get("double_yakuman", True), kazoe_limit=kazoe,
                            kiriage=rules.get("kiriage", False),
                            fu_for_open_pinfu=rules.get("fu_for_open_pinfu", True),
                            fu_for_pinfu_tsumo=rules.get("fu_for_pinfu_tsumo", False))
    free = {t: [1, 2, 3, 0] if t in FIVES else [0, 1, 2, 3] for t in range(N_TILES)}

    def take(t: int, red: bool = False) -> int:
        copy = 0 if red else free[t][0]
        free[t].remove(copy)
        return 4 * t + copy

    melds136 = []
    all136 = []
    for kind, t, red in case.melds:
        tiles = meld_tiles(kind, t)
        taken = []
        used_red = False
        for x in tiles:
            r = bool(red) and x in FIVES and not used_red
            used_red = used_red or r
            taken.append(take(x, r))
        meld_type = {"chow": Meld.CHI, "pong": Meld.PON, "kong": Meld.KAN, "concealed_kong": Meld.KAN}[kind]
        melds136.append(Meld(meld_type=meld_type, tiles=taken, opened=kind != "concealed_kong"))
        all136 += taken
    win136 = take(case.win, case.win_red)
    reds = list(case.hand_reds)
    for t in case.concealed:
        red = t in FIVES and reds[FIVES.index(t)] > 0
        if red:
            reds[FIVES.index(t)] -= 1
        all136.append(take(t, red))
    all136.append(win136)
    dora = [take(t) for t in case.dora]
    ura = [take(t) for t in case.ura_dora]
    f = case.flags
    config = HandConfig(is_tsumo=f.get("tsumo", False), is_riichi=f.get("riichi", False),
                        is_daburu_riichi=f.get("double_riichi", False), is_ippatsu=f.get("ippatsu", False),
                        is_rinshan=f.get("rinshan", False), is_chankan=f.get("chankan", False),
                        is_haitei=f.get("haitei", False), is_houtei=f.get("houtei", False),
                        is_tenhou=f.get("tenhou", False), is_chiihou=f.get("chiihou", False),
                        player_wind=27 + case.seat_wind, round_wind=27 + case.round_wind,
                        tsumi_number=case.honba, kyoutaku_number=case.kyoutaku, options=options)
    return dict(tiles=all136, win_tile=win136, melds=melds136, dora_indicators=dora, config=config,
                ura_dora_indicators=ura)


def reference(case: Case, rules: dict) -> tuple | None:
    """(han, fu, main, additional, total, yakuman level, sorted yaku, sorted fu details) of the
    case by ``HandCalculator``; None when it does not win; (0,) when it wins with no yaku.
    ``rules``: the keywords of ``riichi.Rules``."""
    from mahjong.hand_calculating.hand import HandCalculator

    args = calculator_args(case, rules)
    got = HandCalculator.estimate_hand_value(**args)
    if got.error == HandCalculator.ERR_HAND_NOT_WINNING:
        return None
    if got.error == HandCalculator.ERR_NO_YAKU:
        return (0,)
    assert got.error is None, got.error
    opened = any(m.opened for m in args["melds"])
    yaku = sorted((y.name, y.han_open if opened and y.han_open else y.han_closed) for y in got.yaku)
    details = sorted((d["reason"], d["fu"]) for d in got.fu_details or [])
    return (got.han, got.fu, got.cost["main"], got.cost["additional"], got.cost["total"], got.cost["yaku_level"],
            yaku, details)


def ours(result) -> tuple | None:
    """A ``riichi.score`` result in the form of :func:`reference`."""
    if result is None:
        return None
    if result.han == 0:
        return (0,)
    return (result.han, result.fu, result.main, result.additional, result.total, result.level, sorted(result.yaku),
            sorted(result.fu_details))
