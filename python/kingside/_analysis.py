"""Opening books, tablebases and the engine under the names kingside had before it took
python-chess's: :func:`open_book` is ``kingside.polyglot.open_reader``, :func:`open_tablebase`
``kingside.syzygy.open_tablebase`` and :func:`analyse` ``kingside.engine.analyse``."""

from __future__ import annotations

import os
from typing import Any, Union

Path = Union[str, "os.PathLike[str]"]


def open_book(path: Path) -> Any:
    """Opens a Polyglot opening book: :func:`kingside.polyglot.open_reader`.

    >>> import kingside
    >>> book = kingside.open_book(BOOK)
    >>> [e.move.uci() for e in book.find_all(kingside.Board())][:2]
    ['e2e4', 'd2d4']
    """
    from . import polyglot

    return polyglot.open_reader(path)


def open_tablebase(directory: Path) -> Any:
    """Opens the Syzygy tables of a directory: :func:`kingside.syzygy.open_tablebase`."""
    from . import syzygy

    return syzygy.open_tablebase(directory)


def analyse(board: Any, limit: Any = None, **limits: Any) -> Any:
    """Analyses the board's position with the built-in engine: :func:`kingside.engine.analyse`,
    python-chess's ``InfoDict`` (``score`` a ``PovScore``, ``pv`` a list of moves)."""
    from . import engine

    return engine.analyse(board, limit, **limits)
