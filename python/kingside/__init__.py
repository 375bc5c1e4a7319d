"""Chess data at the speed of Rust.

PGN games as Arrow streams (:func:`read_games`, :func:`write_parquet`), a board with the
names python-chess users know, NumPy arrays for machine learning, Polyglot books, Syzygy
tablebases and the project's engine: the crates of the chess workspace, bound with PyO3.

The name is not ``chess``, so that it sits beside python-chess without confusion.
"""

from ._games import ReadError, plan, read_games, schema_columns, write_parquet

__all__ = [
    "ReadError",
    "plan",
    "read_games",
    "schema_columns",
    "write_parquet",
]
