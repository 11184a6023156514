"""Chinese Official (国标, MCR) fan scoring, slow and literal: the test twin of a compiled scorer.

:func:`score` reads a winning hand every way it can be read (:func:`readings`: four melds and a
pair with the declared melds, 七对, 十三幺, 全不靠/七星不靠, 组合龙 with one meld and a pair),
lists the fans of each reading with one small predicate per fan (:data:`FANS`, the 81 fans of
the rules in their order), drops the fans the rules say not to count (:func:`apply_exclusions`,
driven by the data in :data:`EXCLUDES`) and keeps the reading of the highest total.
Nothing here imports the runtime.

Tiles: 0-8 characters 1-9, 9-17 dots 1-9, 18-26 bamboo 1-9, 27-30 the winds E S W N, then
31 white, 32 green, 33 red (the order of ``lookup.mahjong``). A chow is named by its lowest tile.

Where the rules leave room, this reads them as the calculator the tests check it against
(pymahjonggb, used by Botzone and the IJCAI contests) does:

- one concealed and one exposed kong score 明暗杠 (5 points) instead of 暗杠 + 明杠;
- 边张, 嵌张 and 单钓将 need a hand waiting on one tile only (a tile whose copies are all in
  sight still counts as a wait); a hand of the special forms scores no wait, nor 门前清/不求人;
- a pung completed by a discarded win tile is exposed, unless that tile can be read as part
  of a concealed chow instead;
- a flag that cannot hold is dropped (:func:`situation`): 和绝张 when the hand holds the win
  tile, 抢杠和 when the hand or its melds hold it, 杠上开花 without a kong; 和绝张 is forced when
  the player's own melds show the other three copies;
- of readings of equal total it keeps the first it finds (:func:`search_order`), unless a
  later one counts 一色三同顺 or 三同刻, or the first is 七对 (:func:`replaces`).

There is no minimum: a hand of any total scores (:func:`reaches_minimum` checks the 8 fans of
the rules, flowers not counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

N_TILES = 34
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONORS
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # bamboo 2 3 4 6 8 and the green dragon
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})  # dots 1234589, bamboo 245689, white
KNITTED = tuple(tuple(sorted(9 * s + r for s, first in zip(suits, (0, 1, 2)) for r in (first, first + 3, first + 6)))
                for suits in permutations(range(3)))
"""The six knitted straights (组合龙): 147 of one suit, 258 of another, 369 of the third."""
MIN_FANS = 8
SEARCH_TILE_ORDER = tuple(range(9)) + tuple(range(18, 27)) + tuple(range(9, 18)) + WINDS + (33, 32, 31)
"""The tiles in the order the calculator searches them: characters, bamboo, dots, winds, red green white."""


def suit(t: int) -> int:
    """0 characters, 1 dots, 2 bamboo, 3 honors."""
    return t // 9 if t < 27 else 3


def rank(t: int) -> int:
    """The number 1-9 of a numbered tile."""
    return t % 9 + 1


# --- the hand and its readings --------------------------------------------------------------

@dataclass(frozen=True)
class Meld:
    """A meld: ``kind`` "chow" (``tile`` its lowest), "pong" or "kong"; ``declared`` before the
    win; ``concealed`` when no tile of it was claimed (the hand's melds, concealed kongs)."""
    kind: str
    tile: int
    declared: bool = False
    concealed: bool = True

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    @property
    def is_pung(self) -> bool:
        return self.kind in ("pong", "kong")


@dataclass(frozen=True)
class Reading:
    """One way to read a winning hand: ``form`` "standard" (``melds`` and ``pair``), "seven_pairs",
    "thirteen_orphans", "honors_knitted" (全不靠, 七星不靠) or "knitted_straight" (``knitted``, the
    nine tiles of the 组合龙, with one meld and the pair); ``counts`` holds every tile, kongs' four."""
    form: str
    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    pair: int | None = None
    knitted: tuple[int, ...] = ()

    @property
    def tiles(self) -> list[int]:
        return [t for t in range(N_TILES) for _ in range(self.counts[t])]


@dataclass(frozen=True)
class Situation:
    """What the fans depend on besides the reading: the concealed hand before the win (34 counts),
    the win tile, the declared melds, the flags (as :func:`situation` corrects them), the winds."""
    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]
    self_drawn: bool
    fourth_tile: bool
    kong: bool
    last_tile: bool
    seat_wind: int
    round_wind: int
    flowers: int


@dataclass(frozen=True)
class Score:
    """A scored hand: ``total`` (flowers included), ``fans`` one (name, points) per fan counted,
    ``decomposition`` the reading that scored it."""
    total: int
    fans: list[tuple[str, int]]
    decomposition: Reading


