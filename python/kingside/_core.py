"""python-chess's ``chess`` module over the Rust crates: constants, square and bitboard
functions, :class:`SquareSet`, :class:`Piece`, :class:`Move`, :class:`BaseBoard` and
:class:`Board`, the move generators, :class:`Status`, :class:`Termination`,
:class:`Outcome` and the errors.

``import kingside as chess`` gives code written for python-chess these names with their
meaning; the boards, moves and sets are Rust objects (``kingside._native``), the few
functions here that python-chess users call rarely are plain Python.
"""

from __future__ import annotations

import collections  # noqa: F401  (python-chess's module re-exports it)
import copy  # noqa: F401
import dataclasses  # noqa: F401
import enum
import itertools
import math
import re
import typing  # noqa: F401
from typing import (  # noqa: F401  (python-chess's public typing names)
    Callable,
    ClassVar,
    Counter,
    Dict,
    Generic,
    Hashable,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    Optional,
    SupportsInt,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from . import _native
from ._board import Outcome, Status, Termination
from ._errors import AmbiguousMoveError, IllegalMoveError, InvalidFenError, InvalidMoveError

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
ColorName = Literal["white", "black"]
COLOR_NAMES: List[ColorName] = ["black", "white"]

PieceType = int
PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]


def piece_symbol(piece_type: PieceType) -> str:
    """The lowercase letter of a piece type: ``p`` for a pawn ... ``k`` for a king."""
    return typing.cast(str, PIECE_SYMBOLS[piece_type])


def piece_name(piece_type: PieceType) -> str:
    """The name of a piece type: ``pawn`` ... ``king``."""
    return typing.cast(str, PIECE_NAMES[piece_type])


UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜",
    "N": "♘", "n": "♞",
    "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛",
    "K": "♔", "k": "♚",
    "P": "♙", "p": "♟",
}  # fmt: skip

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
"""The FEN of the standard start position."""

STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
"""The placement field of the standard start position."""

STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

Square = int
SQUARES: List[Square] = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
A1, B1, C1, D1, E1, F1, G1, H1 = range(0, 8)
A2, B2, C2, D2, E2, F2, G2, H2 = range(8, 16)
A3, B3, C3, D3, E3, F3, G3, H3 = range(16, 24)
A4, B4, C4, D4, E4, F4, G4, H4 = range(24, 32)
A5, B5, C5, D5, E5, F5, G5, H5 = range(32, 40)
A6, B6, C6, D6, E6, F6, G6, H6 = range(40, 48)
A7, B7, C7, D7, E7, F7, G7, H7 = range(48, 56)
A8, B8, C8, D8, E8, F8, G8, H8 = range(56, 64)


def parse_square(name: str) -> Square:
    """The square of a name such as ``e4``; ``ValueError`` for anything else.

    >>> import kingside as chess
    >>> chess.parse_square("e4") == chess.E4
    True
    """
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"expected a square name like e4, got {name!r}") from None


def square_name(square: Square) -> str:
    """The name of a square: ``e4``."""
    return SQUARE_NAMES[square]


def square(file_index: int, rank_index: int) -> Square:
    """The square of a file (0 = a) and rank (0 = first)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of a square, 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, 0 (first) to 7 (eighth)."""
    return square >> 3


def square_distance(a: Square, b: Square) -> int:
    """The number of king steps between two squares (Chebyshev distance)."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """The number of rook-like steps between two squares (Manhattan distance)."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


def _knight_distances() -> List[List[int]]:
    # Breadth-first search from every square: obviously right, and 4096 numbers.
    table = []
    for start in SQUARES:
        distance = [-1] * 64
        distance[start] = 0
        frontier = [start]
        while frontier:
            following = []
            for sq in frontier:
                for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
                    f, r = square_file(sq) + df, square_rank(sq) + dr
                    if 0 <= f < 8 and 0 <= r < 8 and distance[r * 8 + f] < 0:
                        distance[r * 8 + f] = distance[sq] + 1
                        following.append(r * 8 + f)
            frontier = following
        table.append(distance)
    return table


_KNIGHT_DISTANCES = _knight_distances()


