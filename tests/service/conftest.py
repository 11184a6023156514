"""One ``paibiao serve`` process for every test that needs a running service."""

from __future__ import annotations

import pytest

from .support import running_service


@pytest.fixture(scope="session")
def service():
    """``paibiao serve --workers 2 --max-body 100000``, started once a session (it loads every
    table and forks; tests that stop or slow their service start their own)."""
    with running_service("--workers", "2", "--max-body", "100000") as s:
        yield s
