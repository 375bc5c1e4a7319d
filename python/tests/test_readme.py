"""The README's Python session runs as written, on the fetched Lichess sample."""

from __future__ import annotations

import contextlib
import io
import re

from support import ROOT, data_file, missing


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
