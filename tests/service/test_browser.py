"""The analysis page in a real browser: Debian's headless Chromium driven by selenium through
chromium-driver. Hands are typed and clicked on each tab; what the page shows must equal what
the Python API answers; a screenshot of each tab is saved (under pytest's tmp dir, and under
``$PAIBIAO_SCREENSHOT_DIR`` when set, e.g. ``docs/``).

Chromium sees no CJK font of the machine: its fontconfig lists DejaVu only
(``FONTCONFIG_FILE``), so the page's Chinese must come from the service's own font.

The test skips only when neither chromium nor chromium-driver is installed and
``PAIBIAO_REQUIRE_BROWSER`` is unset; ``.ci/run`` installs both and sets it, so CI runs it.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from pathlib import Path

import pytest

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from lookup.service.fonts import FAMILY as FONT_FAMILY

from ..zipai.scoring_twin import random_hand
from .support import png_pixels, wait_until

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
REQUIRED = bool(os.environ.get("PAIBIAO_REQUIRE_BROWSER"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1150"]

SSS_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")
"""The only fonts Chromium may use besides the page's: DejaVu has no CJK character."""


def _require_browser():
    browser = [name for name, path in (("chromium", CHROMIUM), ("chromium-driver", DRIVER)) if not path]
    if len(browser) == 2 and not REQUIRED:
        pytest.skip("no browser: apt-get install chromium chromium-driver (CI sets PAIBIAO_REQUIRE_BROWSER)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        browser.append("selenium (the test extra)")
    if not SYSTEM_FONTS.is_dir():
        browser.append(f"fonts-dejavu-core ({SYSTEM_FONTS})")
    if browser:
        pytest.fail(f"the browser test needs {', '.join(browser)}")


def _fontconfig(directory: Path) -> Path:
    """A fontconfig file under ``directory`` listing only ``SYSTEM_FONTS`` (its cache there too):
    serif and monospace map to DejaVu's faces, any other family falls back to DejaVu Sans."""
    generic = {"serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono"}
    aliases = "".join(f"  <alias><family>{name}</family><prefer><family>{face}</family></prefer></alias>\n"
                      for name, face in generic.items())
    aliases += '  <match><edit name="family" mode="append_last"><string>DejaVu Sans</string></edit></match>\n'
    config = directory / "fonts.conf"
    config.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                      f"  <dir>{SYSTEM_FONTS}</dir>\n  <cachedir>{directory / 'cache'}</cachedir>\n{aliases}"
                      "</fontconfig>\n")
    return config


@pytest.fixture(scope="module")
def page(service):
    _require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService

    os.environ.setdefault("SE_OFFLINE", "true")  # selenium never looks for drivers on the network
    profile = tempfile.mkdtemp(prefix="paibiao-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    env = {**os.environ, "FONTCONFIG_FILE": str(_fontconfig(Path(profile)))}
    driver = webdriver.Chrome(service=DriverService(DRIVER, env=env), options=options)
    try:
        driver.set_page_load_timeout(60)
        driver.get(service.url + "/")
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    return tmp_path_factory.mktemp("screenshots")


def _screenshot(driver, shots: Path, name: str) -> None:
    driver.save_screenshot(str(shots / f"{name}.png"))
    extra = os.environ.get("PAIBIAO_SCREENSHOT_DIR")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shots / f"{name}.png", Path(extra) / f"service-{name}.png")


def _by_id(driver, element_id):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id)


def _all(node, css):
    from selenium.webdriver.common.by import By

    return node.find_elements(By.CSS_SELECTOR, css)


def _indices(node, css="img.pic"):
    return [int(img.get_attribute("data-index")) for img in _all(node, css)]


def _done(driver, panel):
    return int(_by_id(driver, panel).get_attribute("data-done") or 0)