def declared_meld(kind: str, tile: int) -> Meld:
    """A declared meld from its (kind, tile) pair: "chow", "pong", "kong" (exposed), "concealed_kong"."""
    if kind not in ("chow", "pong", "kong", "concealed_kong"):
        raise ValueError(f"unknown meld kind {kind!r}")
    if not 0 <= tile < N_TILES or (kind == "chow" and (tile >= 27 or rank(tile) > 7)):
        raise ValueError(f"no {kind} at tile {tile}")
    if kind == "concealed_kong":
        return Meld("kong", tile, declared=True, concealed=True)
    return Meld(kind, tile, declared=True, concealed=False)


def situation(hand, win_tile, melds=(), *, self_drawn=False, fourth_tile=False, kong=False,
              last_tile=False, seat_wind=0, round_wind=0, flowers=0) -> Situation:
    """Checks the tiles (13 - 3 per meld in hand, at most 4 of a kind) and drops the flags that
    cannot hold: 和绝张 with the win tile in hand (forced when the melds show its other three
    copies), 抢杠和 with it in hand or melds, 杠上开花 with no kong declared."""
    hand = tuple(int(n) for n in hand)
    melds = tuple(declared_meld(kind, int(tile)) for kind, tile in melds)
    if len(hand) != N_TILES or min(hand) < 0 or not 0 <= win_tile < N_TILES:
        raise ValueError("a hand is 34 counts and the win tile an index 0..33")
    if len(melds) > 4 or sum(hand) != 13 - 3 * len(melds):
        raise ValueError(f"{sum(hand)} tiles in hand with {len(melds)} melds")
    total = list(hand)
    total[win_tile] += 1
    for m in melds:
        for t in m.tiles:
            total[t] += 1
    if max(total) > 4:
        raise ValueError("more than 4 copies of a tile")
    in_melds = sum(m.tiles.count(win_tile) for m in melds)
    fourth_tile = (fourth_tile and not hand[win_tile]) or in_melds == 3
    if self_drawn:
        kong = kong and any(m.kind == "kong" for m in melds)
    else:
        kong = kong and not hand[win_tile] and not in_melds
    return Situation(hand, win_tile, melds, bool(self_drawn), bool(fourth_tile), bool(kong), bool(last_tile),
                     int(seat_wind), int(round_wind), int(flowers))


@cache
def meld_splits(counts: tuple[int, ...]) -> frozenset[tuple[tuple[str, int], ...]]:
    """Every way to split the tiles of ``counts`` into melds only, each a sorted tuple of
    ("pong" | "chow", tile): the lowest tile left is in a pong or in the chow it starts."""
    first = next((t for t in range(N_TILES) if counts[t]), None)
    if first is None:
        return frozenset({()})
    found = set()
    c = list(counts)
    if c[first] >= 3:
        c[first] -= 3
        found |= {tuple(sorted(rest + (("pong", first),))) for rest in meld_splits(tuple(c))}
        c[first] += 3
    if first < 27 and rank(first) <= 7 and c[first + 1] and c[first + 2]:
        for t in (first, first + 1, first + 2):
            c[t] -= 1
        found |= {tuple(sorted(rest + (("chow", first),))) for rest in meld_splits(tuple(c))}
    return frozenset(found)


def melds_and_pair(counts) -> list[tuple[tuple[tuple[str, int], ...], int]]:
    """Every (melds, pair tile) split of ``counts`` into melds and one pair."""
    out = []
    for p in range(N_TILES):
        if counts[p] >= 2:
            c = list(counts)
            c[p] -= 2
            out += [(melds, p) for melds in meld_splits(tuple(c))]
    return out


def is_seven_pairs(counts) -> bool:
    """Fourteen tiles in pairs (four of a kind are two pairs)."""
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


@cache
def waiting_tiles(hand: tuple[int, ...], n_melds: int) -> frozenset[int]:
    """The tiles that would complete ``hand`` (its declared melds aside) into melds and a pair,
    or into seven pairs when nothing is declared, copies left or not."""
    waits = set()
    for x in range(N_TILES):
        c = list(hand)
        c[x] += 1
        if melds_and_pair(c) or (n_melds == 0 and is_seven_pairs(c)):
            waits.add(x)
    return frozenset(waits)


def search_order(r: Reading) -> tuple:
    """The order the calculator finds readings in: a special form first, then the standard
    readings by their concealed melds, sorted, each keyed by its first tile in
    :data:`SEARCH_TILE_ORDER` (a pong before a chow)."""
    if r.form != "standard":
        return (0,)
    keys = sorted((SEARCH_TILE_ORDER.index(m.tile), m.kind == "chow") for m in r.melds if not m.declared)
    return (1, tuple(keys))


