"""The variants Lichess plays, with python-chess's names: ``chess.variant``'s boards
(:class:`CrazyhouseBoard`, :class:`AtomicBoard`, :class:`AntichessBoard` and its cousins
:class:`GiveawayBoard` and :class:`SuicideBoard`, :class:`KingOfTheHillBoard`,
:class:`ThreeCheckBoard`, :class:`HordeBoard`, :class:`RacingKingsBoard`),
:func:`find_variant` and :data:`VARIANTS`.

Each board is a :class:`kingside.Board` whose rules come from the Rust crates (chess-rules'
variant positions): its legal moves, check, the ends of the game, SAN and FEN are the
variant's, the rest (the pieces, attacks, the side to move, castling rights) is the
standard board's.

>>> import kingside.variant
>>> board = kingside.variant.CrazyhouseBoard()
>>> for san in ["e4", "d5", "exd5", "Qxd5"]:
...     _ = board.push_san(san)
>>> board.fen()
'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3'
>>> board.san(kingside.Move.from_uci("P@e6"))
'@e6'
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Type, TypeVar, Union

from . import _native
from ._board import Outcome, Status, Termination
from ._core import (
    BB_ALL,
    BLACK,
    COLORS,
    KNIGHT,
    PIECE_SYMBOLS,
    SQUARE_NAMES,
    WHITE,
    Bitboard,
    Board,
    Color,
    Move,
    PieceType,
    SquareSet,
)
from ._errors import IllegalMoveError

__all__ = [
    "SuicideBoard",
    "GiveawayBoard",
    "AntichessBoard",
    "AtomicBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "HordeBoard",
    "ThreeCheckBoard",
    "CrazyhousePocket",
    "CrazyhouseBoard",
    "VARIANTS",
    "find_variant",
]

VariantBoardT = TypeVar("VariantBoardT", bound="_VariantBoard")


class _LegalMoves:
    """The legal moves of a variant board, a live view as ``board.legal_moves``."""

    __slots__ = ("board",)

    def __init__(self, board: "_VariantBoard") -> None:
        self.board = board

    def __bool__(self) -> bool:
        return self.board._state.has_legal_moves(self.board)

    def count(self) -> int:
        return len(self.board._state.legal_moves(self.board))

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[Move]:
        return self.board.generate_legal_moves()

    def __contains__(self, move: Move) -> bool:
        return self.board.is_legal(move)

    def __repr__(self) -> str:
        sans = ", ".join(self.board.san(move) for move in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class _PseudoLegalMoves(_LegalMoves):
    """The pseudo-legal moves of a variant board, a live view as ``board.pseudo_legal_moves``."""

    __slots__ = ()

    def __bool__(self) -> bool:
        return any(self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __iter__(self) -> Iterator[Move]:
        return self.board.generate_pseudo_legal_moves()

    def __contains__(self, move: Move) -> bool:
        return self.board.is_pseudo_legal(move)

    def __repr__(self) -> str:
        ucis = ", ".join(self.board.uci(move) for move in self)
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({ucis})>"


class _VariantBoard(Board):
    """What every variant board shares: the variant's state (pockets, checks left, the move
    stack) in a native ``VariantState``, asked for every judgement."""

    _state: Any

    def __init__(self, fen: Optional[str] = None, chess960: bool = False) -> None:
        self._state = _native.VariantState(str(self.uci_variant))
        Board.__init__(self, None, chess960=chess960)
        if fen is not None:
            self.set_fen(fen)

    # The position.

    def set_fen(self, fen: Optional[str]) -> None:
        if fen is None:
            self.clear()
        else:
            self._state.set_fen(self, fen)

    def reset(self) -> None:
        self.set_fen(self.starting_fen)

    def reset_board(self) -> None:
        Board.reset_board(self)
        self._state.reset_extras()
        self._state.clear_stack()

    def clear(self) -> None:
        Board.clear(self)
        self._state.reset_extras()
        self._state.clear_stack()

    def clear_board(self) -> None:
        Board.clear_board(self)
        self._state.reset_extras()
        self._state.clear_stack()

    def clear_stack(self) -> None:
        Board.clear_stack(self)
        self._state.clear_stack()

    def set_board_fen(self, fen: Optional[str]) -> None:
        Board.set_board_fen(self, fen)
        self._state.clear_stack()

    def set_piece_map(self, pieces: Any) -> None:
        Board.set_piece_map(self, pieces)
        self._state.clear_stack()

    def set_piece_at(self, square: Any, piece: Any, promoted: Optional[bool] = False) -> None:
        Board.set_piece_at(self, square, piece, promoted)
        self._state.clear_stack()

    def remove_piece_at(self, square: Any) -> Any:
        piece = Board.remove_piece_at(self, square)
        self._state.clear_stack()
        return piece

    def set_castling_fen(self, castling_fen: str) -> None:
        Board.set_castling_fen(self, castling_fen)
        self._state.clear_stack()

    def copy(self: VariantBoardT, *, stack: Union[bool, int, None] = True) -> VariantBoardT:
        board = Board.copy(self, stack=False)
        if stack is True or stack is None:
            board._state = self._state.copy()
        else:
            board._state = self._state.copy(int(stack))
        return board  # type: ignore[no-any-return]

    def __copy__(self: VariantBoardT) -> VariantBoardT:
        return self.copy()

    def __deepcopy__(self: VariantBoardT, memo: Dict[int, object]) -> VariantBoardT:
        board = self.copy()
        memo[id(self)] = board
        return board

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), self.root().fen(), self.chess960, [m.uci() for m in self.move_stack]))

    def root(self: VariantBoardT) -> VariantBoardT:
        board = self.copy()
        while board._state:
            board.pop()
        return board

    def apply_mirror(self) -> None:
        Board.apply_mirror(self)
        self._state.swap_sides()
        self._state.clear_stack()

    def mirror(self: VariantBoardT) -> VariantBoardT:
        board = self.copy(stack=False)
        board.apply_mirror()
        return board

    def apply_transform(self, f: Any) -> None:
        Board.apply_transform(self, f)
        self._state.clear_stack()

    def transform(self: VariantBoardT, f: Any) -> VariantBoardT:
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        if type(self).uci_variant != type(other).uci_variant:
            return False
        if Board.__eq__(self, other) is not True:
            return False
        return bool(self._state.extras_key() == other._state.extras_key())  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    # FEN and EPD.

    def _promoted_default(self) -> bool:
        return False

    def _epd_position(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        if promoted is None:
            promoted = self._promoted_default()
        legal = en_passant == "legal"
        fields = Board._epd_position(self, shredder=shredder, en_passant="fen" if legal else en_passant, promoted=promoted).split(" ")
        if legal:
            ep = self._state.legal_ep_square(self)
            fields[3] = "-" if ep is None else SQUARE_NAMES[ep]
        return " ".join(fields)

    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        position = self._epd_position(shredder=shredder, en_passant=en_passant, promoted=promoted)
        return f"{position} {self.halfmove_clock} {self.fullmove_number}"

    # The moves.

    @property
    def move_stack(self) -> List[Move]:  # type: ignore[override]
        return self._state.move_stack()  # type: ignore[no-any-return]

    @property
    def legal_moves(self) -> _LegalMoves:  # type: ignore[override]
        return _LegalMoves(self)

    @property
    def pseudo_legal_moves(self) -> _PseudoLegalMoves:  # type: ignore[override]
        return _PseudoLegalMoves(self)

    def generate_legal_moves(self, from_mask: Optional[Bitboard] = BB_ALL, to_mask: Optional[Bitboard] = BB_ALL) -> Iterator[Move]:
        return iter(self._state.legal_moves(self, _mask(from_mask), _mask(to_mask)))

    def generate_pseudo_legal_moves(self, from_mask: Optional[Bitboard] = BB_ALL, to_mask: Optional[Bitboard] = BB_ALL) -> Iterator[Move]:
        legal = self._state.legal_moves(self, _mask(from_mask), _mask(to_mask))
        yield from legal
        seen = set(legal)
        for move in Board.generate_pseudo_legal_moves(self, from_mask, to_mask):
            if move not in seen:
                yield move

    def generate_legal_captures(self, from_mask: Optional[Bitboard] = BB_ALL, to_mask: Optional[Bitboard] = BB_ALL) -> Iterator[Move]:
        return (move for move in self.generate_legal_moves(from_mask, to_mask) if self.is_capture(move))

    def generate_legal_ep(self, from_mask: Optional[Bitboard] = BB_ALL, to_mask: Optional[Bitboard] = BB_ALL) -> Iterator[Move]:
        return (move for move in self.generate_legal_moves(from_mask, to_mask) if self.is_en_passant(move))

    def is_legal(self, move: Move) -> bool:
        return bool(self._state.is_legal(self, move))

    def is_pseudo_legal(self, move: Move) -> bool:
        if self.is_legal(move):
            return True
        return move.drop is None and bool(Board.is_pseudo_legal(self, move))

    def has_legal_en_passant(self) -> bool:
        return self._state.legal_ep_square(self) is not None

    def push(self, move: Move) -> None:
        self._state.push(self, move)

    def pop(self) -> Move:
        return self._state.pop(self)  # type: ignore[no-any-return]

    def peek(self) -> Move:
        stack = self._state.move_stack()
        if not stack:
            raise IndexError("list index out of range")
        return stack[-1]  # type: ignore[no-any-return]

    def find_move(self, from_square: int, to_square: int, promotion: Optional[PieceType] = None) -> Move:
        for move in self.generate_legal_moves(1 << from_square, BB_ALL):
            if move.drop is None and move.promotion == promotion and (
                move.to_square == to_square or self._to_chess960(move).to_square == to_square
            ):
                return move
        if promotion is None:
            for move in self.generate_legal_moves(1 << from_square, 1 << to_square):
                if move.promotion is not None:
                    return self.find_move(from_square, to_square, 5)
        raise IllegalMoveError(f"no matching legal move for {Move(from_square, to_square, promotion).uci()} in {self.fen()}")

    # Notation.

    def san(self, move: Move) -> str:
        return self._state.san(self, move)  # type: ignore[no-any-return]

    def san_and_push(self, move: Move) -> str:
        san = self.san(move)
        self.push(move)
        return san

    def parse_san(self, san: str) -> Move:
        return self._state.parse_san(self, san)  # type: ignore[no-any-return]

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def parse_xboard(self, xboard: str) -> Move:
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        return self.push_san(xboard)

    def parse_uci(self, uci: str) -> Move:
        move = Move.from_uci(uci)
        if not move:
            return move
        move = self._to_chess960(move)
        move = self._from_chess960(self.chess960, move.from_square, move.to_square, move.promotion, move.drop)
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal uci: {uci!r} in {self.fen()}")
        return move

    def push_uci(self, uci: str) -> Move:
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def variation_san(self, variation: Iterable[Move]) -> str:
        board = self.copy(stack=False)
        parts = []
        for move in variation:
            if not board.is_legal(move):
                raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            if board.turn == WHITE:
                parts.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
            elif not parts:
                parts.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
            else:
                parts.append(board.san_and_push(move))
        return " ".join(parts)

    # Check and the ends of the game.

    def checkers_mask(self) -> Bitboard:
        return self._state.checkers(self)  # type: ignore[no-any-return]

    def checkers(self) -> SquareSet:
        return SquareSet(self.checkers_mask())

    def is_check(self) -> bool:
        return bool(self.checkers_mask())

    def gives_check(self, move: Move) -> bool:
        return bool(self._state.gives_check(self, move))

    def is_variant_end(self) -> bool:
        return bool(self._state.is_variant_end(self))

    def is_variant_win(self) -> bool:
        return self._state.variant_result(self) == "win"

    def is_variant_loss(self) -> bool:
        return self._state.variant_result(self) == "loss"

    def is_variant_draw(self) -> bool:
        return self._state.variant_result(self) == "draw"

    def is_checkmate(self) -> bool:
        return bool(self._state.is_checkmate(self))

    def is_stalemate(self) -> bool:
        return bool(self._state.is_stalemate(self))

    def has_insufficient_material(self, color: Color) -> bool:
        return bool(self._state.has_insufficient_material(self, bool(color)))

    def is_insufficient_material(self) -> bool:
        return all(self.has_insufficient_material(color) for color in COLORS)

    def _is_halfmoves(self, n: int) -> bool:
        return self.halfmove_clock >= n and bool(self._state.has_legal_moves(self))

    def is_seventyfive_moves(self) -> bool:
        return self._is_halfmoves(150)

    def is_fifty_moves(self) -> bool:
        return self._is_halfmoves(100)

    def can_claim_fifty_moves(self) -> bool:
        if self.is_fifty_moves():
            return True
        if self.halfmove_clock >= 99:
            for move in self.generate_legal_moves():
                if not self.is_zeroing(move):
                    self.push(move)
                    try:
                        if self.is_fifty_moves():
                            return True
                    finally:
                        self.pop()
        return False

    def is_repetition(self, count: Optional[int] = 3) -> bool:
        return bool(self._state.is_repetition(self, 3 if count is None else int(count)))

    def is_fivefold_repetition(self) -> bool:
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self) -> bool:
        if self.is_repetition(3):
            return True
        for move in self.generate_legal_moves():
            if self.is_irreversible(move):
                continue
            self.push(move)
            try:
                if self.is_repetition(3):
                    return True
            finally:
                self.pop()
        return False

    def can_claim_draw(self) -> bool:
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def is_irreversible(self, move: Move) -> bool:
        return bool(self._state.is_irreversible(self, move))

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        ending = self._state.outcome(self)
        if ending is not None:
            name, winner = ending
            return Outcome(Termination[name], winner)
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    def status(self) -> Status:
        return Status(self._state.status(self))

    def is_valid(self) -> bool:
        return self.status() == Status.VALID


def _mask(mask: Optional[Bitboard]) -> int:
    return BB_ALL if mask is None else int(mask)


def _rebuild(cls: Type[_VariantBoard], fen: str, chess960: bool, moves: List[str]) -> _VariantBoard:
    board = cls(fen, chess960=chess960)
    for uci in moves:
        board.push(Move.from_uci(uci))
    return board


class SuicideBoard(_VariantBoard):
    """Suicide chess: captures are compulsory, the king is an ordinary piece, and who loses
    all their pieces (or is stalemated with fewer pieces) wins."""

    aliases: ClassVar[List[str]] = ["Suicide", "Suicide chess"]
    uci_variant: ClassVar[Optional[str]] = "suicide"
    xboard_variant: ClassVar[Optional[str]] = "suicide"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = ".stbw"
    tbz_suffix: ClassVar[Optional[str]] = ".stbz"
    tbw_magic: ClassVar[Optional[bytes]] = b"\x7b\xf6\x93\x15"
    tbz_magic: ClassVar[Optional[bytes]] = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix: ClassVar[Optional[str]] = ".gtbw"
    pawnless_tbz_suffix: ClassVar[Optional[str]] = ".gtbz"
    pawnless_tbw_magic: ClassVar[Optional[bytes]] = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic: ClassVar[Optional[bytes]] = b"\xd6\xf5\x1b\x50"
    connected_kings: ClassVar[bool] = True
    one_king: ClassVar[bool] = False
    captures_compulsory: ClassVar[bool] = True

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class GiveawayBoard(SuicideBoard):
    """Giveaway chess: Suicide chess where a stalemated side wins."""

    aliases: ClassVar[List[str]] = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant: ClassVar[Optional[str]] = "giveaway"
    xboard_variant: ClassVar[Optional[str]] = "giveaway"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = ".gtbw"
    tbz_suffix: ClassVar[Optional[str]] = ".gtbz"
    tbw_magic: ClassVar[Optional[bytes]] = b"\xbc\x55\xbc\x21"
    tbz_magic: ClassVar[Optional[bytes]] = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix: ClassVar[Optional[str]] = ".stbw"
    pawnless_tbz_suffix: ClassVar[Optional[str]] = ".stbz"
    pawnless_tbw_magic: ClassVar[Optional[bytes]] = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic: ClassVar[Optional[bytes]] = b"\xe4\xcf\xe7\x23"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class AntichessBoard(GiveawayBoard):
    """Antichess, as Lichess plays it: Giveaway chess without castling."""

    aliases: ClassVar[List[str]] = ["Antichess", "Anti chess", "Anti"]
    uci_variant: ClassVar[Optional[str]] = "antichess"
    xboard_variant: ClassVar[Optional[str]] = "giveaway"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class AtomicBoard(_VariantBoard):
    """Atomic chess: a capture explodes the pieces around it (pawns excepted), and who
    explodes the other king wins."""

    aliases: ClassVar[List[str]] = ["Atomic", "Atom", "Atomic chess"]
    uci_variant: ClassVar[Optional[str]] = "atomic"
    xboard_variant: ClassVar[Optional[str]] = "atomic"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = ".atbw"
    tbz_suffix: ClassVar[Optional[str]] = ".atbz"
    tbw_magic: ClassVar[Optional[bytes]] = b"\x55\x8d\xa4\x49"
    tbz_magic: ClassVar[Optional[bytes]] = b"\x91\xa9\x5e\xeb"
    connected_kings: ClassVar[bool] = True
    one_king: ClassVar[bool] = True

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class KingOfTheHillBoard(_VariantBoard):
    """King of the Hill: who brings their king to the center (d4, e4, d5, e5) wins."""

    aliases: ClassVar[List[str]] = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant: ClassVar[Optional[str]] = "kingofthehill"
    xboard_variant: ClassVar[Optional[str]] = "kingofthehill"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = None
    tbz_suffix: ClassVar[Optional[str]] = None
    tbw_magic: ClassVar[Optional[bytes]] = None
    tbz_magic: ClassVar[Optional[bytes]] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class RacingKingsBoard(_VariantBoard):
    """Racing Kings: no checks; who brings their king to the eighth rank first wins (black
    may still draw by reaching it on the next move)."""

    aliases: ClassVar[List[str]] = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant: ClassVar[Optional[str]] = "racingkings"
    xboard_variant: ClassVar[Optional[str]] = "racingkings"
    starting_fen: ClassVar[str] = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = None
    tbz_suffix: ClassVar[Optional[str]] = None
    tbw_magic: ClassVar[Optional[bytes]] = None
    tbz_magic: ClassVar[Optional[bytes]] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class HordeBoard(_VariantBoard):
    """Horde: white's 36 pawns against black's army; black wins by taking every white
    piece."""

    aliases: ClassVar[List[str]] = ["Horde", "Horde chess"]
    uci_variant: ClassVar[Optional[str]] = "horde"
    xboard_variant: ClassVar[Optional[str]] = "horde"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = None
    tbz_suffix: ClassVar[Optional[str]] = None
    tbw_magic: ClassVar[Optional[bytes]] = None
    tbz_magic: ClassVar[Optional[bytes]] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class _RemainingChecks:
    """The checks each side has left to give, indexed by color (``board.remaining_checks[chess.WHITE]``),
    a live view of the board's counters."""

    __slots__ = ("_board",)

    def __init__(self, board: "ThreeCheckBoard") -> None:
        self._board = board

    def _pair(self) -> List[int]:
        white, black = self._board._state.remaining_checks()
        return [black, white]

    def __getitem__(self, color: Color) -> int:
        return self._pair()[int(color)]

    def __setitem__(self, color: Color, value: int) -> None:
        pair = self._pair()
        pair[int(color)] = int(value)
        self._board._state.set_remaining_checks(pair[1], pair[0])

    def __iter__(self) -> Iterator[int]:
        return iter(self._pair())

    def __len__(self) -> int:
        return 2

    def __eq__(self, other: object) -> bool:
        try:
            return self._pair() == list(other)  # type: ignore[call-overload]
        except TypeError:
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._pair())


