"""The fixtures of the package's tests (the shared functions are in support.py)."""

from __future__ import annotations

import pytest

from support import python_chess


@pytest.fixture
def chess():
    """python-chess, the oracle."""
    return python_chess()