def square_knight_distance(a: Square, b: Square) -> int:
    """The number of moves a knight needs from one square to the other."""
    return _KNIGHT_DISTANCES[a][b]


def square_mirror(square: Square) -> Square:
    """The square flipped top to bottom (``e2`` to ``e7``)."""
    return square ^ 0x38


SQUARES_180: List[Square] = [square_mirror(sq) for sq in SQUARES]

Bitboard = int
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << sq for sq in SQUARES]
BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1 = BB_SQUARES[0:8]
BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2 = BB_SQUARES[8:16]
BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3 = BB_SQUARES[16:24]
BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4 = BB_SQUARES[24:32]
BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5 = BB_SQUARES[32:40]
BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6 = BB_SQUARES[40:48]
BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7 = BB_SQUARES[48:56]
BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8 = BB_SQUARES[56:64]

BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55
BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS: List[Bitboard] = [0xFF << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


def lsb(bb: Bitboard) -> int:
    """The lowest square of a bitboard (-1 for an empty one)."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a bitboard (-1 for an empty one)."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, highest first."""
    while bb:
        sq = bb.bit_length() - 1
        yield sq
        bb ^= 1 << sq


def popcount(bb: Bitboard) -> int:
    """The number of squares of a bitboard."""
    return bin(bb).count("1")


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The bitboard mirrored top to bottom."""
    return int.from_bytes(int(bb & BB_ALL).to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The bitboard mirrored left to right."""
    bb = int(bb)
    bb = ((bb >> 1) & 0x5555_5555_5555_5555) | ((bb & 0x5555_5555_5555_5555) << 1)
    bb = ((bb >> 2) & 0x3333_3333_3333_3333) | ((bb & 0x3333_3333_3333_3333) << 2)
    bb = ((bb >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bb & 0x0F0F_0F0F_0F0F_0F0F) << 4)
    return bb & BB_ALL


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """The bitboard mirrored about the ``a1``-``h8`` diagonal."""
    bb = int(bb)
    t = (bb ^ (bb << 28)) & 0x0F0F_0F0F_0000_0000
    bb = bb ^ t ^ (t >> 28)
    t = (bb ^ (bb << 14)) & 0x3333_0000_3333_0000
    bb = bb ^ t ^ (t >> 14)
    t = (bb ^ (bb << 7)) & 0x5500_5500_5500_5500
    bb = bb ^ t ^ (t >> 7)
    return bb & BB_ALL


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """The bitboard mirrored about the ``h1``-``a8`` diagonal."""
    return flip_vertical(flip_diagonal(flip_vertical(bb)))


def shift_down(b: Bitboard) -> Bitboard:
    """Every square one rank down."""
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    """Every square two ranks down."""
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    """Every square one rank up."""
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    """Every square two ranks up."""
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    """Every square one file right (off the ``h`` file they leave)."""
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    """Every square two files right."""
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    """Every square one file left."""
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    """Every square two files left."""
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: Bitboard) -> Bitboard:
    """Every square one step up and left."""
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    """Every square one step up and right."""
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    """Every square one step down and left."""
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    """Every square one step down and right."""
    return (b >> 7) & ~BB_FILE_A


def _steps(square: Square, deltas: Iterable[int]) -> Bitboard:
    bb = 0
    for delta in deltas:
        target = square + delta
        if 0 <= target < 64 and square_distance(square, target) <= 2:
            bb |= 1 << target
    return bb


def _slide(square: Square, occupied: Bitboard, deltas: Iterable[int]) -> Bitboard:
    bb = 0
    for delta in deltas:
        current = square
        while True:
            target = current + delta
            if not 0 <= target < 64 or square_distance(current, target) > 2:
                break
            bb |= 1 << target
            if occupied & (1 << target):
                break
            current = target
    return bb


BB_KNIGHT_ATTACKS: List[Bitboard] = [_steps(sq, [17, 15, 10, 6, -17, -15, -10, -6]) for sq in SQUARES]
BB_KING_ATTACKS: List[Bitboard] = [_steps(sq, [9, 8, 7, 1, -9, -8, -7, -1]) for sq in SQUARES]
BB_PAWN_ATTACKS: List[List[Bitboard]] = [
    [_steps(sq, deltas) for sq in SQUARES] for deltas in ([-7, -9], [7, 9])
]


