"""Polyglot opening books, Syzygy tablebases and the project's engine, on a board."""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Union

from . import _native
from ._native import Board, Book, Entry, Tablebase

Path = Union[str, "os.PathLike[str]"]


def open_book(path: Path) -> Book:
    """Opens a Polyglot opening book (read into memory and checked).

    As python-chess's ``chess.polyglot.open_reader``: ``find_all(board)`` gives the entries
    of the position whose moves are legal, in book order (weight 0 left out unless
    ``minimum_weight=0``); ``find(board)`` the one with the highest weight (``IndexError``
    where there is none); ``weighted_choice(board)`` one at random by weight. An
    :class:`Entry` has ``key``, ``raw_move``, ``weight``, ``learn`` and ``move``.

    >>> import kingside
    >>> book = kingside.open_book(BOOK)
    >>> [e.move.uci() for e in book.find_all(kingside.Board())][:2]
    ['e2e4', 'd2d4']
    """
    return Book(os.fspath(path))


def open_tablebase(directory: Path) -> Tablebase:
    """Opens the Syzygy tables of a directory (``add_directory`` adds more).

    ``probe_wdl(board)`` is -2 (loss) .. 2 (win) for the side to move, ±1 where the 50-move
    rule turns the result into a draw; ``probe_dtz(board)`` the distance to the next capture
    or pawn move, signed the same way: python-chess's ``chess.syzygy`` conventions. A
    position no table holds raises :class:`MissingTableError`, a ``KeyError``.
    """
    return Tablebase(os.fspath(directory))


def analyse(
    board: Board,
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: int = 1,
    hash_mb: int = 16,
) -> Dict[str, Any]:
    """Analyses the board's position with the built-in engine (chess-engine).

    Give at least one limit: ``depth`` (plies), ``time`` (seconds) or ``nodes``. The search
    runs on Rust threads with the GIL released (other Python threads go on); Ctrl-C stops it.
    Returns a dict: ``score`` is ``{"cp": int}`` or ``{"mate": int}`` **from the side to
    move's point of view** (positive: the side to move is better, or mates in that many
    moves); ``pv`` the principal variation (a list of :class:`Move`), ``best_move`` its first
    move (None where the game is over), ``depth``, ``seldepth``, ``nodes``, ``time`` (seconds).
    The earlier positions of the board's move stack count for repetitions.

    >>> import kingside
    >>> board = kingside.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    >>> info = kingside.analyse(board, depth=4)
    >>> info["score"], info["best_move"].uci(), info["pv"][0] == info["best_move"]
    ({'mate': 1}, 'a1a8', True)
    """
    return dict(
        _native.analyse(
            board, depth=depth, time=time, nodes=nodes, threads=threads, hash_mb=hash_mb
        )
    )
