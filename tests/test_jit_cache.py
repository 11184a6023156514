"""Batch kernels are disk-cached only while the modules they compile in are unchanged."""

import importlib

import pytest

from lookup import _jit


@pytest.mark.parametrize("module,sources", list(_jit.KERNEL_MODULES.items()))
def test_kernel_fingerprints_are_current(module, sources):
    kernels = importlib.import_module(f"lookup.{module.removesuffix('.py')}")
    assert kernels.SOURCES_SHA256 == _jit.fingerprint(sources), (
        f"{', '.join(sources)} changed: update SOURCES_SHA256 in lookup/{module} "
        "with the value `python -m lookup._jit` prints")


def test_a_changed_source_turns_the_disk_cache_off(tmp_path, monkeypatch):
    (tmp_path / "core.py").write_text("X = 1\n")
    monkeypatch.setattr(_jit, "PACKAGE_DIR", tmp_path)
    current = _jit.fingerprint(["core.py"])
    assert _jit.kernel_decorator(["core.py"], current)(lambda: 1)._cache.__class__.__name__ == "FunctionCache"
    (tmp_path / "core.py").write_text("X = 2\n")
    assert _jit.kernel_decorator(["core.py"], current)(lambda: 1)._cache.__class__.__name__ == "NullCache"