class ThreeCheckBoard(_VariantBoard):
    """Three-check: who gives check for the third time wins."""

    aliases: ClassVar[List[str]] = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant: ClassVar[Optional[str]] = "3check"
    xboard_variant: ClassVar[Optional[str]] = "3check"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    tbw_suffix: ClassVar[Optional[str]] = None
    tbz_suffix: ClassVar[Optional[str]] = None
    tbw_magic: ClassVar[Optional[bytes]] = None
    tbz_magic: ClassVar[Optional[bytes]] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    @property
    def remaining_checks(self) -> _RemainingChecks:
        return _RemainingChecks(self)

    @remaining_checks.setter
    def remaining_checks(self, value: Iterable[int]) -> None:
        black, white = value
        self._state.set_remaining_checks(int(white), int(black))

    def _epd_position(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        position = super()._epd_position(shredder=shredder, en_passant=en_passant, promoted=promoted)
        white, black = self._state.remaining_checks()
        return f"{position} {white}+{black}"

    def set_epd(self, epd: str) -> Dict[str, Union[None, str, int, float, Move, List[Move]]]:
        parts = epd.strip().rstrip(";").split(None, 5)
        if len(parts) < 5 or not re.fullmatch(r"\+?[0-9]\+[0-9]", parts[4]):
            return super().set_epd(epd)
        checks = parts.pop(4)
        position = " ".join(parts[:4])
        operations: Dict[str, object] = {}
        if len(parts) > 4:
            operations = self._parse_epd_ops(parts[4], lambda: type(self)(f"{position} {checks} 0 1", chess960=self.chess960))
        self.set_fen(f"{position} {checks} {operations.get('hmvc', 0)} {operations.get('fmvn', 1)}")
        return operations  # type: ignore[return-value]


class CrazyhousePocket:
    """The pieces a side holds in Crazyhouse, to drop: a count per piece type (pawn to
    queen)."""

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._pieces = [0] * 7
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol.lower()))

    def reset(self) -> None:
        """Empties the pocket."""
        self._pieces = [0] * 7

    def add(self, piece_type: PieceType) -> None:
        """Adds a piece of the given type."""
        self._pieces[piece_type] += 1

    def remove(self, piece_type: PieceType) -> None:
        """Removes a piece of the given type (a ``ValueError`` when there is none)."""
        if not self._pieces[piece_type]:
            raise ValueError(f"no {PIECE_SYMBOLS[piece_type]} in the pocket")
        self._pieces[piece_type] -= 1

    def count(self, piece_type: PieceType) -> int:
        """The number of pieces of the given type."""
        return self._pieces[piece_type]

    def __str__(self) -> str:
        return "".join("pnbrq"[pt - 1] * self.count(pt) for pt in range(5, 0, -1))

    def __len__(self) -> int:
        return sum(self.count(pt) for pt in range(1, 6))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def copy(self) -> "CrazyhousePocket":
        """A copy of the pocket."""
        return type(self)(str(self))


