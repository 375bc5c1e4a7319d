"""How a game ends and what is wrong with a position, in python-chess's words:
:class:`Termination`, :class:`Outcome` and :class:`Status`."""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional


class Status(enum.IntFlag):
    """What keeps a position from occurring in a game (``Board.status()``), python-chess's
    flags and values."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


class Termination(enum.Enum):
    """Why a game ended: python-chess's ``chess.Termination`` members."""

    CHECKMATE = enum.auto()
    """The side to move is checkmated."""
    STALEMATE = enum.auto()
    """The side to move has no legal move and is not in check."""
    INSUFFICIENT_MATERIAL = enum.auto()
    """Neither side can ever checkmate."""
    SEVENTYFIVE_MOVES = enum.auto()
    """75 moves by each side without a capture or a pawn move."""
    FIVEFOLD_REPETITION = enum.auto()
    """The same position a fifth time."""
    FIFTY_MOVES = enum.auto()
    """The 50-move rule, claimed."""
    THREEFOLD_REPETITION = enum.auto()
    """A threefold repetition, claimed."""
    VARIANT_WIN = enum.auto()
    """A variant's own win."""
    VARIANT_LOSS = enum.auto()
    """A variant's own loss."""
    VARIANT_DRAW = enum.auto()
    """A variant's own draw."""


@dataclasses.dataclass
class Outcome:
    """The end of a game: why, and who won (True white, False black, None a draw).

    >>> import kingside
    >>> board = kingside.Board()
    >>> for san in ["f3", "e5", "g4", "Qh4"]:
    ...     _ = board.push_san(san)
    >>> outcome = board.outcome()
    >>> outcome.termination, outcome.winner, outcome.result()
    (<Termination.CHECKMATE: 1>, False, '0-1')
    """

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """The PGN result: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