def _edges(square: Square) -> Bitboard:
    return ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[square_rank(square)]) | (
        (BB_FILE_A | BB_FILE_H) & ~BB_FILES[square_file(square)]
    )


def _subsets(mask: Bitboard) -> Iterator[Bitboard]:
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            break


def _attack_table(deltas: List[int]) -> Tuple[List[Bitboard], List[Dict[Bitboard, Bitboard]]]:
    masks = []
    tables = []
    for sq in SQUARES:
        mask = _slide(sq, 0, deltas) & ~_edges(sq)
        masks.append(mask)
        tables.append({subset: _slide(sq, subset, deltas) for subset in _subsets(mask)})
    return masks, tables


def _rays() -> List[List[Bitboard]]:
    rays = []
    for a in SQUARES:
        row = []
        for b in SQUARES:
            row.append(_native.SquareSet.ray(a, b).mask)
        rays.append(row)
    return rays


_LAZY_TABLES = {
    "BB_DIAG_MASKS": ("diag", 0),
    "BB_DIAG_ATTACKS": ("diag", 1),
    "BB_FILE_MASKS": ("file", 0),
    "BB_FILE_ATTACKS": ("file", 1),
    "BB_RANK_MASKS": ("rank", 0),
    "BB_RANK_ATTACKS": ("rank", 1),
}
_DELTAS = {"diag": [-9, -7, 7, 9], "file": [-8, 8], "rank": [-1, 1]}


