"""A plain-Python twin of zipai scoring, for the tests: every candidate enumerated by brute force.

It shares nothing with lookup.zipai.scoring but the card indices: its own unit list, its own
search over the hand's counts, its own placements and 王 readings, and each preset's formula
written out again from docs/zipai-scoring.md. ``twin_best`` gives every best candidate (score,
huxi, tun, fan, 名堂 set), so a test can check the production answer is one of them.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

RED = {1, 6, 9, 11, 16, 19}
WANG = 20


def _groups(yiwushi):
    out = []
    for base in (0, 10):
        big = base == 10
        for n in range(8):
            out.append(("sequence", (base + n, base + n + 1, base + n + 2), (6 if big else 3) if n == 0 else 0))
        out.append(("erqishi", (base + 1, base + 6, base + 9), 6 if big else 3))
        if yiwushi:
            out.append(("yiwushi", (base, base + 4, base + 9), 6 if big else 3))
    for n in range(10):
        out.append(("mixed", (n, n, n + 10), 0))
        out.append(("mixed", (n, n + 10, n + 10), 0))
    return out


GROUPS = {False: _groups(False), True: _groups(True)}


def _sets(kind, t, n):
    big = t >= 10
    huxi = {"kan": (3, 6), "ti": (9, 12), "pao": (6, 9), "peng": (1, 3), "wei": (3, 6)}[kind][big]
    return (kind, (t,) * n, huxi)


def part_splits(part, yiwushi):
    """Every split (sorted unit lists) of a part with counts <= 2: groups and at most one pair."""
    found = set()

    def go(c, units, pairs):
        low = next((t for t in range(20) if c[t]), None)
        if low is None:
            found.add(tuple(sorted(units)))
            return
        if c[low] >= 2 and not pairs:
            c[low] -= 2
            go(c, units + [("pair", (low, low), 0)], 1)
            c[low] += 2
        for kind, cards, huxi in GROUPS[yiwushi]:
            if low in cards:
                need = {t: cards.count(t) for t in cards}
                if all(c[t] >= k for t, k in need.items()):
                    for t, k in need.items():
                        c[t] -= k
                    go(c, units + [(kind, cards, huxi)], pairs)
                    for t, k in need.items():
                        c[t] += k

    go(list(part), [], 0)
    return found


def _meld_unit(kind, cards):
    if kind == "chi":
        for _, cs, h in GROUPS[True]:
            if cs == tuple(sorted(cards)):
                return ("chi", cs, h, True)
        raise AssertionError(cards)
    k, cs, h = _sets(kind, cards[0], 3 if kind in ("peng", "wei") else 4)
    return (k, cs, h, True)


def candidates(counts, wang, melds, win, self_drawn, yiwushi, specials):
    """Yield (units, special, wang_cards): each unit (kind, cards, huxi, exposed)."""
    exposed = [_meld_unit(k, c) for k, c in melds]
    layouts = [(list(counts), wang, exposed, win if 0 <= win < 20 else None, "")]
    if win is not None and 0 <= win < 20:
        for i, (k, cs, _, _) in enumerate(exposed):
            if cs[0] == win and k in ("peng", "wei"):
                new = _sets("ti" if k == "wei" and self_drawn else "pao", win, 4) + (True,)
                c = list(counts)
                c[win] -= 1
                layouts.append((c, wang, exposed[:i] + [new] + exposed[i + 1:], None, ""))
    if specials:
        names = {1: "王钓", 2: "王闯", 3: "王炸"}
        used = [0] * 20
        for _, cs, _, _ in exposed:
            for t in cs:
                used[t] += 1
        for k in (1, 2, 3):
            if win is not None and 0 <= win < 20 and wang >= k and counts[win] + used[win] + k <= 4:
                c = list(counts)
                c[win] -= 1
                unit = ("pair", (win, win), 0) if k == 1 else _sets("kan" if k == 2 else "ti", win, k + 1)
                layouts.append((c, wang - k, [unit + (False,)] + exposed, None, names[k], (win,) * k))
            if win == WANG and wang >= k + 1:
                for t in range(20):
                    if counts[t] + used[t] + k + 1 <= 4:
                        unit = ("pair", (t, t), 0) if k == 1 else _sets("kan" if k == 2 else "ti", t, k + 1)
                        layouts.append((list(counts), wang - k - 1, [unit + (False,)] + exposed, None,
                                        names[k] + "王", (t,) * (k + 1)))
    for layout in layouts:
        base, free, fixed, place, special = layout[:5]
        fixed_wang = layout[5] if len(layout) > 5 else ()
        used = [0] * 20
        for _, cs, _, _ in fixed:
            for t in cs:
                used[t] += 1
        for reading in combinations_with_replacement(range(20), free):
            held = list(base)
            for t in reading:
                held[t] += 1
            if any(held[t] + used[t] > 4 for t in range(20)):
                continue
            choices = [False] + ([True] if place is not None and held[place] == 4 else [])
            for keep_kan in choices:
                sets, part = [], list(held)
                for t in range(20):
                    if held[t] >= 3:
                        n = 3 if keep_kan and t == place else held[t]
                        sets.append((_sets("kan" if n == 3 else "ti", t, n)) + (False,))
                        part[t] = held[t] - n
                for split in part_splits(part, yiwushi):
                    units = [u + (False,) for u in split] + sets + fixed
                    if len(units) != 7:
                        continue
                    quads = sum(u[0] in ("ti", "pao") for u in units)
                    pairs = sum(u[0] == "pair" for u in units)
                    if pairs != (1 if quads else 0):
                        continue
                    yield units, special, tuple(sorted(reading + fixed_wang))


DEFAULTS = {
    "changde": dict(difen=1, cap=None, hanghangxi=False, jia_hanghangxi=False, siqihong=False),
    "hengyang_shihuka": dict(yiwushi=True, difen=1, shuangxing=False),
    "yongzhou": dict(qihu=15, anfan_xianhu=False, hongzhuan=False, shuangxing=False, cap=None),
    "anhua": dict(difen=1, yixi_yitun=False, zimo_tun=True, zimo_fan=False, hupai_jia=0, papo_cap=None),
    "shaoyang_bopi": dict(tiandihu=True, hongheidian=True),
}


def value(preset, o, units, special, wang_total, f, exposed_kinds):
    """(score, huxi, tun, fan, names) of one candidate, or None."""
    huxi = sum(u[2] for u in units)
    cards = [t for u in units for t in u[1]]
    red = sum(t in RED for t in cards)
    big = sum(t >= 10 for t in cards)
    small = len(cards) - big
    sd, n = f["self_drawn"], f["huangfan"]
    if preset == "changde":
        if huxi < 15:
            return None
        names, fan = set(), 0
        if red >= 10:
            names.add("红胡")
            fan += 3 + red - 10
        if red == 1:
            names.add("点胡")
            fan += 6
        if red == 0:
            names.add("乌胡")
            fan += 8
        if big >= 18:
            names.add("大字胡")
            fan += 8 + big - 18
        if small >= 16:
            names.add("小字胡")
            fan += 10 + small - 16
        if all(u[0] in ("kan", "ti", "peng", "wei", "pao", "pair") for u in units):
            names.add("对子胡")
            fan += 8
        quads = [u[1][0] for u in units if u[0] in ("ti", "pao")]
        tuan = sum(1 for q in quads if q < 10 and q + 10 in quads)
        if tuan:
            names.add("团圆")
            fan += 8 * tuan
        if not [k for k in exposed_kinds if k != "ti"]:
            names.add("听胡")
            fan += 6
        for name, flag in (("天胡", "tianhu"), ("地胡", "dihu"), ("海底胡", "haidi")):
            if f[flag]:
                names.add(name)
                fan += 6
        if f["shuahou"] and all(u[3] or u[0] == "pair" for u in units):
            names.add("耍猴")
            fan += 8
        pair = any(u[0] == "pair" for u in units)
        pos = sum(u[2] > 0 for u in units)
        if o["hanghangxi"] and not pair and pos == 7:
            names.add("行行息")
            fan += 8
        if o["jia_hanghangxi"] and pair and pos == 6:
            names.add("假行行息")
            fan += 4
        if o["siqihong"] and red in (4, 7):
            names.add("四七红")
            fan += 3
        fan = fan or 1
        tun = o["difen"] + (huxi - 15) // 3 + (1 if sd else 0)
        if sd:
            names.add("自摸")
        if n:
            names.add("黄番")
        s = fan * tun * (1 + n)
        if o["cap"]:
            s = min(s, o["cap"])
        return s, huxi, tun, fan, frozenset(names)
    xing = 0
    if preset in ("hengyang_shihuka", "yongzhou"):
        if f["xing_count"] is not None:
            xing = f["xing_count"]
        elif f["xing"] is not None:
            xing = max(cards.count(t) for t in range(20)) if f["xing"] == WANG else cards.count(f["xing"])
            if o["shuangxing"]:
                xing *= 2
    if preset == "hengyang_shihuka":
        if huxi < 10:
            return None
        tun = {10: 3, 11: 1, 12: 2, 13: 2, 14: 2}.get(huxi) or 3 + (huxi - 15) // 3
        if o["difen"] == 2:
            tun += 1
        elif o["difen"] == 3:
            tun *= 2
        tun += xing
        names, fan = set(), 1
        if 10 <= red <= 12:
            names.add("十红")
            fan = 2
        elif red >= 13:
            names.add("十三红")
            fan = 5
        elif red == 1:
            names.add("一点红")
            fan = 3
        elif red == 0:
            names.add("黑胡")
            fan = 5
        if sd:
            names.add("自摸")
            fan *= 2
        return fan * tun, huxi, tun, fan, frozenset(names)
    if preset == "yongzhou":
        if huxi < o["qihu"]:
            return None
        tun = (huxi - o["qihu"]) // 3 + 2
        names, fan = set(), 1
        if sd:
            names.add("自摸")
            fan *= 2
        if red >= 16 and o["hongzhuan"]:
            names.add("红转黑")
            fan *= 4
        elif red >= 13 and o["hongzhuan"]:
            names.add("红转点")
            fan *= 3
        elif red >= 10:
            names.add("红胡")
            fan *= 2
        elif red == 1:
            names.add("点胡")
            fan *= 3
        elif red == 0:
            names.add("黑胡")
            fan *= 4
        if special:
            names.add(special)
            fan *= {"王钓": 4, "王钓王": 8, "王闯": 8, "王闯王": 16, "王炸": 16, "王炸王": 32}[special]
        if o["anfan_xianhu"] and wang_total and fan < 2 ** wang_total:
            return None
        s = (tun + xing) * fan
        if o["cap"]:
            s = min(s, o["cap"])
        return s, huxi, tun, fan, frozenset(names)
    if preset == "anhua":
        if huxi < 15:
            return None
        tun = 1 + (huxi - 15) // (1 if o["yixi_yitun"] else 3)
        if small >= 18:
            names, fan = {"十八小"}, 6
        elif red == 0:
            names, fan = {"黑胡"}, 5
        elif red >= 13:
            names, fan = {"十三红"}, 4
        elif red == 1:
            names, fan = {"一点红"}, 3
        elif red >= 10:
            names, fan = {"十红"}, 2
        else:
            names, fan = set(), 1
        if f["tianhu"]:
            fan *= 2
            names.add("天胡")
        elif sd:
            if o["zimo_tun"]:
                tun += 1
            if o["zimo_fan"]:
                fan *= 2
            if o["zimo_tun"] or o["zimo_fan"]:
                names.add("自摸")
        s = fan * tun * o["difen"] + o["hupai_jia"]
        if n:
            names.add("爬坡")
            s *= min(2 ** n, o["papo_cap"] or 2 ** n)
        return s, huxi, tun, fan, frozenset(names)
    # shaoyang_bopi
    if huxi < 10:
        return None
    s, names = huxi, set()
    if o["tiandihu"] and (f["tianhu"] or f["dihu"]):
        s += 10
        names.add("天胡" if f["tianhu"] else "地胡")
    if o["hongheidian"]:
        if red == 1 or 10 <= red <= 12:
            s *= 2
            names.add("一点朱" if red == 1 else "红胡")
        elif red == 0 or red >= 13:
            s = 60 if s < 30 else 2 * s
            names.add("黑胡" if red == 0 else "红乌")
    if sd and not f["tianhu"]:
        s += 10
        names.add("自摸")
    return s, huxi, None, None, frozenset(names)


FLAG_DEFAULTS = dict(self_drawn=False, discard=False, tianhu=False, dihu=False, haidi=False, shuahou=False,
                     huangfan=0, xing=None, xing_count=None)


def twin_best(preset, options, counts, wang, melds, win, flags):
    """Every best (score, huxi, tun, fan, names) of the hand, or [] when it does not win."""
    o = {**DEFAULTS[preset], **options}
    f = {**FLAG_DEFAULTS, **flags}
    if wang and not f["self_drawn"]:
        return []
    if preset == "changde" and f["discard"]:
        return []
    kinds = [k for k, _ in melds]
    yiwushi = preset == "hengyang_shihuka" and o["yiwushi"]
    values = set()
    for units, special, _ in candidates(counts, wang, melds, win, f["self_drawn"], yiwushi, preset == "yongzhou"):
        v = value(preset, o, units, special, wang, f, kinds)
        if v is not None:
            values.add(v)
    if not values:
        return []
    top = max((v[0], v[1]) for v in values)
    return [v for v in values if (v[0], v[1]) == top]


# --- random winning hands ----------------------------------------------------------------

def random_hand(rng: random.Random, preset: str, max_wang: int = 0):
    """A random winning-shaped hand: (counts, wang, melds, win card). Styles vary the case and
    the kinds of units so that rare 名堂 come up; None when the draw broke a copy limit."""
    yiwushi = preset == "hengyang_shihuka"
    p_big = rng.choice((0.02, 0.5, 0.98))
    p_set = rng.choice((0.1, 0.3, 1.0))
    p_red = rng.choice((0.0, 0.3, 0.7))
    quads = rng.choice((0, 0, 1, 1, 2))
    p_exposed = rng.choice((0.0, 0.3, 1.0))
    used = [0] * 20
    concealed = [0] * 20
    melds = []

    def card():
        base = 10 if rng.random() < p_big else 0
        if rng.random() < p_red:
            return base + rng.choice((1, 6, 9))
        return base + rng.randrange(10)

    def take(cards, exposed, kind=None):
        for t in cards:
            used[t] += 1
        if any(used[t] > 4 for t in cards):
            return False
        if exposed:
            melds.append((kind, tuple(cards)))
        else:
            for t in cards:
                concealed[t] += 1
        return True

    for _ in range(quads):
        t = card()
        if not take([t] * 4, rng.random() < p_exposed, rng.choice(("pao", "ti"))):
            return None
    n_units = 7 - quads - (1 if quads else 0)
    for _ in range(n_units):
        exposed = rng.random() < p_exposed
        if rng.random() < p_set:
            t = card()
            if not take([t] * 3, exposed, rng.choice(("peng", "wei"))):
                return None
        else:
            groups = [g for g in GROUPS[yiwushi] if (g[1][0] >= 10) == (rng.random() < p_big) or g[0] == "mixed"]
            if rng.random() < p_red:
                groups = [g for g in groups if g[0] == "erqishi"] or groups
            kind, cards, _ = rng.choice(groups)
            if not take(list(cards), exposed, "chi"):
                return None
    if quads:
        t = card()
        if not take([t, t], False):
            return None
    if sum(concealed) == 0:
        return None
    wang = 0
    for _ in range(rng.randint(0, max_wang)):
        held = [t for t in range(20) for _ in range(concealed[t])]
        if not held:
            break
        t = rng.choice(held)
        concealed[t] -= 1
        wang += 1
    held = [t for t in range(20) if concealed[t]]
    if wang and (not held or rng.random() < 0.3):
        win = WANG
    elif held:
        win = rng.choice(held)
    else:
        return None
    return concealed, wang, melds, win