def replaces(names: list[str], best_names: list[str]) -> bool:
    """Whether a reading (fan ``names``) replaces an earlier one of equal total: when it counts
    一色三同顺 or 三同刻, or when the earlier ones include 七对 (the standard form wins ties)."""
    return "一色三同顺" in names or "三同刻" in names or "七对" in best_names


def readings(s: Situation) -> list[Reading]:
    """Every reading of the hand plus its win tile with the declared melds, in :func:`search_order`."""
    concealed = list(s.hand)
    concealed[s.win_tile] += 1
    counts = list(concealed)
    for m in s.melds:
        for t in m.tiles:
            counts[t] += 1
    counts = tuple(counts)
    found = [Reading("standard", counts, s.melds + tuple(Meld(kind, t) for kind, t in melds), pair)
             for melds, pair in melds_and_pair(concealed) if len(melds) + len(s.melds) == 4]
    if not s.melds:
        if is_seven_pairs(concealed):
            found.append(Reading("seven_pairs", counts))
        if all(concealed[t] for t in ORPHANS) and sum(concealed[t] for t in ORPHANS) == 14:
            found.append(Reading("thirteen_orphans", counts))
        numbered = {t for t in range(27) if concealed[t]}
        if max(concealed) == 1 and any(numbered <= set(k) for k in KNITTED):
            found.append(Reading("honors_knitted", counts))
    if len(s.melds) <= 1:
        for knitted in KNITTED:
            if all(concealed[t] for t in knitted):
                rest = list(concealed)
                for t in knitted:
                    rest[t] -= 1
                for melds, pair in melds_and_pair(rest):
                    meld = s.melds or tuple(Meld(kind, t) for kind, t in melds)
                    if len(meld) == 1:
                        found.append(Reading("knitted_straight", counts, meld, pair, knitted))
    return sorted(found, key=search_order)


# --- what the predicates read --------------------------------------------------------------

def indexed(r: Reading, test) -> list[tuple[int, Meld]]:
    return [(i, m) for i, m in enumerate(r.melds) if test(m)]


def chows(r: Reading) -> list[tuple[int, Meld]]:
    return indexed(r, lambda m: m.kind == "chow")


def pungs(r: Reading) -> list[tuple[int, Meld]]:
    return indexed(r, lambda m: m.is_pung)


def groups(r: Reading) -> list[tuple[int, ...]]:
    """The tiles of each meld and of the pair (the standard form)."""
    return [m.tiles for m in r.melds] + [(r.pair, r.pair)]


def exposed(s: Situation) -> list[Meld]:
    """The declared melds with a claimed tile (all but concealed kongs)."""
    return [m for m in s.melds if not m.concealed]


def kongs(r: Reading) -> tuple[int, int]:
    """(kongs, concealed kongs)."""
    ks = [m for m in r.melds if m.kind == "kong"]
    return len(ks), sum(m.concealed for m in ks)


def concealed_pungs(r: Reading, s: Situation) -> int:
    """Pungs and kongs with no claimed tile; a pung the discarded win tile completes is exposed,
    unless that tile can be read as part of a concealed chow."""
    n = sum(m.is_pung and m.concealed for m in r.melds)
    in_chow = any(m.kind == "chow" and not m.declared and s.win_tile in m.tiles for m in r.melds)
    if not s.self_drawn and not in_chow and any(m.kind == "pong" and not m.declared and m.tile == s.win_tile
                                                 for m in r.melds):
        n -= 1
    return n


def wait(r: Reading, s: Situation) -> str | None:
    """边张, 嵌张 or 单钓将 (in that order of precedence) when the hand waited on one tile only:
    the win tile completes 12 into 123 or 89 into 789, sits in the middle of a concealed chow,
    or pairs a single tile. A 组合龙 reading looks at its meld and pair only: with the win tile
    in them, those tiles less it must wait on it alone; with a declared meld, the hand must
    have held the win tile (the pair's other tile)."""
    w = s.win_tile
    if r.form == "standard":
        if len(waiting_tiles(s.hand, len(s.melds))) != 1:
            return None
    elif r.form == "knitted_straight":
        if s.melds:  # one declared meld: a single wait when the hand already held the win tile
            return "单钓将" if s.hand[w] else None
        rest = [0] * N_TILES
        for t in r.melds[0].tiles + (r.pair, r.pair):
            rest[t] += 1
        if not rest[w]:
            return None
        rest[w] -= 1
        if len({x for x in range(N_TILES) if melds_and_pair([n + (x == t) for t, n in enumerate(rest)])}) != 1:
            return None
    else:
        return None
    hand_chows = [m.tile for _, m in chows(r) if not m.declared]
    if any((rank(c) == 1 and w == c + 2) or (rank(c) == 7 and w == c) for c in hand_chows):
        return "边张"
    if any(w == c + 1 for c in hand_chows):
        return "嵌张"
    return "单钓将" if r.pair == w else None


