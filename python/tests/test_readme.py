"""The README's Python session runs as written, on the fetched Lichess sample."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys

import pytest

from support import ROOT, data_file, missing, python_chess


def test_the_readme_session_runs():
    try:
        import polars  # noqa: F401
    except ImportError:
        missing("polars is not installed", "pip install polars==2.1.0")
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## From Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    month = "lichess_db_standard_rated_2024-01.pgn.zst"
    assert month in code
    code = code.replace(month, str(data_file("pgn-reader/benches/lichess_db_100k.pgn")))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    printed = out.getvalue()
    # The table of bands: 1000 to 2000-odd, with every result.
    assert "band" in printed and "1-0" in printed and "0-1" in printed
    assert "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 20" in printed


def switch_example() -> str:
    """The first Python example of python/README.md: a script written for python-chess."""
    readme = (ROOT / "python" / "README.md").read_text()
    section = readme[readme.index("## The switch") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def run_script(code: str, cwd) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    "game_file",
    [
        "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
        "python-chess/data/pgn/molinari-bordais-1979.pgn",
        "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
    ],
)
def test_the_switch_example_runs_unchanged_and_prints_what_python_chess_prints(
    game_file, tmp_path
):
    """The README's script, as written for kingside, and the same script with python-chess's
    module names, print the same on a real game (its comments and variations included)."""
    python_chess()
    code = switch_example()
    assert "import kingside as chess" in code and "games.pgn" in code
    (tmp_path / "games.pgn").write_bytes(data_file(game_file).read_bytes())
    ours = run_script(code, tmp_path)
    # The one-line switch, undone: python-chess's own names.
    theirs_code = code.replace("import kingside as chess", "import chess").replace(
        "kingside.pgn", "chess.pgn"
    )
    assert "kingside" not in theirs_code
    theirs = run_script(theirs_code, tmp_path)
    assert ours == theirs
    # Something was computed: the players, the counts and the exported movetext.
    assert " - " in ours and "captures" in ours and "1. " in ours
