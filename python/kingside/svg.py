"""Board and piece pictures as SVG: python-chess's ``chess.svg`` module, with its names,
arguments and meanings, drawn by the workspace's chess-svg crate (pieces of its own design).

``board()`` draws a board with its pieces, the coordinates, the last move, a king in check,
filled and crossed squares, arrows and circles; ``piece()`` draws a piece alone; ``Arrow`` is
an arrow or a circle, read from and written as PGN's ``[%cal]`` and ``[%csl]`` marks. The
pictures follow python-chess's conventions, so that style sheets written for its pictures
apply: pieces defined with the ids ``white-king`` ... ``black-pawn`` and the classes
``white king`` ... ``black pawn``, squares of the classes ``square light`` and ``square dark``
(``lastmove`` for those of the last move), arrows of the class ``arrow`` with a ``<line>`` for
their shaft, circles drawn as ``<circle>`` (and nothing else in a picture is either).

>>> import kingside as chess
>>> import kingside.svg
>>> board = chess.Board("8/8/8/8/4N3/8/8/8 w - - 0 1")
>>> svg = chess.svg.board(
...     board,
...     fill=dict.fromkeys(board.attacks(chess.E4), "#cc0000cc"),
...     arrows=[chess.svg.Arrow(chess.E4, chess.F6, color="#0000cccc")],
...     squares=chess.SquareSet(chess.BB_DARK_SQUARES & chess.BB_FILE_B),
...     size=350,
... )
>>> 'id="white-knight"' in svg, svg.count('class="fill '), svg.count('href="#xx"')
(True, 8, 4)

The module's constants hold what they hold in python-chess, for this drawing: the sizes in the
pictures' units (a square is ``SQUARE_SIZE`` = 100 units wide), the SVG of each piece by its
symbol (``PIECES``), the cross of ``squares`` (``XX``), the glow of a check
(``CHECK_GRADIENT``), the coordinate labels (``COORDS``) and the default colours by
python-chess's names (``DEFAULT_COLORS``, the keys ``colors`` takes).
"""

from __future__ import annotations

from typing import Dict, Iterable, Optional, Tuple, Union

from . import _native
from ._core import SQUARE_NAMES, WHITE, BaseBoard, Color, IntoSquareSet, Piece, Square, SquareSet

__all__ = [
    "SQUARE_SIZE",
    "MARGIN",
    "PIECES",
    "XX",
    "CHECK_GRADIENT",
    "COORDS",
    "DEFAULT_COLORS",
    "SvgWrapper",
    "Arrow",
    "piece",
    "board",
]

_CONSTANTS = _native.svg_constants()

#: The side of a square, in the units of the pictures (their ``viewBox``): 100 (python-chess
#: draws 45).
SQUARE_SIZE: int = _CONSTANTS["SQUARE_SIZE"]
#: The width of the margin that holds the coordinates, in the same units.
MARGIN: int = _CONSTANTS["MARGIN"]
#: Each piece by its symbol (``"K"``, ``"p"``), as an SVG group in a square's box with its id
#: and classes (``<g id="white-king" class="white king" ...>``): what ``piece()`` draws.
PIECES: Dict[str, str] = _CONSTANTS["PIECES"]
#: The cross that ``board(squares=...)`` draws on a square (``<g id="xx">``).
XX: str = _CONSTANTS["XX"]
#: The radial gradient of a king in check (``<radialGradient id="check">``).
CHECK_GRADIENT: str = _CONSTANTS["CHECK_GRADIENT"]
#: The coordinate labels, ``"1"`` to ``"8"`` and ``"a"`` to ``"h"``, each a stroked
#: ``<path>`` in a box 10 units wide.
COORDS: Dict[str, str] = _CONSTANTS["COORDS"]
#: The default colours, by the names that ``board(colors=...)`` takes: ``#rrggbb``, or
#: ``#rrggbbaa`` for those that are not opaque.
DEFAULT_COLORS: Dict[str, str] = _CONSTANTS["DEFAULT_COLORS"]


class SvgWrapper(str):
    """An SVG document: a ``str`` that Jupyter and IPython show as the picture it is."""

    def _repr_svg_(self) -> "SvgWrapper":
        return self


# The letters of PGN's marks, by python-chess's colour names (any other colour is green).
_MARK_LETTERS = {"red": "R", "yellow": "Y", "blue": "B"}
_MARK_COLORS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


