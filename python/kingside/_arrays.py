"""NumPy arrays for machine learning, made by Rust over a whole list of positions at once."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Union

if TYPE_CHECKING:
    # Imported where used: `import kingside as chess` should cost what python-chess's import
    # costs, without NumPy's start-up (and its BLAS threads).
    import numpy as np

from . import _native
from ._games import _count
from ._native import Board, Move

MOVE_INDEX_SIZE: int = _native.MOVE_INDEX_SIZE
"""The number of move indices: 64 × 64 × 5 = 20480 (see :func:`move_index`)."""

Position = Union[Board, str]


def bitboards(positions: Iterable[Position]) -> np.ndarray:
    """The twelve bitboards of each position: ``uint64[N, 12]``.

    ``positions`` are :class:`Board` objects or FEN strings (or FEN placement fields alone).
    The order of the twelve is white pawn, knight, bishop, rook, queen, king, then black's;
    bit ``i`` of a bitboard is square ``i`` (A1 = 0, B1 = 1, ..., H8 = 63), as python-chess's
    ``int(board.pieces(piece_type, color))``.

    >>> from kingside import Board
    >>> bb = bitboards([Board(), "8/8/8/8/8/8/8/K6k w - - 0 1"])
    >>> bb.shape, bb.dtype
    ((2, 12), dtype('uint64'))
    >>> hex(int(bb[0, 0])), hex(int(bb[0, 11])), int(bb[1, 5])
    ('0xff00', '0x1000000000000000', 1)
    """
    import numpy as np

    n, buf = _native.bitboards(positions)
    return np.frombuffer(buf, dtype="<u8").reshape(n, 12)


def planes(positions: Iterable[Position]) -> np.ndarray:
    """Piece planes of each position: ``uint8[N, 12, 8, 8]``, 1 where the piece stands.

    Planes in the order of :func:`bitboards` (white P N B R Q K, then black p n b r q k);
    within a plane, row = rank index (row 0 is rank 1, row 7 rank 8) and column = file (0 is
    the a-file), so ``planes[n, p, rank, file]`` is square ``rank * 8 + file``. Made in Rust
    over the whole list, without a Python loop per position.

    >>> from kingside import Board
    >>> x = planes([Board()])
    >>> x.shape, x.dtype
    ((1, 12, 8, 8), dtype('uint8'))
    >>> x[0, 0, 1].tolist()  # white pawns on rank 2
    [1, 1, 1, 1, 1, 1, 1, 1]
    >>> int(x[0, 11, 7, 4])  # the black king on e8
    1
    """
    import numpy as np

    n, buf = _native.planes(positions)
    return np.frombuffer(buf, dtype=np.uint8).reshape(n, 12, 8, 8)


def move_index(move: Move) -> int:
    """The dense index of a move, in ``range(MOVE_INDEX_SIZE)``: a bijection.

    ``index = from_square * 64 + to_square + 4096 * k``, with k = 0 for no promotion and
    1, 2, 3, 4 for a promotion to knight, bishop, rook, queen. Castling is indexed as the
    move is written: ``e1g1`` in standard chess, ``e1h1`` in Chess960.
    :func:`index_move` is the inverse.

    >>> from kingside import Move
    >>> move_index(Move.from_uci("e2e4")), move_index(Move.from_uci("a7a8q"))
    (796, 19512)
    >>> index_move(19512)
    Move.from_uci('a7a8q')
    """
    return int(_native.move_index(move))


def index_move(index: int) -> Move:
    """The move of an index of :func:`move_index`.

    >>> index_move(796).uci()
    'e2e4'
    """
    return _native.index_move(index)


def move_indices(moves: Iterable[Move]) -> np.ndarray:
    """The :func:`move_index` of each move: ``int64[N]``, in one call.

    >>> from kingside import Board
    >>> move_indices(list(Board().legal_moves))[:3].tolist()
    [407, 405, 82]
    """
    import numpy as np

    return np.frombuffer(_native.move_indices(moves), dtype="<i8")


def position_arrays(
    source: Any,
    *,
    threads: Optional[int] = None,
    chess960: bool = False,
    allow_null_moves: bool = False,
    part: Optional[str] = None,
    stream_from: Optional[int] = None,
) -> Dict[str, Any]:
    """Every position a move was played in, from the games of PGN input, as aligned arrays.

    ``source`` is what :func:`kingside.read_games` reads (a path, a list of paths, bytes or a
    binary file object, compressed or not; ``part`` and ``stream_from`` as there). Row ``i``
    of every array is one position; the rows of a game follow each other in the game's order.

    - ``game`` (``int64``): the game, numbered from 0 across the inputs (its row in
      ``read_games`` of the same inputs);
    - ``ply`` (``int32``): the position's ply in the game, from 0;
    - ``bitboards`` (``uint64[N, 12]``): its pieces, as :func:`bitboards` gives them;
    - ``turn`` (``bool``): True where white is to move;
    - ``move`` (``int32``): the move played, as its :func:`move_index`;
    - ``clock`` (``float32``): the mover's clock after the move, in seconds (``[%clk]``; NaN
      where there is none);
    - ``eval_cp`` (``float32``): the evaluation after the move (``[%eval]``), in centipawns
      from white's view, NaN where there is none or it is a mate; ``eval_mate`` (``int16``):
      mate in that many moves, positive for white, 0 where there is none;
    - ``result`` (``float32``): white's score in the game, 1, 0.5 or 0, NaN for ``*``.

    And the counts ``games`` (read whole) and ``bad_games`` (left out: an error, or cut by the
    input's end). Games are read on ``threads`` threads (None: one per core); the arrays are
    made by Rust, without a Python loop per position, and live in memory whole.

    >>> pgn = b'1. e4 { [%clk 0:03:00] } e5 { [%eval 0.3] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
    >>> a = position_arrays(pgn)
    >>> a["bitboards"].shape, a["move"][:2].tolist(), a["games"]
    ((7, 12), [796, 3364], 1)
    >>> a["clock"][0], a["eval_cp"][1], a["result"][0]
    (np.float32(180.0), np.float32(30.0), np.float32(1.0))
    >>> [index_move(int(i)).uci() for i in a["move"][-2:]]
    ['g8f6', 'h5f7']
    """
    import numpy as np

    from ._games import _sources

    raw = _native.position_arrays(
        _sources(source),
        threads=_count(threads, "threads", 1) or 0,
        chess960=chess960,
        allow_null_moves=allow_null_moves,
        part=part,
        stream_from=_count(stream_from, "stream_from", 0),
    )
    types: Dict[str, Any] = {
        "game": "<i8",
        "ply": "<i4",
        "turn": np.bool_,
        "move": "<i4",
        "clock": "<f4",
        "eval_cp": "<f4",
        "eval_mate": "<i2",
        "result": "<f4",
    }
    out: Dict[str, Any] = {name: np.frombuffer(raw[name], dtype=dtype) for name, dtype in types.items()}
    out["bitboards"] = np.frombuffer(raw["bitboards"], dtype="<u8").reshape(-1, 12)
    out["games"] = raw["games"]
    out["bad_games"] = raw["bad_games"]
    return out
