"""Public names a package imports on first use (PEP 562), so importing the package, or one of
its submodules, loads none of its other submodules.

A game's ``__init__`` lists its public names by the submodule that defines each, and installs
the hooks :func:`exports` returns as its module ``__getattr__`` and ``__dir__``::

    __getattr__, __dir__ = lazy.exports(__name__, {"queries": ("is_hu", "ting"), ...})

A name that is not public but names a submodule imports that submodule (``mahjong.tiles``). A
public name that is also a submodule's (mahjong's ``shanten``) stays the public object once
that submodule is imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any


class _Package(ModuleType):
    """A package module whose public names (``__all__``) win over its submodules' names: the
    import system binds a submodule to its package once it is loaded, which would hide a public
    name of the same name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if not (isinstance(value, ModuleType) and value.__name__ == f"{self.__name__}.{name}"
                and name in self.__dict__.get("__all__", ())):
            super().__setattr__(name, value)


def exports(package: str, names: Mapping[str, Iterable[str]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package`` (imported, or being imported),
    whose public names are ``names``: submodule -> the names it defines. Each name is imported
    from its submodule on first access and kept in the package's globals."""
    module = sys.modules[package]
    module.__class__ = _Package
    home = {name: submodule for submodule, defined in names.items() for name in defined}
    namespace = module.__dict__

    def __getattr__(name: str) -> Any:
        if name in home:
            value = namespace[name] = getattr(importlib.import_module(f"{package}.{home[name]}"), name)
            return value
        if not name.startswith("__") and importlib.util.find_spec(f"{package}.{name}") is not None:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(namespace.keys() | home.keys())

    return __getattr__, __dir__
