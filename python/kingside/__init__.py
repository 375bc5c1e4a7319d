"""Chess data at the speed of Rust.

PGN games as Arrow streams (:func:`read_games`, :func:`write_parquet`), a board with the
names python-chess users know, NumPy arrays for machine learning, Polyglot books, Syzygy
tablebases and the project's engine: the crates of the chess workspace, bound with PyO3.

The name is not ``chess``, so that it sits beside python-chess without confusion.
"""

from ._games import ReadError, plan, read_games, schema_columns, write_parquet
from ._native import STARTING_FEN, Board, Book, Entry, LegalMoves, Move, Piece, Tablebase
from ._errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    MissingTableError,
)
from ._board import Outcome, Termination
from ._arrays import (
    MOVE_INDEX_SIZE,
    bitboards,
    index_move,
    move_index,
    move_indices,
    planes,
    position_arrays,
)
from ._analysis import analyse, open_book, open_tablebase

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
WHITE, BLACK = True, False

__all__ = [
    "ReadError",
    "plan",
    "read_games",
    "schema_columns",
    "write_parquet",
    "STARTING_FEN",
    "Board",
    "Book",
    "Entry",
    "LegalMoves",
    "Move",
    "Piece",
    "Tablebase",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "MissingTableError",
    "Outcome",
    "Termination",
    "MOVE_INDEX_SIZE",
    "bitboards",
    "index_move",
    "move_index",
    "move_indices",
    "planes",
    "position_arrays",
    "analyse",
    "open_book",
    "open_tablebase",
    "PAWN",
    "KNIGHT",
    "BISHOP",
    "ROOK",
    "QUEEN",
    "KING",
    "WHITE",
    "BLACK",
]