def _analysed(driver, panel, action):
    """Run ``action`` (typing, clicking) and wait until the panel has finished every analysis
    it started (an analysis asked for while one runs is run by that one before it ends)."""
    before = _done(driver, panel)
    action()
    assert wait_until(lambda: _done(driver, panel) > before and
                      _by_id(driver, panel).get_attribute("data-busy") == "0", timeout=60), f"{panel}: still busy"


def _tab(driver, name):
    _by_id(driver, f"tab-{name}").click()
    assert _by_id(driver, name).is_displayed()


def _enter(driver, panel, fields):
    """Type each (input id, text) and press Analyse."""
    def action():
        for element_id, text in fields:
            box = _by_id(driver, element_id)
            box.clear()
            box.send_keys(text)
        _all(_by_id(driver, panel), "button[type=submit]")[0].click()
    _analysed(driver, panel, action)


def _error_of(call):
    try:
        call()
    except ValueError as exc:
        return str(exc), type(exc).__name__
    raise AssertionError("expected an error")


def _pixels(element) -> list[bytes]:
    """The rows of pixels of an element's screenshot."""
    return png_pixels(element.screenshot_as_png)[2]


def _differing(a: list[bytes], b: list[bytes]) -> float:
    """The share of pixels (bytes, for pictures of one size) that differ; 1 for different sizes."""
    if len(a) != len(b) or {len(r) for r in a} != {len(r) for r in b}:
        return 1.0
    total = sum(len(r) for r in a)
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb)) / total


def _alike(shots: dict[str, list[bytes]]) -> list[tuple[str, str, float]]:
    """The pairs of screenshots that differ in under 1% of their pixels (each as drawn alike)."""
    names = list(shots)
    return [(a, b, share) for i, a in enumerate(names) for b in names[i + 1:]
            if (share := _differing(shots[a], shots[b])) < 0.01]


SAMPLES = "东南中一壹"
"""Characters the page writes with its own font, and, as a check of the set-up, with DejaVu."""


def _text_samples(driver, family):
    """A row of spans each holding one of ``SAMPLES`` in font-family ``family`` (None: the
    page's), drawn once the page's font is loaded."""
    driver.execute_async_script("""
      const [samples, family, done] = arguments;
      document.getElementById("font-samples")?.remove();
      const row = document.createElement("div");
      row.id = "font-samples";
      row.style.cssText = "position:fixed;left:0;top:0;z-index:9;background:#fff;display:flex";
      for (const ch of samples) {
        const span = document.createElement("span");
        span.lang = "zh";
        span.textContent = ch;
        span.style.cssText = "display:block;width:64px;height:64px;font-size:48px;line-height:64px;text-align:center";
        if (family) span.style.fontFamily = family;
        row.append(span);
      }
      document.body.append(row);
      document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())));
    """, SAMPLES, family)
    spans = _all(_by_id(driver, "font-samples"), "span")
    shots = {span.text: _pixels(span) for span in spans}
    driver.execute_script('document.getElementById("font-samples").remove()')
    return shots


