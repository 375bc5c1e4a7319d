"""What the package's tests share: where the fetched test data is, python-chess (the oracle),
the perft suites' positions.

The data (perft suites, PGN files, Polyglot books, Syzygy tables) is what ``cargo xtask
testdata`` fetches into ``target/testdata`` at the workspace root, or the directory named by
``CHESS_TESTDATA``, as the Rust tests find it (``crates/chess-testdata``). Where the data or
python-chess is missing a test skips, saying what to install, unless
``CHESS_REQUIRE_TEST_TOOLS=1``, which makes the skip a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

DATA_VAR = "CHESS_TESTDATA"
REQUIRE_VAR = "CHESS_REQUIRE_TEST_TOOLS"


def data_dir() -> Path:
    """The directory of fetched test data."""
    named = os.environ.get(DATA_VAR)
    if named:
        return Path(named)
    return ROOT / "target" / "testdata"


def missing(what: str, remedy: str) -> None:
    """Skips the test, or fails it under ``CHESS_REQUIRE_TEST_TOOLS=1``."""
    if os.environ.get(REQUIRE_VAR) == "1":
        pytest.fail(f"{what} ({remedy}), and {REQUIRE_VAR}=1 requires it")
    pytest.skip(f"SKIPPED: {what} ({remedy}; {REQUIRE_VAR}=1 makes this a failure)")


def data_file(relative: str) -> Path:
    """The path of a fetched test file, or a skip (a failure where required)."""
    path = data_dir() / relative
    if not path.exists():
        missing(f"no test data {path}", "run `cargo xtask testdata`")
    return path


def python_chess():
    """The ``chess`` module (python-chess 1.11.2, the oracle), or a skip."""
    try:
        import chess  # noqa: F401
        import chess.pgn  # noqa: F401
        import chess.polyglot  # noqa: F401
        import chess.syzygy  # noqa: F401
    except ImportError:
        missing("python-chess is not installed", "pip install chess==1.11.2")
    return chess


def perft_positions(relative: str):
    """The ``(id, epd, {depth: count})`` of a perft suite file."""
    out = []
    current = None
    for line in data_file(relative).read_text().splitlines():
        line = line.strip()
        if line.startswith("id "):
            current = [line[3:], None, {}]
            out.append(current)
        elif line.startswith("epd ") and current is not None:
            current[1] = line[4:]
        elif line.startswith("perft ") and current is not None:
            _, depth, count = line.split()
            current[2][int(depth)] = int(count)
    return [tuple(p) for p in out if p[1]]


def full_fen(epd: str) -> str:
    """An EPD's four fields made a FEN with both counters."""
    fields = epd.split()
    return " ".join(fields[:4] + (fields[4:6] if len(fields) >= 6 else ["0", "1"]))


def stockfish() -> str:
    """The path of Stockfish, or a skip (a failure where required)."""
    import shutil

    for candidate in ("/usr/games/stockfish", shutil.which("stockfish")):
        if candidate and Path(candidate).exists():
            return candidate
    missing("Stockfish is not installed", "Debian's stockfish, or .ci/install-test-tools")
    raise AssertionError("unreachable")