class Arrow:
    """An arrow from ``tail`` to ``head`` to draw on a board, or a circle on ``tail`` when
    both are the same square.

    ``color`` is ``"green"`` (the default), ``"red"``, ``"yellow"`` or ``"blue"`` (the
    colours of PGN's marks, which ``board(colors=...)`` can change as ``"arrow red"`` ...), or
    any CSS colour (``"#0000cccc"``, ``"purple"``).

    >>> import kingside as chess
    >>> from kingside.svg import Arrow
    >>> Arrow(chess.E2, chess.E4, color="red")
    Arrow(E2, E4, color='red')
    >>> Arrow(chess.E2, chess.E4, color="red").pgn()
    'Re2e4'
    """

    tail: Square
    head: Square
    color: str

    def __init__(self, tail: Square, head: Square, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as PGN's ``[%cal]`` and ``[%csl]`` marks write it: a colour letter and one
        square for a circle (``Ga1``), two for an arrow (``Ya2h2``). Colours other than
        ``red``, ``yellow`` and ``blue`` are written green.

        >>> import kingside as chess
        >>> from kingside.svg import Arrow
        >>> Arrow(chess.A1, chess.A1).pgn(), Arrow(chess.A2, chess.H2, color="yellow").pgn()
        ('Ga1', 'Ya2h2')
        """
        letter = _MARK_LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return f"{letter}{SQUARE_NAMES[self.tail]}"
        return f"{letter}{SQUARE_NAMES[self.tail]}{SQUARE_NAMES[self.head]}"

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        tail = SQUARE_NAMES[self.tail].upper()
        head = SQUARE_NAMES[self.head].upper()
        return f"Arrow({tail}, {head}, color={self.color!r})"

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """The arrow of a PGN mark (``Ga1``, ``Ya2h2``): a colour letter ``G``, ``R``, ``Y``
        or ``B`` (green when it is left out) and one square (a circle) or two.

        :raises: :exc:`ValueError` if the text is no such mark.

        >>> from kingside.svg import Arrow
        >>> Arrow.from_pgn("Ya2h2")
        Arrow(A2, H2, color='yellow')
        >>> Arrow.from_pgn("e4")
        Arrow(E4, E4, color='green')
        """
        color = _MARK_COLORS.get(pgn[:1])
        squares = pgn[1:] if color else pgn
        names = [squares[:2], squares[2:]] if len(squares) == 4 else [squares]
        if len(squares) not in (2, 4) or any(name not in SQUARE_NAMES for name in names):
            raise ValueError(
                f"invalid arrow {pgn!r}: expected a colour letter (G, R, Y or B; G if left "
                "out) and one square or two, like Ga1 or Ya2h2"
            )
        tail = SQUARE_NAMES.index(names[0])
        head = SQUARE_NAMES.index(names[-1])
        return cls(tail, head, color=color or "green")


def piece(piece: Piece, size: Optional[int] = None) -> str:
    """A piece alone as an SVG picture, in a square's box (``SQUARE_SIZE`` units), ``size``
    pixels wide and high (``None``: as wide as its viewer makes it).

    >>> import kingside as chess
    >>> import kingside.svg
    >>> svg = chess.svg.piece(chess.Piece.from_symbol("R"), size=45)
    >>> 'id="white-rook"' in svg, 'width="45"' in svg
    (True, True)
    """
    return SvgWrapper(_native.svg_piece(piece, size))


def board(
    board: Optional[BaseBoard] = None,
    *,
    orientation: Color = WHITE,
    lastmove: Optional[object] = None,
    check: Optional[Square] = None,
    arrows: Iterable[Union[Arrow, Tuple[Square, Square]]] = (),
    fill: Dict[Square, str] = {},  # noqa: B006  (python-chess's default, never changed)
    squares: Optional[IntoSquareSet] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Dict[str, str] = {},  # noqa: B006
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> str:
    """A board as an SVG picture: its pieces, and what the arguments mark.

    :param board: A ``BaseBoard`` or ``Board`` (or anything with python-chess's
        ``piece_map()``), or ``None`` (the default) for a board without pieces.
    :param orientation: The side at the bottom, ``chess.WHITE`` by default.
    :param lastmove: A ``Move`` whose squares are highlighted (a null move highlights none).
    :param check: The square of a king in check, marked with a red glow.
    :param arrows: Arrows (``Arrow``), or pairs of squares ``(tail, head)`` drawn green; an
        arrow from a square to itself is drawn as a circle.
    :param fill: Squares and the colours to fill them with (``{chess.E4: "#cc0000cc"}``).
    :param squares: Squares to mark with a cross: a ``SquareSet``, a mask or squares.
    :param size: The width and height in pixels, or ``None`` (the default) to leave them out,
        so that the picture is as wide as its viewer makes it.
    :param coordinates: Whether the file letters and rank digits are drawn, in a margin.
    :param colors: Colours to use instead of the defaults, by the names of
        ``DEFAULT_COLORS``: ``square light``, ``square dark``, ``square light lastmove``,
        ``square dark lastmove``, ``margin``, ``coord``, ``inner border``,
        ``outer border``, ``arrow green``, ``arrow red``, ``arrow yellow``, ``arrow blue``.
        The values are CSS colours: ``#ffce9e`` (opaque), ``#15781B80`` (with opacity),
        ``purple``.
    :param flipped: Turns the board over (python-chess's older way to say ``orientation``).
    :param borders: Whether lines are drawn around the board and, with coordinates, around
        the picture.
    :param style: A CSS style sheet to put in the picture (``".square.dark {fill: #8ca2ad}"``).
    :raises: :exc:`ValueError` naming the argument, for a square out of range, a colour that
        is not one, or an unknown name in ``colors``.

    >>> import kingside as chess
    >>> import kingside.svg
    >>> board = chess.Board()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> svg = chess.svg.board(board, lastmove=board.peek(), arrows=[(chess.E7, chess.E5)],
    ...                       orientation=chess.BLACK, size=300)
    >>> 'class="square light lastmove e4"' in svg, "<line" in svg
    (True, True)
    >>> chess.svg.board(fill={chess.E4: "reddish"})
    Traceback (most recent call last):
    ...
    ValueError: fill[e4]: invalid colour "reddish": expected #rgb, #rgba, #rrggbb, ...
    """
    if squares is None:
        mask = 0
    else:
        try:
            mask = SquareSet(squares).mask
        except (TypeError, ValueError) as error:
            raise ValueError(f"squares is a SquareSet, a mask or squares: {error}") from None
    return SvgWrapper(
        _native.svg_board(
            board,
            orientation=bool(orientation) != bool(flipped),
            lastmove=lastmove,
            check=check,
            arrows=arrows,
            fill=fill,
            squares=mask,
            size=size,
            coordinates=bool(coordinates),
            colors=colors,
            borders=bool(borders),
            style=style,
        )
    )