# --- one predicate per fan: the places it is found (meld indices; () for the whole hand) ----

Where = tuple[int, ...]


def once(found: bool) -> list[Where]:
    return [()] if found else []


def forms(*names):
    """A predicate of the whole hand, found in readings of the given forms."""
    def wrap(test):
        return lambda r, s: once(r.form in names and bool(test(r, s)))
    return wrap


ANY_FORM = ("standard", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")
MELD_FORMS = ("standard", "knitted_straight")


def chow_fan(k: int, test):
    """Every k chows whose lowest tiles, sorted, pass ``test``."""
    return lambda r, s: [tuple(i for i, _ in c) for c in combinations(chows(r), k)
                         if test(sorted(m.tile for _, m in c))]


def pung_fan(k: int, test):
    """Every k pungs (or kongs) whose tiles, sorted, pass ``test``."""
    return lambda r, s: [tuple(i for i, _ in c) for c in combinations(pungs(r), k)
                         if test(sorted(m.tile for _, m in c))]


def one_suit(ts) -> bool:
    return all(t < 27 for t in ts) and len({suit(t) for t in ts}) == 1


def three_suits(ts) -> bool:
    return all(t < 27 for t in ts) and len({suit(t) for t in ts}) == 3


def steps(ts, *gaps) -> bool:
    """Sorted tiles (or ranks) that go up by one of ``gaps`` each time."""
    return any(all(b - a == g for a, b in zip(ts, ts[1:])) for g in gaps)


def ranks(ts) -> list[int]:
    return sorted(rank(t) for t in ts)


def nine_gates(r: Reading, s: Situation) -> bool:
    """The hand before the win is 1112345678999 of one suit."""
    return r.form == "standard" and not s.melds and any(
        list(s.hand[9 * k:9 * k + 9]) == [3, 1, 1, 1, 1, 1, 1, 1, 3] for k in range(3))


def shifted_pairs(r: Reading, s: Situation) -> bool:
    """Seven pairs on seven consecutive tiles of a suit."""
    tiles = sorted(set(r.tiles))
    return r.form == "seven_pairs" and len(tiles) == 7 and one_suit(tiles) and steps(tiles, 1)


def terminal_chows(r: Reading, s: Situation) -> bool:
    """Two 123 and two 789 of the pair's suit, the pair its 5."""
    lows = sorted(m.tile for _, m in chows(r))
    p = r.pair
    return len(lows) == 4 and p < 27 and rank(p) == 5 and lows == [p - 4, p - 4, p + 2, p + 2]


def three_suited_terminal_chows(r: Reading, s: Situation) -> bool:
    """123 and 789 of each of two suits, the pair the 5 of the third."""
    lows = sorted(m.tile for _, m in chows(r))
    p = r.pair
    if len(lows) != 4 or p >= 27 or rank(p) != 5:
        return False
    others = [k for k in range(3) if k != suit(p)]
    return lows == sorted(9 * k + low for k in others for low in (0, 6))


def every_group(test):
    """A standard reading whose melds and pair all pass ``test`` (on their tiles)."""
    return forms("standard")(lambda r, s: all(test(g) for g in groups(r)))


def tile_hogs(r: Reading, s: Situation) -> list[Where]:
    """Four copies of a tile not declared as a kong, once per such tile."""
    return [()] * (sum(n == 4 for n in r.counts) - kongs(r)[0])


def concealed_hand(r: Reading, s: Situation) -> bool:
    return not exposed(s)


def all_chows(r: Reading, s: Situation) -> bool:
    """Chows only (a 组合龙 counts as three) and a numbered pair."""
    return all(m.kind == "chow" for m in r.melds) and r.pair < 27


def numbered_suits(r: Reading) -> set[int]:
    return {suit(t) for t in r.tiles if t < 27}


def has_honors(r: Reading) -> bool:
    return any(t >= 27 for t in r.tiles)


def wind_pung(which: str):
    """The pung of the prevalent (round) or the seat wind."""
    def found(r, s):
        wind = 27 + (s.round_wind if which == "round" else s.seat_wind)
        return [(i,) for i, m in pungs(r) if m.tile == wind]
    return found


def little_winds(r: Reading, s: Situation) -> list[Where]:
    return [w for w in pung_fan(3, lambda ts: all(t in WINDS for t in ts))(r, s) if r.pair in WINDS]


def little_dragons(r: Reading, s: Situation) -> list[Where]:
    return [w for w in pung_fan(2, lambda ts: all(t in DRAGONS for t in ts))(r, s) if r.pair in DRAGONS]


def ranks_within(allowed: set[int]):
    """A hand of numbered tiles whose ranks are all in ``allowed``."""
    return lambda r, s: once(all(t < 27 and rank(t) in allowed for t in r.tiles))


def wait_fan(name: str):
    return lambda r, s: once(wait(r, s) == name)


def kong_fan(n: int, concealed: int | None = None):
    """Exactly ``n`` kongs, ``concealed`` of them concealed (any number when None)."""
    return lambda r, s: once(kongs(r)[0] == n and concealed in (None, kongs(r)[1]))


FANS: list[tuple[str, int, object]] = [
    # 88
    ("大四喜", 88, pung_fan(4, lambda ts: all(t in WINDS for t in ts))),
    ("大三元", 88, pung_fan(3, lambda ts: all(t in DRAGONS for t in ts))),
    ("绿一色", 88, forms(*ANY_FORM)(lambda r, s: all(t in GREEN for t in r.tiles))),
    ("九莲宝灯", 88, lambda r, s: once(nine_gates(r, s))),
    ("四杠", 88, kong_fan(4)),
    ("连七对", 88, lambda r, s: once(shifted_pairs(r, s))),
    ("十三幺", 88, forms("thirteen_orphans")(lambda r, s: True)),
    # 64
    ("清幺九", 64, forms("standard", "seven_pairs")(lambda r, s: all(t in TERMINALS for t in r.tiles))),
    ("小四喜", 64, little_winds),
    ("小三元", 64, little_dragons),
    ("字一色", 64, forms(*ANY_FORM)(lambda r, s: all(t >= 27 for t in r.tiles))),
    ("四暗刻", 64, lambda r, s: once(concealed_pungs(r, s) == 4)),
    ("一色双龙会", 64, lambda r, s: once(terminal_chows(r, s))),
    # 48
    ("一色四同顺", 48, chow_fan(4, lambda ts: steps(ts, 0))),
    ("一色四节高", 48, pung_fan(4, lambda ts: one_suit(ts) and steps(ts, 1))),
    # 32
    ("一色四步高", 32, chow_fan(4, lambda ts: one_suit(ts) and steps(ts, 1, 2))),
    ("三杠", 32, kong_fan(3)),
    ("混幺九", 32, forms("standard", "seven_pairs")(
        lambda r, s: all(t in ORPHANS for t in r.tiles) and has_honors(r) and numbered_suits(r))),
    # 24
    ("七对", 24, forms("seven_pairs")(lambda r, s: True)),
    ("七星不靠", 24, forms("honors_knitted")(lambda r, s: all(r.counts[t] for t in HONORS))),
    ("全双刻", 24, every_group(lambda g: g[0] == g[1] and g[0] < 27 and rank(g[0]) % 2 == 0)),
    ("清一色", 24, forms(*ANY_FORM)(lambda r, s: not has_honors(r) and len(numbered_suits(r)) == 1)),
    ("一色三同顺", 24, chow_fan(3, lambda ts: steps(ts, 0))),
    ("一色三节高", 24, pung_fan(3, lambda ts: one_suit(ts) and steps(ts, 1))),
    ("全大", 24, ranks_within({7, 8, 9})),
    ("全中", 24, ranks_within({4, 5, 6})),
    ("全小", 24, ranks_within({1, 2, 3})),
    # 16
    ("清龙", 16, chow_fan(3, lambda ts: one_suit(ts) and ranks(ts) == [1, 4, 7])),
    ("三色双龙会", 16, lambda r, s: once(three_suited_terminal_chows(r, s))),
    ("一色三步高", 16, chow_fan(3, lambda ts: one_suit(ts) and steps(ts, 1, 2))),
    ("全带五", 16, every_group(lambda g: any(t < 27 and rank(t) == 5 for t in g))),
    ("三同刻", 16, pung_fan(3, lambda ts: three_suits(ts) and steps(ranks(ts), 0))),
    ("三暗刻", 16, lambda r, s: once(concealed_pungs(r, s) == 3)),
    # 12
    ("全不靠", 12, forms("honors_knitted")(lambda r, s: not all(r.counts[t] for t in HONORS))),
    ("组合龙", 12, lambda r, s: once(r.form == "knitted_straight"
                                    or (r.form == "honors_knitted" and sum(r.counts[:27]) == 9))),
    ("大于五", 12, ranks_within({6, 7, 8, 9})),
    ("小于五", 12, ranks_within({1, 2, 3, 4})),
    ("三风刻", 12, pung_fan(3, lambda ts: all(t in WINDS for t in ts))),
    # 8
    ("花龙", 8, chow_fan(3, lambda ts: three_suits(ts) and ranks(ts) == [1, 4, 7])),
    ("推不倒", 8, forms(*ANY_FORM)(lambda r, s: all(t in REVERSIBLE for t in r.tiles))),
    ("三色三同顺", 8, chow_fan(3, lambda ts: three_suits(ts) and steps(ranks(ts), 0))),
    ("三色三节高", 8, pung_fan(3, lambda ts: three_suits(ts) and steps(ranks(ts), 1))),
    ("无番和", 8, forms("standard")(lambda r, s: True)),  # dropped by any other fan (apply_exclusions)
    ("妙手回春", 8, lambda r, s: once(s.last_tile and s.self_drawn)),
    ("海底捞月", 8, lambda r, s: once(s.last_tile and not s.self_drawn)),
    ("杠上开花", 8, lambda r, s: once(s.kong and s.self_drawn)),
    ("抢杠和", 8, lambda r, s: once(s.kong and not s.self_drawn)),
    # 6
    ("碰碰和", 6, forms("standard")(lambda r, s: all(m.is_pung for m in r.melds))),
    ("混一色", 6, forms(*ANY_FORM)(lambda r, s: has_honors(r) and len(numbered_suits(r)) == 1)),
    ("三色三步高", 6, chow_fan(3, lambda ts: three_suits(ts) and steps(ranks(ts), 1))),
    ("五门齐", 6, forms(*ANY_FORM)(lambda r, s: len(numbered_suits(r)) == 3 and any(
        r.counts[t] for t in WINDS) and any(r.counts[t] for t in DRAGONS))),
    ("全求人", 6, forms("standard")(lambda r, s: len(exposed(s)) == 4 and not s.self_drawn)),
    ("双暗杠", 6, kong_fan(2, 2)),
    ("双箭刻", 6, pung_fan(2, lambda ts: all(t in DRAGONS for t in ts))),
    # 4
    ("全带幺", 4, every_group(lambda g: any(t in ORPHANS for t in g))),
    ("不求人", 4, forms(*MELD_FORMS)(lambda r, s: concealed_hand(r, s) and s.self_drawn)),
    ("双明杠", 4, kong_fan(2, 0)),
    ("和绝张", 4, lambda r, s: once(s.fourth_tile)),
    # 2
    ("箭刻", 2, pung_fan(1, lambda ts: ts[0] in DRAGONS)),
    ("圈风刻", 2, wind_pung("round")),
    ("门风刻", 2, wind_pung("seat")),
    ("门前清", 2, forms(*MELD_FORMS)(lambda r, s: concealed_hand(r, s) and not s.self_drawn)),
    ("平和", 2, forms(*MELD_FORMS)(all_chows)),
    ("四归一", 2, tile_hogs),
    ("双同刻", 2, pung_fan(2, lambda ts: ts[1] < 27 and rank(ts[0]) == rank(ts[1]))),
    ("双暗刻", 2, lambda r, s: once(concealed_pungs(r, s) == 2)),
    ("暗杠", 2, kong_fan(1, 1)),
    ("断幺", 2, forms(*ANY_FORM)(lambda r, s: not any(t in ORPHANS for t in r.tiles))),
    # 1
    ("一般高", 1, chow_fan(2, lambda ts: ts[0] == ts[1])),
    ("喜相逢", 1, chow_fan(2, lambda ts: suit(ts[0]) != suit(ts[1]) and rank(ts[0]) == rank(ts[1]))),
    ("连六", 1, chow_fan(2, lambda ts: one_suit(ts) and ts[1] - ts[0] == 3)),
    ("老少副", 1, chow_fan(2, lambda ts: one_suit(ts) and ranks(ts) == [1, 7])),
    ("幺九刻", 1, pung_fan(1, lambda ts: ts[0] in TERMINALS or ts[0] in WINDS)),
    ("明杠", 1, kong_fan(1, 0)),
    ("缺一门", 1, forms(*ANY_FORM)(lambda r, s: len(numbered_suits(r)) == 2)),
    ("无字", 1, forms(*ANY_FORM)(lambda r, s: not has_honors(r))),
    ("边张", 1, wait_fan("边张")),
    ("嵌张", 1, wait_fan("嵌张")),
    ("单钓将", 1, wait_fan("单钓将")),
    ("自摸", 1, lambda r, s: once(s.self_drawn)),
    ("花牌", 1, lambda r, s: [()] * s.flowers),
    # the calculator's reading of two kongs, one concealed: 5 points in place of 暗杠 + 明杠
    ("明暗杠", 5, kong_fan(2, 1)),
]
"""(name, points, predicate) of every fan; predicate(reading, situation) lists where it is found."""

OFFICIAL_FANS = [name for name, _, _ in FANS if name != "明暗杠"]
POINTS = {name: points for name, points, _ in FANS}
TABLE_ORDER = {name: i for i, (name, _, _) in enumerate(FANS)}


# --- the rules of exclusion ---------------------------------------------------------------

ALL = "all"
"""Scope: every instance of the fan."""
WITHIN = "within"
"""Scope: the instances on melds of the excluding fan (不拆移: its melds are not split again)."""

EXCLUDES: dict[str, dict[str, str | int]] = {
    "大四喜": {"三风刻": ALL, "碰碰和": ALL, "圈风刻": ALL, "门风刻": ALL, "幺九刻": ALL},
    "大三元": {"双箭刻": ALL, "箭刻": ALL},
    "绿一色": {"混一色": ALL, "缺一门": ALL},
    "九莲宝灯": {"清一色": ALL, "门前清": ALL, "不求人": ALL, "缺一门": ALL, "无字": ALL, "幺九刻": 1},
    "四杠": {"碰碰和": ALL, "单钓将": ALL},
    "连七对": {"七对": ALL, "清一色": ALL, "门前清": ALL, "缺一门": ALL, "无字": ALL, "单钓将": ALL},
    "十三幺": {"五门齐": ALL, "门前清": ALL, "不求人": ALL, "单钓将": ALL},
    "清幺九": {"混幺九": ALL, "碰碰和": ALL, "全带幺": ALL, "幺九刻": ALL, "无字": ALL, "双同刻": ALL},
    "小四喜": {"三风刻": ALL, "幺九刻": ALL},
    "小三元": {"双箭刻": ALL, "箭刻": ALL},
    "字一色": {"混幺九": ALL, "碰碰和": ALL, "全带幺": ALL, "幺九刻": ALL, "缺一门": ALL},
    "四暗刻": {"碰碰和": ALL, "门前清": ALL, "不求人": ALL},
    "一色双龙会": {"七对": ALL, "清一色": ALL, "平和": ALL, "一般高": ALL, "老少副": ALL, "缺一门": ALL, "无字": ALL},
    "一色四同顺": {"一色三同顺": ALL, "一般高": ALL, "四归一": ALL},
    "一色四节高": {"一色三节高": ALL, "碰碰和": ALL},
    "一色四步高": {"一色三步高": ALL, "连六": ALL, "老少副": ALL},
    "混幺九": {"碰碰和": ALL, "全带幺": ALL, "幺九刻": ALL},
    "七对": {"门前清": ALL, "不求人": ALL, "单钓将": ALL},
    "七星不靠": {"全不靠": ALL, "五门齐": ALL, "门前清": ALL, "不求人": ALL, "单钓将": ALL},
    "全双刻": {"碰碰和": ALL, "断幺": ALL, "无字": ALL},
    "清一色": {"缺一门": ALL, "无字": ALL},
    "一色三同顺": {"一色三节高": ALL, "一般高": WITHIN},
    "一色三节高": {"一色三同顺": ALL},
    "全大": {"大于五": ALL, "无字": ALL},
    "全中": {"断幺": ALL, "无字": ALL},
    "全小": {"小于五": ALL, "无字": ALL},
    "清龙": {"连六": WITHIN, "老少副": WITHIN},
    "三色双龙会": {"平和": ALL, "无字": ALL, "喜相逢": ALL, "老少副": ALL},
    "全带五": {"断幺": ALL, "无字": ALL},
    "三同刻": {"双同刻": WITHIN},
    "全不靠": {"五门齐": ALL, "门前清": ALL, "不求人": ALL, "单钓将": ALL},
    "大于五": {"无字": ALL},
    "小于五": {"无字": ALL},
    "三风刻": {"幺九刻": WITHIN},
    "三色三同顺": {"喜相逢": WITHIN},
    "推不倒": {"缺一门": ALL},
    "妙手回春": {"自摸": ALL},
    "杠上开花": {"自摸": ALL},
    "抢杠和": {"和绝张": ALL},
    "双暗杠": {"暗杠": ALL, "双暗刻": ALL},
    "混一色": {"缺一门": ALL},
    "全求人": {"单钓将": ALL},
    "双箭刻": {"箭刻": WITHIN},
    "不求人": {"门前清": ALL, "自摸": ALL},
    "双明杠": {"明杠": ALL},
    "圈风刻": {"幺九刻": WITHIN},
    "门风刻": {"幺九刻": WITHIN},
    "平和": {"无字": ALL},
    "断幺": {"无字": ALL},
}
"""不重复原则 and 不拆移原则: fan -> {fan it implies: scope}; a scope ALL, WITHIN or a number of
instances. A fan excludes only while it counts itself (fans are taken in table order)."""

PAIR_FANS = ("一般高", "喜相逢", "连六", "老少副", "双同刻", "双箭刻")
"""The fans of two melds, in the order they are kept when 套算一次原则 forces a choice."""
ALONE = "无番和"
"""Counts only when no other fan does (flowers aside)."""

Fan = tuple[str, Where]


def combine(groups: dict[int, int], melds: Where) -> bool:
    """Joins the groups of ``melds`` (meld -> the meld it was joined to); False, changing
    nothing, when two of them are in one group already."""
    def root(m: int) -> int:
        while groups.get(m, m) != m:
            m = groups[m]
        return m

    roots = [root(m) for m in melds]
    if len(set(roots)) < len(roots):
        return False
    for r in roots[1:]:
        groups[r] = roots[0]
    return True


def apply_exclusions(found: list[Fan]) -> list[Fan]:
    """The fans that count among ``found`` (name, meld indices), in table order.

    1. 不重复/不拆移: in table order, each fan still counted drops what :data:`EXCLUDES` lists.
    2. 套算一次: fans of three or four melds count once per group of melds they join (in table
       order; one sharing two melds with a counted one does not count); then of the fans of
       two melds, the most that join groups not yet joined (each meld combines once with those
       already combined) where no meld is in two of the same name (不得相同原则): the most
       kinds, then by :data:`PAIR_FANS` order.
    3. 无番和 goes when anything but 花牌 counts.
    """
    fans = sorted(found, key=lambda f: TABLE_ORDER[f[0]])
    alive = [True] * len(fans)
    for i, (name, melds) in enumerate(fans):
        if not alive[i]:
            continue
        for target, scope in EXCLUDES.get(name, {}).items():
            hit = [j for j, (other, where) in enumerate(fans) if alive[j] and other == target
                   and (scope != WITHIN or (where and set(where) <= set(melds)))]
            for j in hit[:scope] if isinstance(scope, int) else hit:
                alive[j] = False

    groups: dict[int, int] = {}
    for i, (_, melds) in enumerate(fans):
        if alive[i] and len(melds) >= 3 and not combine(groups, melds):
            alive[i] = False
    pairs = [i for i, (name, _) in enumerate(fans) if alive[i] and name in PAIR_FANS]
    best, best_key = (), None
    for size in range(len(pairs) + 1):
        for chosen in combinations(pairs, size):
            trial = dict(groups)
            named = [(fans[i][0], m) for i in chosen for m in fans[i][1]]
            if not all(combine(trial, fans[i][1]) for i in chosen) or len(set(named)) < len(named):
                continue
            names = [fans[i][0] for i in chosen]
            key = (size, len(set(names)), tuple(names.count(n) for n in PAIR_FANS))
            if best_key is None or key > best_key:
                best, best_key = chosen, key
    for i in pairs:
        alive[i] = i in best
    kept = [f for f, a in zip(fans, alive) if a]
    if any(name not in (ALONE, "花牌") for name, _ in kept):
        kept = [f for f in kept if f[0] != ALONE]
    return kept


# --- scoring ------------------------------------------------------------------------------

def fans_of(r: Reading, s: Situation) -> list[Fan]:
    """Every fan found in the reading, exclusions applied."""
    return apply_exclusions([(name, where) for name, _, found in FANS for where in found(r, s)])


def score(hand, win_tile, melds=(), *, self_drawn=False, fourth_tile=False, kong=False, last_tile=False,
          seat_wind=0, round_wind=0, flowers=0) -> Score | None:
    """The fans of the hand (34 counts, before the win) with ``win_tile`` and the declared
    ``melds`` ((kind, tile) pairs), None when it does not win; flags and winds as the rules
    name them (``kong``: 杠上开花 when self-drawn, 抢杠和 when not; ``last_tile``: 妙手回春 when
    self-drawn, 海底捞月 when not). Raises ValueError on impossible tiles."""
    s = situation(hand, win_tile, melds, self_drawn=self_drawn, fourth_tile=fourth_tile, kong=kong,
                  last_tile=last_tile, seat_wind=seat_wind, round_wind=round_wind, flowers=flowers)
    best, seven_pairs = None, []
    for r in readings(s):
        fans = [(name, POINTS[name]) for name, _ in fans_of(r, s)]
        total = sum(points for _, points in fans)
        names = [name for name, _ in fans]
        if best is None or total > best.total or (total == best.total and replaces(names, seven_pairs)):
            best = Score(total, fans, r)
        seven_pairs = seven_pairs or [n for n in names if n == "七对"]
    return best


def reaches_minimum(result: Score | None) -> bool:
    """Whether a scored hand reaches the 8 fans a win needs under the rules, flowers not counted
    (the calculator scores any winning hand, whatever its total)."""
    return result is not None and sum(p for name, p in result.fans if name != "花牌") >= MIN_FANS
