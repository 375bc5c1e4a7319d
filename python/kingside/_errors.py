"""The errors of moves and positions: ``ValueError`` subclasses with python-chess's names.

The native module raises them with the Rust crates' messages, which say where the text went
wrong (the byte of a FEN or a move) and what was expected there.
"""

from __future__ import annotations


class InvalidMoveError(ValueError):
    """Text that is not a move at all (not UCI, not SAN), as python-chess's error of that name.

    >>> import kingside
    >>> kingside.Board().parse_uci("e2e")
    Traceback (most recent call last):
    ...
    kingside._errors.InvalidMoveError: invalid move "e2e": expected two squares and an optional promotion letter (like e2e4 or e7e8q), a drop (N@f3) or 0000
    """


class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position.

    >>> import kingside
    >>> kingside.Board().push_san("Ke2")
    Traceback (most recent call last):
    ...
    kingside._errors.IllegalMoveError: illegal move "Ke2": no legal move matches in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
    """


class AmbiguousMoveError(ValueError):
    """A SAN move that more than one legal move matches.

    >>> import kingside
    >>> kingside.Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").parse_san("Nd2")
    Traceback (most recent call last):
    ...
    kingside._errors.AmbiguousMoveError: ambiguous move "Nd2": candidates are f1d2, b1d2 in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1
    """


class InvalidFenError(ValueError):
    """A FEN that cannot be read (python-chess raises a plain ``ValueError``; this is one).
    A position that cannot occur in a game is read, and reported by ``Board.status()``.

    >>> import kingside
    >>> kingside.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x")
    Traceback (most recent call last):
    ...
    kingside._errors.InvalidFenError: ...
    """


class MissingTableError(KeyError):
    """No Syzygy table at hand holds the position (as python-chess's error of that name): its
    material's table is missing, it has too many pieces, or it has castling rights."""
