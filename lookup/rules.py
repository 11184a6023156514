"""Rule sets of every game: one resolver and one field validation.

Each game defines its rules as a frozen dataclass (:class:`lookup.mahjong.RuleSet`,
:class:`lookup.zipai.RuleSet`, :class:`lookup.shisanshui.Rules`) and its named presets as a
:class:`Presets`; every query takes ``rules`` as a preset name or an instance, resolved by
:meth:`Presets.resolve`. Fields are checked when a rules object is built
(:func:`validate_fields`): a bool field takes only ``True``/``False``, an int field only an
``int`` within the range its field metadata gives (``RANGE``), and a wrong value raises an
:class:`~lookup.errors.InvalidRulesError` naming the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from .errors import InvalidArgumentError, InvalidRulesError, quoted

R = TypeVar("R")

RANGE = "range"
"""Field-metadata key of an int field's inclusive (low, high) range."""


def int_field(default: int, low: int, high: int) -> Any:
    """A dataclass int field whose values must lie in low..high."""
    return dataclasses.field(default=default, metadata={RANGE: (low, high)})


def validate_fields(rules: Any) -> None:
    """Check the bool, int and str fields of a rules dataclass by their declared types."""
    for field in dataclasses.fields(rules):
        value = getattr(rules, field.name)
        kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        if kind == "bool":
            if not isinstance(value, bool):
                raise InvalidRulesError(f"rules field {field.name} must be True or False, got {quoted(value)}")
        elif kind == "int":
            low, high = field.metadata.get(RANGE, (0, 2**31 - 1))
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InvalidRulesError(
                    f"rules field {field.name} must be an integer {low}..{high}, got {quoted(value)}")
        elif kind == "str" and not isinstance(value, str):
            raise InvalidRulesError(f"rules field {field.name} must be a str, got {quoted(value)}")


def choice(value: object, choices: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of the str ``choices`` (a notation, say), else an
    :class:`~lookup.errors.InvalidArgumentError` naming ``what`` and the choices."""
    if value.__class__ is str and value in choices:
        return value
    raise InvalidArgumentError(f"unknown {what} {quoted(value)}; choose one of {', '.join(choices)}")


class Presets(Mapping[str, R], Generic[R]):
    """A game's named rule sets (by their ``name``), and the resolver every query uses."""

    def __init__(self, game: str, kind: type, presets: Iterable[R]):
        self.game = game
        self.kind = kind
        self._by_name: dict[str, R] = {rules.name: rules for rules in presets}  # type: ignore[attr-defined]
        self.get = self._by_name.get  # type: ignore[method-assign]  # the dict's own get: hot paths call it

    def __getitem__(self, name: str) -> R:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def resolve(self, rules: str | R) -> R:
        """The rule set a query runs under: a preset by name, or a rules instance as it is."""
        if isinstance(rules, self.kind):
            return rules  # type: ignore[return-value]
        if isinstance(rules, str):
            preset = self._by_name.get(rules)
            if preset is not None:
                return preset
        raise InvalidRulesError(
            f"unknown {self.game} rules {quoted(rules)}; presets are {', '.join(self._by_name)} "
            f"(or pass a {self.kind.__name__})")

