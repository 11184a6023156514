"""The pieces every game shares, hardened: every rules field checked, one message quoting
helper, and the ``paibiao`` command's streams, encodings, prefixes and arguments."""

import dataclasses
import json
import subprocess
import sys

import pytest

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from lookup.cli import EXIT_BROKEN_PIPE, EXIT_INPUT, MAX_MESSAGE_CHARS
from lookup.errors import QUOTE_LIMIT, InvalidRulesError, quoted
from tests.support import env as checkout
from tests.support.cli import run

ROYAL = ["AS", "KS", "QS", "JS", "TS"]
HAND13 = "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS"
DEAL = ["2S 3S 4S | 5S 6S 7S 8S 9S | TS JS QS KS AS", "2H 3H 4H | 5H 6H 7H 8H 9H | TH JH QH KH AH"]


# --- one quoting helper -------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["x" * 10**7, list(range(10**6)), tuple("y" * 1000), b"z" * 1000, 7**400])
def test_quoted_cuts_long_values(value):
    text = quoted(value)
    assert len(text) == QUOTE_LIMIT + 1 and text.endswith("…")


@pytest.mark.parametrize("value", ["1m", None, 5, [1, 2], "x" * (QUOTE_LIMIT - 2)])
def test_quoted_keeps_short_values_whole(value):
    assert quoted(value) == repr(value)


# --- every field of every rules class is checked --------------------------------------------------

RULES_FIELDS = [(cls, f.name) for cls in (mahjong.RuleSet, zipai.RuleSet, sss.Rules) for f in dataclasses.fields(cls)
                if f.init]  # a derived field (init=False) is computed, not given


@pytest.mark.parametrize("rules_class, field", RULES_FIELDS)
@pytest.mark.parametrize("wrong", [object(), None, 2**70, -1, 0.5, "2", [True]])
def test_every_rules_field_refuses_wrong_values(rules_class, field, wrong):
    """A new rules field must be checked too: by its type (lookup.rules.validate_fields: bool,
    int with its range, str) or by the class's own __post_init__."""
    if field == "name" and isinstance(wrong, str):
        return
    with pytest.raises(InvalidRulesError, match=f"rules field {field}\\b"):
        rules_class(**{field: wrong})


# --- the command line, in process ----------------------------------------------------------------

@pytest.mark.parametrize("argv, prog", [
    (["sss", "rank", "AS", "--rules", "bogus"], "paibiao sss rank"),
    (["sss", "arrangements", HAND13, "--limit", "-1"], "paibiao sss arrangements"),
    (["mahjong", "hu"], "paibiao mahjong hu"),
    (["bogus"], "paibiao"),
])
def test_usage_errors_have_one_prefix(capsys, argv, prog):
    """Errors printed "paibiao: error: paibiao sss ...: ..."."""
    code, out, err = run(capsys, *argv)
    assert code == EXIT_INPUT and out == ""
    assert err.startswith(f"{prog}: error: ") and err.count("error:") == 1 and err.count("\n") == 1


@pytest.mark.parametrize("player", ["١", "۱", "¹", "1.0", " 1", "+1"])
def test_special_player_numbers_are_ascii_digits(capsys, player):
    """--special "١=…" (an Arabic-Indic digit) was accepted as player 1."""
    code, _, err = run(capsys, "sss", "settle", *DEAL, "--special", f"{player}=至尊清龙")
    assert code == EXIT_INPUT and "write P=NAME" in err


def test_special_with_an_ascii_player_number_still_works(capsys):
    code, out, _ = run(capsys, "sss", "settle", *DEAL, "--special", "1=至尊清龙")
    assert code == 0 and out.startswith("player 1: +")


def test_arrangements_limit_zero_prints_nothing(capsys):
    """--limit 0 printed a blank line."""
    assert run(capsys, "sss", "arrangements", HAND13, "--limit", "0") == (0, "", "")
    code, out, _ = run(capsys, "sss", "arrangements", HAND13, "--limit", "1")
    assert code == 0 and out.count("\n") == 1 and out.count("|") == 2


