"""How a game ends, in python-chess's words: :class:`Termination` and :class:`Outcome`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional


class Termination(enum.Enum):
    """Why a game ended: python-chess's ``chess.Termination`` members (no variants)."""

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


@dataclass(frozen=True)
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
