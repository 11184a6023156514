"""Batch kernels are disk-cached only while the modules they compile in are unchanged."""

import importlib

import pytest

from lookup import jit


@pytest.mark.parametrize("module,sources", list(jit.KERNEL_MODULES.items()))
def test_kernel_fingerprints_are_current(module, sources):
    kernels = importlib.import_module("lookup." + module.removesuffix(".py").replace("/", "."))
    assert kernels.SOURCES_SHA256 == jit.fingerprint(sources), (
        f"{', '.join(sources)} changed: update SOURCES_SHA256 in lookup/{module} "
        "with the value `python -m lookup.jit` prints")


def test_a_changed_source_turns_the_disk_cache_off(tmp_path, monkeypatch):
    (tmp_path / "core.py").write_text("X = 1\n")
    monkeypatch.setattr(jit, "PACKAGE_DIR", tmp_path)
    current = jit.fingerprint(["core.py"])
    assert jit.kernel_decorator(["core.py"], current)(lambda: 1)._cache.__class__.__name__ == "FunctionCache"
    (tmp_path / "core.py").write_text("X = 2\n")
    assert jit.kernel_decorator(["core.py"], current)(lambda: 1)._cache.__class__.__name__ == "NullCache"
