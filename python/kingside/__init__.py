"""Chess at the speed of Rust: python-chess's ``chess`` module over the crates of the chess
workspace, and what python-chess has not.

``import kingside as chess`` gives code written for python-chess its names with their
meaning (boards, moves, square sets, the constants and functions; ``kingside.pgn``,
``kingside.polyglot``, ``kingside.syzygy``, ``kingside.svg``, ``kingside.engine``); the
boards are Rust objects. Beyond python-chess: PGN games as Arrow streams
(:func:`read_games`, :func:`write_parquet`), NumPy arrays for machine learning, and the
project's engine (:func:`analyse`).
"""

from ._core import *  # noqa: F401,F403  (python-chess's chess module, whole)
from ._core import (  # noqa: F401  (names `import *` leaves out)
    __getattr__ as _lazy_table,
    _attack_table,
    _edges,
    _rays,
    _slide,
    _steps,
)
from ._errors import InvalidFenError, MissingTableError  # noqa: F401
from ._games import ReadError, plan, read_games, schema_columns, write_parquet  # noqa: F401

from ._arrays import (  # noqa: F401
    MOVE_INDEX_SIZE,
    bitboards,
    index_move,
    move_index,
    move_indices,
    planes,
    position_arrays,
)
from ._analysis import analyse, open_book, open_tablebase  # noqa: F401


def __getattr__(name: str):
    # The large occupancy tables of python-chess's module, built on first use.
    return _lazy_table(name)


def __dir__() -> list:
    return sorted(set(globals()) | set(_LAZY_NAMES))


_LAZY_NAMES = (
    "BB_DIAG_MASKS",
    "BB_DIAG_ATTACKS",
    "BB_FILE_MASKS",
    "BB_FILE_ATTACKS",
    "BB_RANK_MASKS",
    "BB_RANK_ATTACKS",
    "BB_RAYS",
)


def _public_names() -> list:
    import types
    import typing

    typing_names = set(dir(typing))
    return sorted(
        name
        for name, value in globals().items()
        if not name.startswith("_")
        and not isinstance(value, types.ModuleType)
        and name not in typing_names
        and name != "annotations"
    )


__all__ = _public_names()

from . import engine, polyglot, syzygy  # noqa: E402,F401  (python-chess's submodules)