class _BoardPocket(CrazyhousePocket):
    """The pocket of one side of a board: a live view of the board's pockets."""

    def __init__(self, board: "CrazyhouseBoard", color: Color) -> None:
        self._board = board
        self._color = bool(color)

    def reset(self) -> None:
        self._board._state.pocket_clear(self._color)

    def add(self, piece_type: PieceType) -> None:
        self._board._state.pocket_add(self._color, int(piece_type))

    def remove(self, piece_type: PieceType) -> None:
        self._board._state.pocket_remove(self._color, int(piece_type))

    def count(self, piece_type: PieceType) -> int:
        if piece_type not in range(1, 6):
            return 0
        return self._board._state.pocket_count(self._color, int(piece_type))  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self._board._state.pocket_text(self._color)  # type: ignore[no-any-return]

    def copy(self) -> CrazyhousePocket:
        return CrazyhousePocket(str(self))


class CrazyhouseBoard(_VariantBoard):
    """Crazyhouse: a captured piece joins the captor's pocket, and may be dropped onto an
    empty square instead of a move."""

    aliases: ClassVar[List[str]] = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant: ClassVar[Optional[str]] = "crazyhouse"
    xboard_variant: ClassVar[Optional[str]] = "crazyhouse"
    starting_fen: ClassVar[str] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    tbw_suffix: ClassVar[Optional[str]] = None
    tbz_suffix: ClassVar[Optional[str]] = None
    tbw_magic: ClassVar[Optional[bytes]] = None
    tbz_magic: ClassVar[Optional[bytes]] = None

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The pockets, indexed by color: ``board.pockets[chess.WHITE]``."""
        return [_BoardPocket(self, BLACK), _BoardPocket(self, WHITE)]

    @pockets.setter
    def pockets(self, value: Iterable[CrazyhousePocket]) -> None:
        black, white = value
        for color, pocket in ((WHITE, white), (BLACK, black)):
            self._state.pocket_clear(color)
            for piece_type in range(1, 6):
                for _ in range(pocket.count(piece_type)):
                    self._state.pocket_add(color, piece_type)

    def _promoted_default(self) -> bool:
        return True

    def board_fen(self, *, promoted: Optional[bool] = None) -> str:
        return str(Board.board_fen(self, promoted=True if promoted is None else promoted))

    def _epd_position(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        placement, rest = super()._epd_position(shredder=shredder, en_passant=en_passant, promoted=promoted).split(" ", 1)
        pockets = self._state.pocket_text(WHITE).upper() + self._state.pocket_text(BLACK)
        return f"{placement}[{pockets}] {rest}"

    def _is_halfmoves(self, n: int) -> bool:
        # Crazyhouse has no 50- or 75-move rule.
        return False

    def legal_drop_squares_mask(self) -> Bitboard:
        """The squares where a drop would be legal, whatever the pocket holds (a pawn still
        cannot go to the first or last rank)."""
        # A knight goes wherever any piece may: the rules answer for it.
        board = self.copy(stack=False)
        board.pockets[self.turn].add(KNIGHT)
        mask = 0
        for move in board.generate_legal_moves():
            if move.drop == KNIGHT:
                mask |= 1 << move.to_square
        return mask

    def legal_drop_squares(self) -> SquareSet:
        """The squares where a drop would be legal, whatever the pocket holds."""
        return SquareSet(self.legal_drop_squares_mask())

    def generate_legal_drops(self, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (move for move in self.generate_legal_moves(BB_ALL, to_mask) if move.drop is not None)

    def generate_pseudo_legal_drops(self, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return self.generate_legal_drops(to_mask)


VARIANTS: List[Type[Board]] = [
    Board,
    SuicideBoard,
    GiveawayBoard,
    AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type[Board]:
    """The board class of a variant name, any of its aliases in any case (``"Atomic"``,
    ``"3check"``); a ``ValueError`` for an unknown name."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")
