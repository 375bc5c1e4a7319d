"""Polyglot opening books, as python-chess's ``chess.polyglot``: :func:`open_reader`,
:class:`MemoryMappedReader` (the book: its entries by position, by index, and chosen by
weight), :class:`Entry`, :func:`zobrist_hash` and the 781 keys of Polyglot hashing. The book
is read and checked by the Rust crates (chess-notation's Polyglot reader).

>>> import kingside as chess
>>> import kingside.polyglot
>>> hex(kingside.polyglot.zobrist_hash(chess.Board()))
'0x463b96181691fc9c'
"""

from __future__ import annotations

import os
import random as _random
import struct
import typing
from typing import Any, Callable, Container, Iterator, List, NamedTuple, Optional, Union

from . import _native
from ._core import (
    BB_ALL,
    BB_SQUARES,
    BLACK,
    WHITE,
    Move,
    shift_down,
    shift_left,
    shift_right,
    shift_up,
    square_file,
    square_rank,
)

ENTRY_STRUCT = struct.Struct(">QHHI")
"""One book entry in the file: key (8 bytes), move (2), weight (2), learn (4), big-endian."""

POLYGLOT_RANDOM_ARRAY: List[int] = _native.polyglot_random_array()
"""The 781 keys of Polyglot hashing: 768 for the pieces, 4 for castling, 8 for en passant
files, 1 for white to move."""

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


class ZobristHasher:
    """Polyglot-style hashing with another array of 781 keys (python-chess's class of that
    name); :func:`zobrist_hash` is the fast way with Polyglot's own keys."""

    def __init__(self, array: List[int]) -> None:
        if len(array) < 781:
            raise ValueError(f"a hasher needs 781 keys, not {len(array)}")
        self.array = array

    def hash_board(self, board: Any) -> int:
        """The keys of the pieces."""
        value = 0
        for square, piece in board.piece_map().items():
            kind = (piece.piece_type - 1) * 2 + int(piece.color)
            value ^= self.array[64 * kind + 8 * square_rank(square) + square_file(square)]
        return value

    def hash_castling(self, board: Any) -> int:
        """The keys of the castling rights left."""
        value = 0
        for index, (color, kingside) in enumerate(((WHITE, True), (WHITE, False), (BLACK, True), (BLACK, False))):
            has = board.has_kingside_castling_rights(color) if kingside else board.has_queenside_castling_rights(color)
            if has:
                value ^= self.array[768 + index]
        return value

    def hash_ep_square(self, board: Any) -> int:
        """The key of the en passant file, when a pawn of the side to move stands beside the
        pawn that skipped it."""
        ep = board.ep_square
        if not ep:
            return 0
        behind = shift_down(BB_SQUARES[ep]) if board.turn == WHITE else shift_up(BB_SQUARES[ep])
        beside = shift_left(behind) | shift_right(behind)
        if beside & board.pawns & board.occupied_co[board.turn]:
            return self.array[772 + square_file(ep)]
        return 0

    def hash_turn(self, board: Any) -> int:
        """The key of white to move."""
        return self.array[780] if board.turn == WHITE else 0

    def __call__(self, board: Any) -> int:
        return (
            self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)
        ) & BB_ALL


def zobrist_hash(board: Any, *, _hasher: Optional[Callable[[Any], int]] = None) -> int:
    """The Polyglot key of a board's position.

    >>> import kingside as chess
    >>> board = chess.Board()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> hex(zobrist_hash(board))
    '0x823c9b50fd114196'
    """
    if _hasher is None and isinstance(board, _native.Board):
        return board.zobrist_hash()
    hasher = _hasher or ZobristHasher(POLYGLOT_RANDOM_ARRAY)
    return hasher(board)


def _decode(raw: int) -> Move:
    """The move of a Polyglot encoding, castling as the king taking its rook."""
    to_square = raw & 0x3F
    from_square = (raw >> 6) & 0x3F
    promotion_code = (raw >> 12) & 0x7
    return Move(from_square, to_square, promotion_code + 1 if promotion_code else None)


class Entry(NamedTuple):
    """A book entry: the position's key, the move as stored and as a :class:`Move`, its
    weight (how often to play it) and its learn value."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


class MemoryMappedReader:
    """A Polyglot opening book (python-chess's class of that name), read into memory and
    checked when opened: its entries by position (:meth:`find_all`, :meth:`find`,
    :meth:`get`, :meth:`choice`, :meth:`weighted_choice`), by index, and in order."""

    def __init__(self, filename: StrOrBytesPath) -> None:
        self._book = _native.Book(os.fsdecode(filename))

    def __enter__(self) -> "MemoryMappedReader":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        key, raw, weight, learn = self._book.entry(index)
        return Entry(key, raw, weight, learn, _decode(raw))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def __reversed__(self) -> Iterator[Entry]:
        for i in range(len(self) - 1, -1, -1):
            yield self[i]

    def __contains__(self, entry: object) -> bool:
        if not isinstance(entry, tuple) or len(entry) < 4:
            return False
        key = entry[0]
        return any(tuple(found[:4]) == tuple(entry[:4]) for found in self._book.entries(key))

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not below `key`."""
        return self._book.bisect_key_left(key)

    def find_all(
        self,
        board: Union[Any, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """The entries of a position (a board, or a key), in book order: those below
        `minimum_weight` and those of `exclude_moves` left out, and for a board those whose
        move is not legal there (castling written as the board's mode writes it)."""
        if isinstance(board, int) and not isinstance(board, bool):
            key = board
            context = None
        else:
            context = board
            key = zobrist_hash(board)
        for entry_key, raw, weight, learn in self._book.entries(key):
            if weight < minimum_weight:
                continue
            move = _decode(raw)
            if context is not None:
                move = context._from_chess960(context.chess960, move.from_square, move.to_square, move.promotion)
            if exclude_moves and move in exclude_moves:
                continue
            if context is not None and not context.is_legal(move):
                continue
            yield Entry(entry_key, raw, weight, learn, move)

    def find(
        self,
        board: Union[Any, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The entry with the highest weight (the first of them in book order);
        ``IndexError`` when the position has none."""
        try:
            return max(
                self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves),
                key=lambda entry: entry.weight,
            )
        except ValueError:
            raise IndexError(f"no entry found for {board!r}") from None

    def get(
        self,
        board: Union[Any, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """:meth:`find`, or `default` when the position has no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[Any, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Any = None,
    ) -> Entry:
        """An entry chosen uniformly (``random.randint`` decides); ``IndexError`` when the
        position has none."""
        rng = random or _random
        chosen: Optional[Entry] = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            # Reservoir sampling: the i-th entry replaces the choice with probability 1/(i+1).
            if chosen is None or rng.randint(0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError(f"no entry found for {board!r}")
        return chosen

    def weighted_choice(
        self,
        board: Union[Any, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Any = None,
    ) -> Entry:
        """An entry chosen with probability proportional to its weight (``random.randint``
        decides); ``IndexError`` when the position has none."""
        rng = random or _random
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError(f"no entry found for {board!r}")
        pick = rng.randint(0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > pick:
                return entry
        raise AssertionError("the pick is below the total weight")

    def close(self) -> None:
        """Nothing to release: the book is in memory. For the ``with`` habit."""


def open_reader(path: StrOrBytesPath) -> MemoryMappedReader:
    """Opens a Polyglot opening book.

    >>> import kingside as chess
    >>> with open_reader(BOOK) as book:
    ...     [entry.move.uci() for entry in book.find_all(chess.Board())][:2]
    ['e2e4', 'd2d4']
    """
    return MemoryMappedReader(path)


_ = typing  # the module's annotations name typing's aliases