def test_characters_draw_apart_without_the_machines_cjk_fonts(page):
    """Honor tiles and zipai cards that differ only by their character, and the page's own
    Chinese text, draw differently though Chromium sees no CJK font of the machine."""
    tiles = {}
    for game, palette, indices in (("mahjong", "mj-palette", (27, 28, 31, 32, 33)), ("zipai", "zp-palette", (0, 10))):
        _tab(page, game)
        for i in indices:
            img = _all(_by_id(page, palette), f'img[data-index="{i}"]')[0]
            assert wait_until(lambda img=img: page.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", img))
            tiles[f"{game} {i} {img.get_attribute('alt')}"] = _pixels(img)
    assert not _alike(tiles), f"pictures drawn alike: {_alike(tiles)}"
    _tab(page, "mahjong")

    own = _text_samples(page, None)
    assert list(own) == list(SAMPLES) and not _alike(own), f"the page's text drawn alike: {_alike(own)}"
    loaded = page.execute_script("return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family)")
    assert FONT_FAMILY in [family.strip('"') for family in loaded], f"the page's font is not loaded: {loaded}"
    # the set-up's check: in DejaVu alone the same characters are one empty box
    dejavu = _text_samples(page, "DejaVu Sans")
    assert len(_alike(dejavu)) == len(SAMPLES) * (len(SAMPLES) - 1) // 2, "Chromium found a CJK font of the machine"


def test_mahjong_tab(page, shots):
    _tab(page, "mahjong")
    hand = "123m456p789s111z2z4z"
    _enter(page, "mahjong", [("mj-hand", hand)])
    assert _indices(_by_id(page, "mj-view")) == [t for t, n in enumerate(mahjong.hand_counts(hand)) for _ in range(n)]
    assert int(_by_id(page, "mj-shanten").get_attribute("data-value")) == mahjong.shanten(hand, "riichi")
    assert _by_id(page, "mj-hu").get_attribute("data-value") == str(mahjong.is_hu(hand, "riichi")).lower()
    rows = [(int(tr.get_attribute("data-discard")), int(_all(tr, "td.shanten")[0].text),
             _indices(tr, "td.waits img"), int(_all(tr, "td.count")[0].text))
            for tr in _all(_by_id(page, "mj-advice"), "tbody tr")]
    assert rows == [(a.discard, a.shanten, list(a.waits), a.count) for a in mahjong.discard_advice(hand, "riichi")]
    _screenshot(page, shots, "mahjong")

    _enter(page, "mahjong", [("mj-hand", "1112345678999m")])
    assert _indices(_by_id(page, "mj-waits")) == mahjong.ting("1112345678999m", "riichi")

    win = "111222333m789p55s"
    _enter(page, "mahjong", [("mj-hand", win)])
    items = _all(_by_id(page, "mj-decompositions"), "li")
    want = mahjong.decompositions(win, "riichi")
    assert [li.get_attribute("data-form") for li in items] == [d.form for d in want]
    for li, d in zip(items, want):
        tiles = [d.pair, d.pair] + [t for kind, low in d.melds for t in ([low] * 3 if kind == "pong" else
                                                                         [low, low + 1, low + 2])]
        assert _indices(li) == tiles

    for text in ("123x", "123m", "11111m"):
        _enter(page, "mahjong", [("mj-hand", text)])
        def call(hand=text):
            return mahjong.shanten(hand, "riichi") if hand == "123m" else mahjong.hand_counts(hand)
        message, kind = _error_of(call)
        error = _by_id(page, "mj-error")
        assert (error.text, error.get_attribute("data-type")) == (message, kind)


def test_mahjong_hands_built_by_clicking_and_jokers(page):
    _tab(page, "mahjong")
    _enter(page, "mahjong", [("mj-hand", "")])
    palette = _by_id(page, "mj-palette")
    for tile in (0, 0, 27):
        _analysed(page, "mahjong", lambda t=tile: _all(palette, f'img[data-index="{t}"]')[0].click())
    assert _by_id(page, "mj-hand").get_attribute("value") == mahjong.format_counts(mahjong.hand_counts([0, 0, 27]))
    assert _by_id(page, "mj-error").text == _error_of(lambda: mahjong.shanten([0, 0, 27]))[0]  # 3 tiles
    _analysed(page, "mahjong", lambda: _all(_by_id(page, "mj-view"), 'img[data-index="27"]')[0].click())
    assert _by_id(page, "mj-hand").get_attribute("value") == "11m"
    assert _by_id(page, "mj-hu").get_attribute("data-value") == "true"

    _enter(page, "mahjong", [("mj-jokers", "1"), ("mj-hand", "1111m")])
    assert _by_id(page, "mj-hu").get_attribute("data-value") == str(mahjong.is_hu("1111m", "riichi", 1)).lower()
    assert "no jokers" in _by_id(page, "mj-note").text
    _enter(page, "mahjong", [("mj-jokers", "0")])


def _select(driver, panel, element_id, value):
    from selenium.webdriver.support.ui import Select

    _analysed(driver, panel, lambda: Select(_by_id(driver, element_id)).select_by_value(value))


def _fans_shown(driver):
    """(total, [(name, times, points)]) of the fans table."""
    rows = [(tr.get_attribute("data-name"), int(tr.get_attribute("data-times")), int(tr.get_attribute("data-points")))
            for tr in _all(_by_id(driver, "mj-fans"), "tbody tr")]
    return int(_by_id(driver, "mj-fan-total").get_attribute("data-value")), rows


def _fans_of(score):
    counted = {}
    for name, points in score.fans:
        times, total = counted.get(name, (0, 0))
        counted[name] = (times + 1, total + points)
    return score.total, [(name, times, points) for name, (times, points) in counted.items()]


def test_mahjong_chinese_fans(page):
    _tab(page, "mahjong")
    hand = "1112345678999m5m"
    _enter(page, "mahjong", [("mj-hand", hand)])
    assert not _by_id(page, "mj-fan-options").is_displayed() and not _by_id(page, "mj-fans-block").is_displayed()
    _select(page, "mahjong", "mj-rules", "chinese")
    counts = list(mahjong.hand_counts(hand))

    def scores(**flags):
        """Each held tile's score as the winning tile, or the error fan raises on it."""
        out = {}
        for t in range(34):
            if counts[t]:
                rest = counts.copy()
                rest[t] -= 1
                try:
                    out[t] = mahjong.fan(rest, t, **flags)
                except ValueError as exc:
                    out[t] = exc
        return out

    def shown_tiles():
        return {int(w.get_attribute("data-tile")): int(w.get_attribute("data-total") or -1)
                for w in _all(page, "#mj-win-tiles .wait")}

    want = scores()
    assert shown_tiles() == {t: s.total for t, s in want.items()}
    best = max(want, key=lambda t: (want[t].total, -t))  # the first of the best is chosen
    assert int(_all(page, "#mj-win-tiles .wait.chosen")[0].get_attribute("data-tile")) == best
    assert _fans_shown(page) == _fans_of(want[best])
    shown_form = _all(page, "#mj-fan-decomposition [data-form]")[0].get_attribute("data-form")
    assert shown_form == want[best].decomposition.form

    other = min(want, key=lambda t: (want[t].total, t))
    _analysed(page, "mahjong", lambda: _all(page, f'#mj-win-tiles .wait[data-tile="{other}"] img')[0].click())
    assert int(_all(page, "#mj-win-tiles .wait.chosen")[0].get_attribute("data-tile")) == other
    assert _fans_shown(page) == _fans_of(want[other])

    _analysed(page, "mahjong", lambda: _by_id(page, "mj-self-drawn").click())
    _select(page, "mahjong", "mj-seat-wind", "2")
    drawn = scores(self_drawn=True, seat_wind=2)
    assert shown_tiles() == {t: s.total for t, s in drawn.items()} and _fans_shown(page) == _fans_of(drawn[other])

    # 和绝张 cannot hold on a tile the rest of the hand holds: that tile shows fan's error instead
    _analysed(page, "mahjong", lambda: _by_id(page, "mj-fourth-tile").click())
    last = scores(self_drawn=True, seat_wind=2, fourth_tile=True)
    assert shown_tiles() == {t: -1 if isinstance(s, ValueError) else s.total for t, s in last.items()}
    refused = {t: str(s) for t, s in last.items() if isinstance(s, ValueError)}
    assert refused and len(refused) < len(last)
    assert {int(w.get_attribute("data-tile")): w.get_attribute("title") for w in _all(page, "#mj-win-tiles .wait")
            if w.get_attribute("title")} == refused
    _analysed(page, "mahjong", lambda: _by_id(page, "mj-fourth-tile").click())

    ready = "1112345678999m"  # 13 tiles: each wait with the total a win on it scores
    _enter(page, "mahjong", [("mj-hand", ready), ("mj-flowers", "1")])
    totals = mahjong.fan_waits(ready, min_fan=0, self_drawn=True, seat_wind=2, flowers=1)
    waits = _all(page, "#mj-waits .wait")
    assert {int(w.get_attribute("data-tile")): int(w.get_attribute("data-total")) for w in waits} == totals
    enough = mahjong.fan_waits(ready, self_drawn=True, seat_wind=2, flowers=1)  # the 8 fans a win needs
    assert {int(w.get_attribute("data-tile")) for w in waits if "low" not in w.get_attribute("class")} == set(enough)

    _analysed(page, "mahjong", lambda: _by_id(page, "mj-self-drawn").click())
    _enter(page, "mahjong", [("mj-flowers", "0")])
    _select(page, "mahjong", "mj-seat-wind", "0")
    _select(page, "mahjong", "mj-rules", "riichi")
    assert not _by_id(page, "mj-fan-options").is_displayed()


def test_mahjong_riichi_scoring(page):
    """Under riichi a winning hand shows each held tile as the winning tile with its value, the
    best chosen, and the chosen tile's yaku; a ready hand shows each wait's value: all equal to
    ``riichi.score`` and ``riichi.score_waits`` on the form's situation."""
    from lookup.mahjong import riichi

    _tab(page, "mahjong")
    assert _by_id(page, "mj-rules").get_attribute("value") == "riichi"  # the page's first rules
    hand = "22334455m567p678s"
    _enter(page, "mahjong", [("mj-hand", hand)])
    counts = list(mahjong.hand_counts(hand))

    def scores(**situation):
        out = {}
        for t in range(34):
            if counts[t]:
                rest = counts.copy()
                rest[t] -= 1
                out[t] = riichi.score(rest, t, **situation)
        return out

    def shown_tiles():
        return {int(w.get_attribute("data-tile")): int(w.get_attribute("data-total"))
                for w in _all(page, "#mj-riichi-tiles .wait")}

    def shown_yaku():
        return [(row.get_attribute("data-name"), int(row.get_attribute("data-han")))
                for row in _all(page, "#mj-riichi-yaku tbody tr")]

    for situation in ({}, {"tsumo": True, "riichi": True, "seat_wind": 1}):
        if situation:
            _analysed(page, "mahjong", lambda: _by_id(page, "mj-riichi-tsumo").click())
            _analysed(page, "mahjong", lambda: _by_id(page, "mj-riichi-riichi").click())
            _select(page, "mahjong", "mj-riichi-seat", "1")
        want = scores(**situation)
        assert shown_tiles() == {t: score.total for t, score in want.items()}
        best = max(want, key=lambda t: (want[t].total, -t))  # the first of the best is chosen first
        chosen = int(_all(page, "#mj-riichi-tiles .wait.chosen")[0].get_attribute("data-tile"))
        assert want[chosen].total == want[best].total
        assert shown_yaku() == [(name, han) for name, han in want[chosen].yaku]
        assert int(_by_id(page, "mj-riichi-total").get_attribute("data-value")) == want[chosen].total

    ready = "2233445m567p678s"  # 13 tiles: each wait with the value a win on it scores
    _enter(page, "mahjong", [("mj-hand", ready)])
    waits = riichi.score_waits(ready, tsumo=True, riichi=True, seat_wind=1)
    assert waits and shown_tiles() == {t: score.total for t, score in waits.items()}

    _analysed(page, "mahjong", lambda: _by_id(page, "mj-riichi-tsumo").click())
    _analysed(page, "mahjong", lambda: _by_id(page, "mj-riichi-riichi").click())
    _select(page, "mahjong", "mj-riichi-seat", "0")


def test_shisanshui_tab(page, shots):
    _tab(page, "shisanshui")
    _enter(page, "shisanshui", [("sss-hand", SSS_HAND)])
    assert _indices(_by_id(page, "sss-view")) == sss.parse_cards(SSS_HAND)
    for objective in sss.OBJECTIVES:
        best = sss.best(SSS_HAND, objective)
        box = _all(page, f'[data-objective="{objective}"]')[0]
        ranks = sss.row_ranks(best.front, best.middle, best.back)
        for row, cards, rank in zip(("front", "middle", "back"), best, ranks):
            shown = _all(box, f'[data-row="{row}"]')[0]
            assert _indices(shown) == cards
            category = _all(shown, ".category")[0]
            assert int(category.get_attribute("data-rank")) == rank
            assert category.text == f"{sss.category(rank)} {sss.category_chinese(rank)}"
    points = float(_all(page, '[data-objective="expected"] .points')[0].get_attribute("data-value"))
    assert points == pytest.approx(sss.expected_points(*sss.best(SSS_HAND, "expected")))
    assert int(_by_id(page, "sss-count").get_attribute("data-value")) == len(sss.arrangements(SSS_HAND))
    assert [s.get_attribute("data-name") for s in _all(page, "#sss-specials .special")] == sss.specials(SSS_HAND)
    _screenshot(page, shots, "shisanshui")

    dragon = "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS"
    _enter(page, "shisanshui", [("sss-hand", dragon)])
    assert [s.get_attribute("data-name") for s in _all(page, "#sss-specials .special")] == sss.specials(dragon)
    for text in ("AS AS", "ZZ KH"):
        _enter(page, "shisanshui", [("sss-hand", text)])
        assert _by_id(page, "sss-error").text == _error_of(lambda hand=text: sss.best(hand))[0]


def test_zipai_tab(page, shots):
    _tab(page, "zipai")
    hand, exposed = "二七十二七十贰柒 三四五 壹贰叁 六六", ["跑伍"]
    _enter(page, "zipai", [("zp-hand", hand), ("zp-exposed", exposed[0])])
    waits = [(int(w.get_attribute("data-card")), int(w.get_attribute("data-huxi")))
             for w in _all(page, "#zp-ting .wait")]
    assert waits == list(zipai.ting(hand, exposed).items())
    assert [m.get_attribute("data-kind") for m in _all(page, "#zp-melds .meld")] == ["pao"]
    hu_error = _all(page, "#zp-hu [data-error]")[0]
    assert (hu_error.text, hu_error.get_attribute("data-error")) == _error_of(lambda: zipai.hu(hand, exposed))
    _screenshot(page, shots, "zipai")

    win = "二七十二七十贰柒拾"
    _enter(page, "zipai", [("zp-hand", win), ("zp-exposed", "")])
    assert int(_by_id(page, "zp-huxi").get_attribute("data-value")) == zipai.hu(win)
    splits = _all(page, "#zp-splits li")
    want = zipai.decompositions(win)
    assert [int(li.get_attribute("data-huxi")) for li in splits] == [s.huxi for s in want]
    assert [_indices(li) for li in splits] == [[c for g in s.groups for c in g] for s in want]

    _enter(page, "zipai", [("zp-hand", "x11")])
    assert _by_id(page, "zp-error").text == _error_of(lambda: zipai.hand_counts("x11"))[0]
    _enter(page, "zipai", [("zp-hand", win), ("zp-exposed", "碰")])
    assert _by_id(page, "zp-error").text == _error_of(lambda: zipai.parse_melds(["碰"]))[0]


def _scored_hand(seed, preset, wang):
    """A seeded hand that wins under ``preset`` self-drawn and read as written, with ``wang`` 王:
    (concealed counts, exposed melds as text, the winning card)."""
    rng = random.Random(seed)
    while True:
        drawn = random_hand(rng, preset, max_wang=wang)
        if drawn is None or drawn[1] != wang or drawn[3] == zipai.WANG or sum(drawn[0]) < 6:
            continue  # the ready hand (the winning card taken out) must hold cards to type
        counts, _, melds, win = drawn
        exposed = [zipai.parse_meld(m).text() for m in melds]
        if zipai.score(counts, exposed, rules=preset, wang=wang, self_drawn=True) is not None:
            return counts, exposed, win


def _score_shown(driver):
    """(score, huxi, 囤, 番, 名堂) the score block shows (囤 and 番 None where it shows none)."""
    shown = _by_id(driver, "zp-score-value")
    tun, fan = (shown.get_attribute(f"data-{k}") for k in ("tun", "fan"))
    return (int(shown.get_attribute("data-value")), int(shown.get_attribute("data-huxi")),
            None if tun == "none" else int(tun), None if fan == "none" else int(fan),
            tuple(li.get_attribute("data-name") for li in _all(driver, "#zp-mingtang li")))


@pytest.mark.parametrize("preset,wang", [("changde", 0), ("yongzhou", 1)])
def test_zipai_scoring_preset(page, shots, preset, wang):
    """Under a scoring preset a seeded winning hand shows zipai.score's score, 名堂, 囤 and 番, and
    the hand without its winning card shows zipai.score_waits's score under each wait."""
    _tab(page, "zipai")
    counts, exposed, win = _scored_hand(sum(map(ord, preset)), preset, wang)
    hand = zipai.format_counts(counts)
    _enter(page, "zipai", [("zp-hand", hand), ("zp-exposed", " ".join(exposed))])
    assert not _by_id(page, "zp-score-options").is_displayed() and not _by_id(page, "zp-score-block").is_displayed()
    _select(page, "zipai", "zp-scoring", preset)
    assert _by_id(page, "zp-wang").is_displayed() == bool(wang)
    if wang:
        _enter(page, "zipai", [("zp-wang", str(wang))])
    want = zipai.score(counts, exposed, rules=preset, wang=wang, self_drawn=True)
    assert _score_shown(page) == (want.score, want.huxi, want.tun, want.fan, want.mingtang)
    assert zipai.SCORING_PRESETS[preset] in _by_id(page, "zp-score-preset").text
    if not wang:
        _screenshot(page, shots, "zipai-scoring")

    _select(page, "zipai", "zp-win", "turned")  # a wall card another player turned: scored as such
    turned = zipai.score(counts, exposed, rules=preset, wang=wang)
    if turned is None:
        assert _by_id(page, "zp-score-value").get_attribute("data-value") == "none"
    else:
        assert _score_shown(page) == (turned.score, turned.huxi, turned.tun, turned.fan, turned.mingtang)
    _select(page, "zipai", "zp-win", "self_drawn")

    ready = list(counts)
    ready[win] -= 1
    _enter(page, "zipai", [("zp-hand", zipai.format_counts(ready))])
    waits = zipai.score_waits(ready, exposed, rules=preset, wang=wang, self_drawn=True)
    assert waits and win in waits
    shown = _all(page, "#zp-score-waits .wait")
    assert {int(w.get_attribute("data-card")): int(w.get_attribute("data-score")) for w in shown} == {
        t: r.score for t, r in waits.items()}
    assert {int(w.get_attribute("data-card")): w.get_attribute("title") for w in shown} == {
        t: " ".join(r.mingtang) for t, r in waits.items()}

    if wang:
        _enter(page, "zipai", [("zp-wang", "0")])
    _select(page, "zipai", "zp-scoring", "")
    assert not _by_id(page, "zp-score-block").is_displayed()
    assert not _by_id(page, "zp-score-waits-block").is_displayed()


def test_the_page_loads_nothing_from_elsewhere(page):
    urls = page.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    origin = page.execute_script("return location.origin")
    assert urls and all(url.startswith(origin + "/") for url in urls), urls
    severe = [entry for entry in page.get_log("browser") if entry["level"] == "SEVERE"
              and "the server responded with a status of 400" not in entry["message"]]  # the bad hands above
    assert not severe, severe