def __getattr__(name: str):
    # python-chess's occupancy tables (a dict per square, some 100 000 entries) are built
    # on first use: the boards do not need them, and building them takes a noticeable
    # part of a second.
    if name in _LAZY_TABLES:
        kind, index = _LAZY_TABLES[name]
        masks, tables = _attack_table(_DELTAS[kind])
        globals()[f"BB_{kind.upper()}_MASKS"] = masks
        globals()[f"BB_{kind.upper()}_ATTACKS"] = tables
        return (masks, tables)[index]
    if name == "BB_RAYS":
        rays = _rays()
        globals()["BB_RAYS"] = rays
        return rays
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def ray(a: Square, b: Square) -> Bitboard:
    """The whole line through two squares, edge to edge (empty when they share none)."""
    return _native.SquareSet.ray(a, b).mask


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between two squares on their line."""
    return _native.SquareSet.between(a, b).mask


SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")

Piece = _native.Piece
Move = _native.Move
SquareSet = _native.SquareSet
LegalMoveGenerator = _native.LegalMoveGenerator
PseudoLegalMoveGenerator = _native.PseudoLegalMoveGenerator
collections.abc.MutableSet.register(SquareSet)

IntoSquareSet = Union[SupportsInt, Iterable[Square]]
EnPassantSpec = Literal["legal", "fen", "xfen"]


class BaseBoard(_native.BaseBoard):
    """The pieces on a board, without a side to move, castling rights or moves: python-chess's
    ``chess.BaseBoard``. ``BaseBoard(None)`` is empty; the default is the standard start.

    >>> import kingside as chess
    >>> board = chess.BaseBoard("4k3/8/8/8/8/8/8/4KB2")
    >>> board.piece_at(chess.F1)
    Piece.from_symbol('B')
    >>> board.attacks(chess.F1) == chess.SquareSet([chess.E2, chess.D3, chess.C4, chess.B5, chess.A6, chess.G2, chess.H3])
    True
    """

    __slots__ = ()

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN) -> None:
        self._init_board(board_fen)

    def unicode(
        self,
        *,
        invert_color: bool = False,
        borders: bool = False,
        empty_square: str = "⭘",
        orientation: Color = WHITE,
    ) -> str:
        """The board drawn with Unicode pieces, rank 8 at the top (rank 1 with
        ``orientation=chess.BLACK``), with ASCII borders and coordinates if asked."""
        ranks = range(7, -1, -1) if orientation else range(8)
        files = range(8) if orientation else range(7, -1, -1)
        rule = "  " + "-" * 17
        lines = []
        for rank in ranks:
            cells = []
            for file in files:
                piece = self.piece_at(square(file, rank))
                cells.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
            if borders:
                lines.append(rule)
                lines.append(f"{RANK_NAMES[rank]} |" + "|".join(cells) + "|")
            else:
                lines.append(" ".join(cells))
        if borders:
            lines.append(rule)
            lines.append("   " + " ".join(FILE_NAMES[f] for f in files))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.board(board=self, size=390)


BaseBoardT = TypeVar("BaseBoardT", bound=BaseBoard)


def _is_opcode_char_valid(opcode: str) -> None:
    if not opcode:
        raise ValueError("an epd opcode cannot be empty")
    if opcode == "-":
        raise ValueError("a dash (-) is not an epd opcode")
    if not opcode[0].isalpha():
        raise ValueError(f"an epd opcode starts with a letter, not {opcode!r}")
    for c in " \n\t\r":
        if c in opcode:
            raise ValueError(f"an epd opcode cannot hold {c!r}: {opcode!r}")


class Board(BaseBoard, _native.Board):
    """A chess position with its move stack: python-chess's ``chess.Board``, with the same
    names, arguments and behaviour (the legal moves in python-chess's order, lenient set-ups
    reported by :meth:`status`), made by the Rust crates.

    >>> import kingside as chess
    >>> board = chess.Board()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.san(chess.Move.from_uci("g8f6")), board.is_capture(chess.Move.from_uci("d7d5"))
    ('Nf6', False)
    """

    __slots__ = ()

    aliases: ClassVar[List[str]] = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    uci_variant: ClassVar[Optional[str]] = "chess"
    xboard_variant: ClassVar[Optional[str]] = "normal"
    starting_fen: ClassVar[str] = STARTING_FEN
    tbw_suffix: ClassVar[Optional[str]] = ".rtbw"
    tbz_suffix: ClassVar[Optional[str]] = ".rtbz"
    tbw_magic: ClassVar[Optional[bytes]] = b"\x71\xe8\x23\x5d"
    tbz_magic: ClassVar[Optional[bytes]] = b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix: ClassVar[Optional[str]] = None
    pawnless_tbz_suffix: ClassVar[Optional[str]] = None
    pawnless_tbw_magic: ClassVar[Optional[bytes]] = None
    pawnless_tbz_magic: ClassVar[Optional[bytes]] = None
    connected_kings: ClassVar[bool] = False
    one_king: ClassVar[bool] = True
    captures_compulsory: ClassVar[bool] = False

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        self._init(fen, chess960)

    def epd(
        self,
        *,
        shredder: bool = False,
        en_passant: EnPassantSpec = "legal",
        promoted: Optional[bool] = None,
        **operations: Union[None, str, int, float, Move, Iterable[Move]],
    ) -> str:
        """The EPD of the position: the first four FEN fields, then the operations given
        as keywords (``bm=move``, ``pv=[moves]``, ``id="..."``, ``ce=55``, ``noop=None``;
        moves are written in SAN)."""
        position = self._epd_position(shredder=shredder, en_passant=en_passant, promoted=promoted)
        if not operations:
            return position
        return position + " " + self._epd_operations(operations)

    def _epd_operations(self, operations: Mapping[str, object]) -> str:
        parts = []
        for opcode, operand in operations.items():
            _is_opcode_char_valid(opcode)
            if operand is None:
                parts.append(f"{opcode};")
            elif isinstance(operand, Move):
                parts.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, (int, float)) and not isinstance(operand, bool):
                if isinstance(operand, float) and not math.isfinite(operand):
                    raise ValueError(f"epd operation {opcode} needs a finite number, not {operand}")
                parts.append(f"{opcode} {operand};")
            elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                position = self.copy(stack=False)
                sans = [position.san_and_push(move) for move in operand]
                parts.append(" ".join([opcode, *sans]) + ";")
            elif opcode in ("am", "bm") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                sans = sorted(self.san(move) for move in operand)
                parts.append(" ".join([opcode, *sans]) + ";")
            else:
                text = (
                    str(operand)
                    .replace("\\", "\\\\")
                    .replace("\t", "\\t")
                    .replace("\r", "\\r")
                    .replace("\n", "\\n")
                    .replace('"', '\\"')
                )
                parts.append(f'{opcode} "{text}";')
        return " ".join(parts)

    def _parse_epd_ops(self, text: str, make_board: Callable[[], "Board"]) -> Dict[str, object]:
        operations: Dict[str, object] = {}
        state = "opcode"
        opcode = ""
        operand = ""
        board: Optional[Board] = None

        def finish_opcode() -> None:
            nonlocal opcode
            if opcode and opcode != "-":
                _is_opcode_char_valid(opcode)
                operations[opcode] = [] if opcode in ("pv", "am", "bm") else None
            opcode = ""

        for ch in itertools.chain(text, [None]):
            if state == "opcode":
                if ch in (" ", "\t", "\r", "\n"):
                    if opcode == "-":
                        opcode = ""
                    elif opcode:
                        _is_opcode_char_valid(opcode)
                        state = "after_opcode"
                elif ch is None or ch == ";":
                    finish_opcode()
                else:
                    opcode += ch
            elif state == "after_opcode":
                if ch in (" ", "\t", "\r", "\n"):
                    pass
                elif ch == '"':
                    state = "string"
                elif ch is None or ch == ";":
                    finish_opcode()
                    state = "opcode"
                elif ch in "+-.0123456789":
                    operand = ch
                    state = "numeric"
                else:
                    operand = ch
                    state = "san"
            elif state == "numeric":
                if ch is None or ch == ";":
                    if any(c in operand for c in ".eE"):
                        value = float(operand)
                        if not math.isfinite(value):
                            raise ValueError(f"epd operation {opcode} has an invalid number: {operand!r}")
                        operations[opcode] = value
                    else:
                        operations[opcode] = int(operand)
                    opcode, operand, state = "", "", "opcode"
                else:
                    operand += ch
            elif state == "string":
                if ch is None or ch == '"':
                    operations[opcode] = operand
                    opcode, operand, state = "", "", "opcode"
                elif ch == "\\":
                    state = "string_escape"
                else:
                    operand += ch
            elif state == "string_escape":
                if ch is None:
                    operations[opcode] = operand
                    opcode, operand, state = "", "", "opcode"
                else:
                    operand += {"r": "\r", "n": "\n", "t": "\t"}.get(ch, ch)
                    state = "string"
            elif state == "san":
                if ch is None or ch == ";":
                    if board is None:
                        board = make_board()
                    if opcode == "pv":
                        line = []
                        for token in operand.split():
                            move = board.parse_xboard(token)
                            line.append(move)
                            board.push(move)
                        while board.move_stack:
                            board.pop()
                        operations[opcode] = line
                    elif opcode in ("am", "bm"):
                        operations[opcode] = [board.parse_xboard(token) for token in operand.split()]
                    else:
                        operations[opcode] = board.parse_xboard(operand)
                    opcode, operand, state = "", "", "opcode"
                else:
                    operand += ch
        return operations

    def set_epd(self, epd: str) -> Dict[str, Union[None, str, int, float, Move, List[Move]]]:
        """Sets the position of an EPD and returns its operations (``hmvc`` and ``fmvn``
        set the counters); clears the move stack."""
        parts = epd.strip().rstrip(";").split(None, 4)
        if len(parts) > 4:
            operations = self._parse_epd_ops(
                parts.pop(), lambda: type(self)(" ".join(parts) + " 0 1", chess960=self.chess960)
            )
            parts.append(str(operations["hmvc"]) if "hmvc" in operations else "0")
            parts.append(str(operations["fmvn"]) if "fmvn" in operations else "1")
            self.set_fen(" ".join(parts))
            return operations  # type: ignore[return-value]
        self.set_fen(epd)
        return {}

    @classmethod
    def from_epd(
        cls, epd: str, *, chess960: bool = False
    ) -> Tuple["Board", Dict[str, Union[None, str, int, float, Move, List[Move]]]]:
        """A board of an EPD, with its operations."""
        board = cls.empty(chess960=chess960)
        return board, board.set_epd(epd)

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.board(
            board=self,
            size=390,
            lastmove=self.peek() if self.move_stack else None,
            check=self.king(self.turn) if self.is_check() else None,
        )


BoardT = TypeVar("BoardT", bound=Board)