@pytest.mark.parametrize("argv", [
    ["mahjong", "hu", "q" * 120_000],
    ["sss", "rank", "AS", "--rules", "r" * 120_000],
    ["zipai", "hu", "一" * 120_000],
    ["sss", "settle", *DEAL, "--special", "9" * 120_000 + "=x"],
])
def test_a_huge_argument_gives_a_short_error_line(capsys, argv):
    """A 120 KB argument gave a 120 KB stderr line."""
    code, out, err = run(capsys, *argv)
    assert code == EXIT_INPUT and out == ""
    assert err.count("\n") == 1 and len(err) <= MAX_MESSAGE_CHARS + 2


def test_a_deal_of_too_many_players_is_refused_before_parsing(capsys):
    code, _, err = run(capsys, "sss", "settle", *(["not a hand"] * 5))
    assert code == EXIT_INPUT and "2 to 4 players, got 5" in err


# --- the command line's standard streams, in a child process ----------------------------------------

def paibiao(args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """Run ``python -m lookup.cli ARGS`` through sh (for redirections such as ``<&-``)."""
    command = f"{sys.executable} -m lookup.cli {args}"
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, env=checkout.env(**(env or {})),
                          **kwargs)


def test_closed_stdin_is_a_usage_error():
    """paibiao uva11210 <&- ended in an AttributeError traceback with status 1."""
    done = paibiao("uva11210 <&-")
    assert done.returncode == EXIT_INPUT and "Traceback" not in done.stderr
    assert done.stderr == "paibiao: error: standard input is closed; give the input on stdin (e.g. < input.txt)\n"


@pytest.mark.parametrize("args", ["uva11210 </dev/null", "mahjong hu 11m", "zipai hu 二七十二七十贰柒拾",
                                  "sss rank AS KS QS JS TS", "tables path"])
def test_closed_stdout_is_not_a_silent_success(args):
    """>&- ended in a traceback (uva11210) or in status 0 having written nothing."""
    done = paibiao(f"{args} >&-")
    assert done.returncode == EXIT_INPUT and "Traceback" not in done.stderr
    assert done.stderr.startswith("paibiao: error: standard output is closed")


def test_a_full_disk_is_reported():
    done = paibiao("mahjong ting 1112345678999m >/dev/full")
    assert done.returncode == EXIT_INPUT and done.stderr.startswith("paibiao: error: cannot write the output")


def test_a_reader_that_goes_away_ends_quietly_as_sigpipe():
    with subprocess.Popen([sys.executable, "-m", "lookup.cli", "sss", "arrangements", HAND13],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        child.stdout.close()  # the reader is gone before the first line is written
        err = child.stderr.read().decode()
        assert child.wait() == EXIT_BROKEN_PIPE and err == ""


def test_an_ascii_terminal_gets_escapes_not_a_traceback():
    """PYTHONIOENCODING=ascii paibiao sss rank ... ended in UnicodeEncodeError."""
    done = paibiao(f"sss rank {' '.join(ROYAL)}", {"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stdout.isascii()
    assert done.stdout.endswith("straight flush \\u540c\\u82b1\\u987a\n")
    as_json = paibiao(f"sss rank {' '.join(ROYAL)} --json", {"PYTHONIOENCODING": "ascii"})
    utf8 = paibiao(f"sss rank {' '.join(ROYAL)} --json", {"PYTHONIOENCODING": "utf-8"})
    assert as_json.returncode == 0 and as_json.stdout.isascii() and not utf8.stdout.isascii()
    assert json.loads(as_json.stdout) == json.loads(utf8.stdout)
    error = paibiao("zipai hu 一二q", {"PYTHONIOENCODING": "ascii"})
    assert error.returncode == EXIT_INPUT and "Traceback" not in error.stderr
