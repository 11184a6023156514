"""The committed tile and card pictures are what lookup.service.pictures draws, one per index."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from lookup.mahjong import tile_name
from lookup.service.pictures import DRAWINGS, PICTURES, pictures


def test_the_committed_pictures_are_the_drawn_ones():
    drawn = pictures()
    on_disk = {path.relative_to(PICTURES).as_posix(): path.read_text(encoding="utf-8")
               for path in PICTURES.glob("*/*.svg")}
    assert on_disk.keys() == drawn.keys(), "run python -m lookup.service.pictures"
    stale = [name for name in drawn if on_disk[name] != drawn[name]]
    assert not stale, f"run python -m lookup.service.pictures ({len(stale)} stale, e.g. {stale[:3]})"


def test_one_well_formed_picture_per_index_titled_by_its_name():
    for game, (count, draw) in DRAWINGS.items():
        for i in range(count):
            root = ET.fromstring(draw(i))
            assert root.tag.endswith("svg"), (game, i)
            title = root.find("{http://www.w3.org/2000/svg}title")
            assert title is not None and title.text, (game, i)
    assert [ET.fromstring(DRAWINGS["mahjong"][1](t)).find("{http://www.w3.org/2000/svg}title").text.split()[0]
            for t in range(DRAWINGS["mahjong"][0])] == [tile_name(t) for t in range(DRAWINGS["mahjong"][0])]
