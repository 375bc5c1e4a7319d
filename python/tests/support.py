"""What the package's tests share: the fetched test data and the visible skips."""

from __future__ import annotations

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def require_tools() -> bool:
    """Whether a missing tool or file fails the test (as `.ci/run` sets) instead of skipping."""
    return os.environ.get("CHESS_REQUIRE_TEST_TOOLS") == "1"


def missing(what: str) -> None:
    """Skips, saying so, or fails under CHESS_REQUIRE_TEST_TOOLS=1."""
    if require_tools():
        pytest.fail(f"{what} (CHESS_REQUIRE_TEST_TOOLS=1: a missing tool or file fails)")
    pytest.skip(what)


def fetched(relative: str) -> pathlib.Path:
    """A file of the fetched test data (`cargo xtask testdata`), under $CHESS_TESTDATA or the
    workspace's target/testdata."""
    base = pathlib.Path(os.environ.get("CHESS_TESTDATA") or ROOT / "target" / "testdata")
    path = base / relative
    if not path.exists():
        missing(f"{path} is missing: `cargo xtask testdata` fetches it")
    return path


def python_chess():
    """python-chess, the oracle."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        missing("python-chess is not installed (pip install chess==1.11.2)")
    return chess
