"""``python -m bench.run SECTION`` puts a section's new text in place of its old one in
bench/RESULTS.md and leaves every other section as it was."""

from bench.run import marked, splice

RESULTS = "# Benchmark results\n\n## Mahjong\n\nold mahjong\n\n## All tables\n\ntables\n"


def test_a_section_is_inserted_before_the_last_part_then_replaced():
    once = splice(RESULTS, "compile", marked("compile", "## Compile time\n\nfirst\n"))
    assert once.index("## Mahjong") < once.index("first") < once.index("## All tables")
    twice = splice(once, "compile", marked("compile", "## Compile time\n\nsecond\n"))
    assert "first" not in twice and twice.count("## Compile time") == 1
    assert twice.replace(marked("compile", "## Compile time\n\nsecond\n") + "\n", "") == RESULTS


def test_other_sections_are_left_as_they_were():
    both = splice(splice(RESULTS, "compile", marked("compile", "c1\n")), "floor", marked("floor", "f1\n"))
    again = splice(both, "floor", marked("floor", "f2\n"))
    assert "c1" in again and "f2" in again and "f1" not in again
    assert again.index("c1") < again.index("f2") < again.index("## All tables")
