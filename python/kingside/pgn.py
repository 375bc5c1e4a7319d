"""Games in Portable Game Notation: python-chess's ``chess.pgn`` with its names, arguments and
behaviour, made fast by Rust.

A game is a tree of nodes: the :class:`Game` at the root (its tags in :attr:`Game.headers`),
then a :class:`ChildNode` for each move, with its comment, its NAGs and its variations (the
main continuation first). :func:`read_game` reads one game from a text file each time it is
called, line by line as python-chess reads them; with the default visitor the whole game is
read and built in one call to Rust. The exporters write a game back as python-chess writes
it, character for character.

>>> import io
>>> import kingside.pgn
>>> pgn = io.StringIO("1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.25] } 2. Nf3 (2. f4 exf4) 2... Nc6 *")
>>> game = kingside.pgn.read_game(pgn)
>>> [node.san() for node in game.mainline()]
['e4', 'e5', 'Nf3', 'Nc6']
>>> game.next().clock(), game.next().next().eval()
(180.0, PovScore(Cp(+25), WHITE))
>>> print(game.accept(kingside.pgn.StringExporter(headers=False, columns=None)))
1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.25] } 2. Nf3 ( 2. f4 exf4 ) 2... Nc6 *

Errors in a game (an illegal move, an unknown variant) do not stop the reader: they are
logged on the logger ``chess.pgn`` (python-chess's name, so that code silencing it keeps
working) and kept in :attr:`Game.errors`.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import itertools
import logging
import re
import typing
from typing import (
    Any,
    Callable,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    MutableMapping,
    Optional,
    Set,
    TextIO,
    Tuple,
    Type,
    TypeVar,
    Union,
)

import kingside as chess  # noqa: F401  (python-chess's module has its `chess` as `chess.pgn.chess`)

from . import _native
from ._core import WHITE, Board, Color, Move, Square

LOGGER = logging.getLogger("chess.pgn")

# Numeric annotation glyphs: https://en.wikipedia.org/wiki/Numeric_Annotation_Glyphs

NAG_NULL = 0
NAG_GOOD_MOVE = 1
"""A good move (``!``)."""
NAG_MISTAKE = 2
"""A mistake (``?``)."""
NAG_BRILLIANT_MOVE = 3
"""A brilliant move (``!!``)."""
NAG_BLUNDER = 4
"""A blunder (``??``)."""
NAG_SPECULATIVE_MOVE = 5
"""A speculative move (``!?``)."""
NAG_DUBIOUS_MOVE = 6
"""A dubious move (``?!``)."""
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# The expressions python-chess reads PGN with (the same patterns and group names; the Rust
# reader follows them, chess-notation's `lenient` module, and falls back on them where its
# fast paths do not apply).

TAG_REGEX = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$')
"""A tag pair line: the name and the value."""

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
"""A valid tag name."""

MOVETEXT_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})",
    re.DOTALL,
)
"""The tokens of a movetext line: a move, a comment, a NAG, a bracket, a result, a suffix."""

SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")
"""What skipping a game looks at."""

CLOCK_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)"
)
"""A ``[%clk H:MM:SS]`` command."""

EMT_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)"
)
"""An ``[%emt H:MM:SS]`` command."""

EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
"""An ``[%eval ...]`` command: pawns or ``#`` and moves to mate, and a depth."""

ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?"
    r"(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)"
)
"""A ``[%csl ...]`` or ``[%cal ...]`` command of coloured squares or arrows."""

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster, in its order."""

_ROSTER_DEFAULTS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}


class SkipType(enum.Enum):
    """The type of :data:`SKIP`."""

    SKIP = None


SKIP = SkipType.SKIP
"""What a visitor's callback returns to skip a game, its movetext or a variation."""

ResultT = TypeVar("ResultT", covariant=True)


class TimeControlType(enum.Enum):
    """The kind of a time control, by FIDE's limits (and bullet below three minutes)."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """A period of a time control: moves to play (0 for the rest of the game) in ``time``
    seconds, with an increment or a delay per move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A game's time control (its ``TimeControl`` tag, as the PGN standard writes it): its
    periods and its kind."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _join(*texts: str) -> str:
    """Texts joined with a space, the empty ones left out."""
    return " ".join(filter(None, texts))


def _replace_command(infix: str) -> Callable[[typing.Match[str]], str]:
    # What stands in for a command: the new one between the old one's surrounding spaces, or,
    # when it goes, one space at most (none at the start of the comment).
    def replace(match: typing.Match[str]) -> str:
        if infix:
            return match.group("prefix") + infix + match.group("suffix")
        return match.group("prefix") and match.group("suffix")

    return replace


def _duration_command(name: str, seconds: float) -> str:
    # `H:MM:SS` with up to three decimals, never negative.
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    fraction = f"{secs:06.3f}".rstrip("0").rstrip(".")
    return f"[%{name} {int(hours):d}:{int(minutes):02d}:{fraction}]"


def _seconds(match: Optional[typing.Match[str]]) -> Optional[float]:
    if match is None:
        return None
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


def _regex_clock(comment: str) -> Optional[float]:
    # The clock as the regular expression reads it (where the Rust reader does not).
    return _seconds(CLOCK_REGEX.search(comment))


def _regex_emt(comment: str) -> Optional[float]:
    return _seconds(EMT_REGEX.search(comment))


def _regex_eval_depth(comment: str) -> Optional[int]:
    match = EVAL_REGEX.search(comment)
    return int(match.group("depth")) if match and match.group("depth") else None


def _regex_eval(node: GameNode) -> Any:
    from .engine import Cp, Mate, PovScore

    match = EVAL_REGEX.search(node.comment)
    if match is None:
        return None
    turn = node.turn()
    if match.group("mate"):
        moves = int(match.group("mate"))
        score: Any = Mate(moves)
        if moves == 0:
            # Mate in 0: the side to move has been mated.
            return PovScore(score, turn)
    else:
        score = Cp(round(float(match.group("cp")) * 100))
    return PovScore(score if turn else -score, turn)


def _arrow_class() -> Any:
    from . import svg

    return svg.Arrow


class GameNode(_native.GameNode, metaclass=abc.ABCMeta):
    """A node of a game tree: the :class:`Game` at the root, or a :class:`ChildNode` after a
    move. Its fields (``parent``, ``move``, ``comment``, ``starting_comment``, ``nags``,
    ``variations``) are kept by Rust. The nodes of a game :func:`read_game` read are made
    when Python first asks for them (and the same object is given while it lives), the set
    of NAGs and the list of variations too; any attribute set on a node stays with it.

    >>> import kingside as chess
    >>> import kingside.pgn
    >>> game = kingside.pgn.Game()
    >>> node = game.add_variation(chess.Move.from_uci("e2e4"))
    >>> node = node.add_variation(chess.Move.from_uci("c7c5"), comment="Sicilian")
    >>> node.ply(), node.turn() == chess.WHITE, node.is_mainline(), node.board().fullmove_number
    (2, True, True, 2)
    """

    parent: Optional[GameNode]
    move: Optional[Move]
    variations: List[ChildNode]
    comment: str
    starting_comment: str
    nags: Set[int]

    def __init__(self, *, comment: str = "") -> None:
        # No parent, no move, no variations, the comment, no starting comment, no NAGs.
        self._init_fields(comment)

    @abc.abstractmethod
    def board(self) -> Board:
        """A new board with the position at this node (the game's starting position, from
        its ``FEN`` and ``Variant`` tags, with the moves up to this node played)."""
        raise NotImplementedError

    @abc.abstractmethod
    def ply(self) -> int:
        """The half-moves played to reach this node, counted from the fullmove number and
        the side to move of the starting position (as :meth:`Board.ply` counts)."""
        raise NotImplementedError

    def turn(self) -> Color:
        """The side to move at this node."""
        return self.ply() % 2 == 0

    def game(self) -> Game:
        """The game at the root of the tree."""
        root = self.root()
        assert isinstance(root, Game), "the root of this node is not a Game"
        return root

    def starts_variation(self) -> bool:
        """Whether this node begins a variation: a child that is not its parent's first.
        (Only such a node writes its starting comment.)"""
        if not self.parent or not self.parent.variations:
            return False
        return self.parent.variations[0] != self

    def is_mainline(self) -> bool:
        """Whether every node from the root to this one is its parent's first child."""
        node = self
        while node.parent:
            parent = node.parent
            if not parent.variations or parent.variations[0] != node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first child (the root is)."""
        if not self.parent:
            return True
        return not self.parent.variations or self.parent.variations[0] == self

    def __getitem__(self, move: Union[int, Move, GameNode]) -> ChildNode:
        try:
            return self.variations[move]  # type: ignore[index]
        except TypeError:
            for child in self.variations:
                if child.move == move or child == move:
                    return child
        raise KeyError(move)

    def __contains__(self, move: Union[int, Move, GameNode]) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        """The child given by its index, its move or itself (``KeyError`` if none)."""
        return self[move]

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        """Whether the child given by its index, move or itself is here."""
        return move in self

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        """Makes a child the first (the main continuation)."""
        child = self[move]
        self.variations.remove(child)
        self.variations.insert(0, child)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a child one place up."""
        child = self[move]
        i = self.variations.index(child)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a child one place down."""
        child = self[move]
        i = self.variations.index(child)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        """Removes a child and what follows it."""
        self.variations.remove(self.variation(move))

    def add_variation(
        self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = []
    ) -> ChildNode:
        """A new last child, after `move`. (The one place nodes are made: a subclass that
        overrides it decides their class.)"""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = []) -> ChildNode:
        """A new first child, after `move`."""
        child = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return child

    def mainline(self) -> Mainline[ChildNode]:
        """The nodes of the main continuation after this one."""
        return Mainline(self, _node_itself)

    def mainline_moves(self) -> Mainline[Move]:
        """The moves of the main continuation after this one."""
        return Mainline(self, _node_move)

    def add_line(
        self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = []
    ) -> GameNode:
        """Adds the moves one after the other as new last children; the first gets
        `starting_comment`, the last `comment` (after its own, if any) and `nags`. Returns
        the last node."""
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    def set_eval(self, score: Optional[Any], depth: Optional[int] = None) -> None:
        """Writes an ``[%eval ...]`` command for a ``kingside.engine.PovScore`` (pawns with
        two decimals, or ``#`` and moves to mate, from white's point of view, and the depth
        after a comma), in place of the comment's first one or at its end; None takes it
        out.

        >>> import kingside.engine, kingside.pgn
        >>> game = kingside.pgn.Game()
        >>> game.set_eval(kingside.engine.PovScore(kingside.engine.Cp(-80), kingside.WHITE), 20)
        >>> game.comment
        '[%eval -0.80,20]'
        """
        command = ""
        if score is not None:
            depth_suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                command = f"[%eval {float(cp) / 100:.2f}{depth_suffix}]"
            elif white.mate():
                command = f"[%eval #{white.mate()}{depth_suffix}]"
        comment, found = EVAL_REGEX.subn(_replace_command(command), self.comment, count=1)
        if not found and command:
            if comment and not comment.endswith(" "):
                comment += " "
            comment += command
        self.comment = comment

    def arrows(self) -> List[Any]:
        """The squares and arrows of the comment's ``[%csl ...]`` and ``[%cal ...]``
        commands, as ``kingside.svg.Arrow`` objects (a square is an arrow to itself)."""
        Arrow = _arrow_class()
        return [
            Arrow.from_pgn(entry)
            for match in ARROWS_REGEX.finditer(self.comment)
            for entry in match.group("arrows").split(",")
        ]

    def set_arrows(self, arrows: Iterable[Union[Any, Tuple[Square, Square]]]) -> None:
        """Replaces the comment's ``[%csl ...]`` and ``[%cal ...]`` commands with those of
        `arrows` (``kingside.svg.Arrow`` objects or ``(tail, head)`` pairs), written at the
        start of the comment."""
        Arrow = _arrow_class()
        squares: List[str] = []
        lines: List[str] = []
        for arrow in arrows:
            try:
                tail, head = arrow  # type: ignore[misc]
            except TypeError:
                pass
            else:
                arrow = Arrow(tail, head)
            assert isinstance(arrow, Arrow), arrow
            (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
        comment = ARROWS_REGEX.sub(_replace_command(""), self.comment)
        commands = ""
        if squares:
            commands += f"[%csl {','.join(squares)}]"
        if lines:
            commands += f"[%cal {','.join(lines)}]"
        if commands and comment and not comment.startswith(" ") and not comment.startswith("\n"):
            comment = commands + " " + comment
        else:
            comment = commands + comment
        self.comment = comment

    def _set_duration(self, regex: typing.Pattern[str], name: str, seconds: Optional[float]) -> None:
        command = "" if seconds is None else _duration_command(name, seconds)
        comment, found = regex.subn(_replace_command(command), self.comment, count=1)
        if not found and command:
            if comment and not comment.endswith(" ") and not comment.endswith("\n"):
                comment += " "
            comment += command
        self.comment = comment

    def set_clock(self, seconds: Optional[float]) -> None:
        """Writes a ``[%clk H:MM:SS]`` command (up to three decimals, never below zero) in
        place of the comment's first one or at its end; None takes it out.

        >>> import kingside.pgn
        >>> game = kingside.pgn.Game()
        >>> game.set_clock(12345.5)
        >>> game.comment, game.clock()
        ('[%clk 3:25:45.5]', 12345.5)
        """
        self._set_duration(CLOCK_REGEX, "clk", seconds)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Writes an ``[%emt H:MM:SS]`` command as :meth:`set_clock` writes the clock."""
        self._set_duration(EMT_REGEX, "emt", seconds)

    @abc.abstractmethod
    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the tree from this node in PGN order with `visitor`; its result."""
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game as if it started at this node (its position set up by ``FEN``
        tags) with `visitor`; its result."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            start = Game.without_tag_roster()
            start.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in start.headers:
                    visitor.visit_header(name, value)
            for name, value in start.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __getstate__(self) -> Dict[str, Any]:
        state = dict(getattr(self, "__dict__", {}))
        state.update(
            parent=self.parent,
            move=self.move,
            variations=self.variations,
            comment=self.comment,
            starting_comment=self.starting_comment,
            nags=self.nags,
        )
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)


def _node_itself(node: ChildNode) -> ChildNode:
    return node


def _node_move(node: ChildNode) -> Move:
    return node.move


class ChildNode(_native.ChildNode, GameNode):
    """A node after a move: ``move`` leads to it from ``parent``. Made by
    :meth:`GameNode.add_variation`, which adds it to the parent's variations."""

    parent: GameNode
    move: Move

    def __init__(
        self,
        parent: GameNode,
        move: Move,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = [],
    ) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        self.parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self) -> Board:
        moves, top = self._moves_and_root()
        board = top.game().board()
        for move in moves:
            board.push(move)
        return board

    def ply(self) -> int:
        depth, root = self._depth_and_root()
        return root.game().ply() + depth

    def san(self) -> str:
        """The move in SAN, in the parent's position."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI, in the parent's position."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def _accept_node(self, parent_board: Board, visitor: BaseVisitor[Any]) -> None:
        # The calls for this node alone: its starting comment, its move, the board after it,
        # its NAGs in order, its comment.
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(parent_board, self.move)
        parent_board.push(self.move)
        visitor.visit_board(parent_board)
        parent_board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, board: Board, visitor: BaseVisitor[Any], *, sidelines: bool = True) -> None:
        # This node, then (with `sidelines`) its parent's other children as variations, then
        # the main continuation, to the end of the line. `board` is the parent's position and
        # is the same again at the end.
        node: ChildNode = self
        pushed = 0
        while True:
            others = itertools.islice(node.parent.variations, 1, None) if sidelines else iter(())
            node._accept_node(board, visitor)
            for other in others:
                if visitor.begin_variation() is not SKIP:
                    other._accept(board, visitor, sidelines=False)
                visitor.end_variation()
            if not node.variations:
                break
            board.push(node.move)
            pushed += 1
            node = node.variations[0]
            sidelines = True
        for _ in range(pushed):
            board.pop()

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks this node and what follows it (not its siblings) with `visitor`."""
        if not _exported_natively(visitor, self, "node"):
            self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            parent_board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if parent_board.turn == WHITE else "..."
        return (
            f"<{type(self).__name__} at {id(self):#x} "
            f"({parent_board.fullmove_number}{dots} {parent_board.san(self.move)} ...)>"
        )


GameT = TypeVar("GameT", bound="Game")


class Game(_native.Game, GameNode):
    """The root of a game tree, with the game's tags (:attr:`headers`, the Seven Tag Roster
    by default) and the errors met reading it (:attr:`errors`).

    >>> import kingside as chess
    >>> import kingside.pgn
    >>> board = chess.Board()
    >>> for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
    ...     _ = board.push_san(san)
    >>> game = kingside.pgn.Game.from_board(board)
    >>> game.headers["Result"], str(game.mainline_moves())
    ('1-0', '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#')
    """

    headers: Headers
    errors: List[Exception]

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors = []

    def board(self) -> Board:
        return self.headers.board()

    def ply(self) -> int:
        # Only a FEN tag moves the count from 0.
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the starting position (a board, or a FEN): the ``FEN`` and ``SetUp`` tags,
        taken out for the standard start, and ``Variant`` for Chess960."""
        try:
            fen = board.fen()  # type: ignore[union-attr]
            setup = typing.cast(Board, board)
        except AttributeError:
            setup = Board(board)  # type: ignore[arg-type]
            setup.chess960 = setup.has_chess960_castling_rights()
            fen = setup.fen()
        if fen == type(setup).starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        variant = type(setup).aliases[0]
        if variant == "Standard" and setup.chess960:
            self.headers["Variant"] = "Chess960"
        elif variant != "Standard":
            self.headers["Variant"] = variant
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game in PGN order with `visitor` (tags, starting position, comment,
        moves and variations, result); its result."""
        if _exported_natively(visitor, self, "game"):
            return visitor.result()
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __getstate__(self) -> Dict[str, Any]:
        state = super().__getstate__()
        state.update(headers=self.headers, errors=self.errors)
        return state

    def time_control(self) -> TimeControl:
        """The ``TimeControl`` tag read (an unknown one when the game has none)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls: Type[GameT], board: Board) -> GameT:
        """The game of a board's move stack, from its root position, with its result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: Type[GameT]) -> GameT:
        """An empty game without tags."""
        return cls(headers={})

    @classmethod
    def builder(cls: Type[GameT]) -> GameBuilder[GameT]:
        """A visitor building games of this class (``read_game(handle, Visitor=MyGame.builder)``)."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (
            f"<{type(self).__name__} at {id(self):#x} ({self.headers.get('White', '?')!r} vs. "
            f"{self.headers.get('Black', '?')!r}, {self.headers.get('Date', '????.??.??')!r} at "
            f"{self.headers.get('Site', '?')!r}{errors})>"
        )


HeadersT = TypeVar("HeadersT", bound="Headers")


class Headers(MutableMapping[str, str]):
    """A game's tags: the Seven Tag Roster first, in its order, then the others in the order
    they were set. Names must be valid PGN tag names and values hold no line break.

    >>> import kingside.pgn
    >>> headers = kingside.pgn.Headers(White="Carlsen", Opening="Ruy Lopez")
    >>> list(headers)[:3], headers["White"], len(headers)
    (['Event', 'Site', 'Date'], 'Carlsen', 8)
    >>> headers.board().fen() == kingside.STARTING_FEN
    True
    """

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None, **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        if data is None:
            self._tag_roster.update(_ROSTER_DEFAULTS)
            data = {}
        self.update(data, **kwargs)

    def __getattr__(self, name: str) -> Any:
        # A game read by read_game keeps its tags in Rust until they are first needed.
        if name in ("_tag_roster", "_others"):
            pending = self.__dict__.pop("_pending", None)
            if pending is not None:
                self._tag_roster, self._others = pending.dicts()
                return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> Dict[str, Any]:
        self._tag_roster  # The tags read, made Python's.
        return dict(self.__dict__)

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag names Chess960 (as Cute Chess and others write it)."""
        return self.get("Variant", "").lower() in ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")

    def is_wild(self) -> bool:
        """Whether the ``Variant`` tag is one of FICS's wild variants (``wild/0`` … ``wild/8a``)."""
        return self.get("Variant", "").lower() in (
            "wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a",
        )  # fmt: skip

    def variant(self) -> Type[Board]:
        """The board class of the ``Variant`` tag: :class:`kingside.Board` for standard chess,
        Chess960 and the wild variants; a ``ValueError`` for variants this package does not
        play."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        name = self["Variant"]
        try:
            from .variant import find_variant  # type: ignore[import-not-found]
        except ImportError:
            if name.lower() in (alias.lower() for alias in Board.aliases):
                return Board
            raise ValueError(f"unsupported variant: {name!r} (kingside plays standard chess and Chess960)") from None
        return find_variant(name)  # type: ignore[no-any-return]

    def board(self) -> Board:
        """A board with the starting position of the tags (``FEN``, ``Variant``)."""
        VariantBoard = self.variant()
        fen = self.get("FEN", VariantBoard.starting_fen)
        board = VariantBoard(fen, chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self: HeadersT) -> HeadersT:
        """A copy, of the same class."""
        return type(self)(self)

    def __copy__(self: HeadersT) -> HeadersT:
        return self.copy()

    def __repr__(self) -> str:
        return "{}({})".format(type(self).__name__, ", ".join(f"{key}={value!r}" for key, value in self.items()))

    @classmethod
    def builder(cls: Type[HeadersT]) -> HeadersBuilder[HeadersT]:
        """A visitor collecting tags into this class (``read_game(handle, Visitor=MyHeaders.builder)``)."""
        return HeadersBuilder(Headers=cls)


MainlineMapT = TypeVar("MainlineMapT")


class Mainline(Generic[MainlineMapT]):
    """The main continuation after a node, as `f` of each node (the nodes, or their moves):
    iterable (also reversed), true when not empty, written in SAN by ``str()``."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], MainlineMapT]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[MainlineMapT]:
        if self.f is _node_itself:
            return _native.PgnMainlineIterator(self.start)
        if self.f is _node_move:
            return _native.PgnMainlineIterator(self.start, moves=True)
        return _native.PgnMainlineIterator(self.start, self.f)

    def __reversed__(self) -> Iterator[MainlineMapT]:
        node = self.start.end()
        while node.parent and node != self.start:
            yield self.f(typing.cast(ChildNode, node))
            node = node.parent

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the nodes of the main continuation (no variations) with `visitor`."""
        if _exported_natively(visitor, self.start, "mainline"):
            return visitor.result()
        node = self.start
        board = self.start.board()
        while node.variations:
            node = node.variations[0]
            node._accept_node(board, visitor)  # type: ignore[attr-defined]
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """What the reader (:func:`read_game`) and the tree (:meth:`Game.accept`) call, in PGN
    order: override what you need. A callback that may answer :data:`SKIP` skips what it
    begins."""

    def begin_game(self) -> Optional[SkipType]:
        """A game begins."""
        pass

    def begin_headers(self) -> Optional[Headers]:
        """The tags begin. A visitor returning its :class:`Headers` lets the reader set up
        the starting position from them."""
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag."""
        pass

    def end_headers(self) -> Optional[SkipType]:
        """The tags are over; :data:`SKIP` skips the movetext."""
        pass

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        """The reader is about to read a move; :data:`SKIP` leaves it unread."""
        pass

    def parse_san(self, board: Board, san: str) -> Move:
        """Reads a move for the reader (deprecated in python-chess: better report the
        file's quirks)."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """A move, with the board before it (to be left as it is)."""
        pass

    def visit_board(self, board: Board) -> None:
        """The starting position, and the position after each move (to be left as it is)."""
        pass

    def visit_comment(self, comment: str) -> None:
        """A comment."""
        pass

    def visit_nag(self, nag: int) -> None:
        """A NAG."""
        pass

    def begin_variation(self) -> Optional[SkipType]:
        """A variation begins (not called for the mainline); :data:`SKIP` skips it."""
        pass

    def end_variation(self) -> None:
        """A variation ends."""
        pass

    def visit_result(self, result: str) -> None:
        """The game's result (from the ``Result`` tag, when the tree is walked)."""
        pass

    def end_game(self) -> None:
        """The game is over."""
        pass

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visitor made."""

    def handle_error(self, error: Exception) -> None:
        """An error of the game (an illegal move, a bad FEN): raised by default."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """The visitor that builds a :class:`Game` (the default of :func:`read_game`); errors are
    logged and kept in :attr:`Game.errors`. ``GameBuilder(Game=MyGame)`` builds instances of
    a subclass."""

    @typing.overload
    def __init__(self: GameBuilder[Game]) -> None: ...
    @typing.overload
    def __init__(self: GameBuilder[GameT], *, Game: Type[GameT]) -> None: ...
    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation() at the root: no move to take back"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        node = self.variation_stack[-1]
        if self.in_variation or (node.parent is None and node.is_end()):
            # After a move, or before any move of the game: the node's comment.
            node.comment = _join(node.comment, comment)
        else:
            # Before the first move of a variation.
            self.starting_comment = _join(self.starting_comment, comment)

    def visit_move(self, board: Board, move: Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error (logger ``chess.pgn``) and adds it to the game's errors."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        """The game built."""
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """The visitor that reads only a game's tags (what :func:`read_headers` uses)."""

    @typing.overload
    def __init__(self: HeadersBuilder[Headers]) -> None: ...
    @typing.overload
    def __init__(self: HeadersBuilder[HeadersT], *, Headers: Type[Headers]) -> None: ...
    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        """The tags read."""
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The visitor that gives the final position of the mainline, its moves on the stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        """The board."""
        return self.board


class SkipVisitor(BaseVisitor[Literal[True]]):
    """The visitor that skips a game (what :func:`skip_game` uses)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Literal[True]:
        return True


class StringExporterMixin:
    """The writing of PGN shared by :class:`StringExporter` and :class:`FileExporter`: tags,
    then the movetext in tokens wrapped at `columns` (None for one line), with move numbers,
    comments (``{ ... }``) and NAGs (``$n``) unless `comments` is false, and variations
    unless `variations` is false."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        """Ends the line being written."""
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        """Writes a token, on a new line when it would pass the columns."""
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        """Ends the line being written and writes a whole line."""
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if self.variations:
            self.write_token("( ")
            self.force_movenumber = True
            return None
        return SKIP

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("$" + str(nag) + " ")

    def visit_move(self, board: Board, move: Move) -> None:
        if self.variations or not self.variation_depth:
            if board.turn == WHITE:
                self.write_token(str(board.fullmove_number) + ". ")
            elif self.force_movenumber:
                self.write_token(str(board.fullmove_number) + "... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes games as a string, without a line break at the end (``str(exporter)`` is the
    same). Tags and comments are never wrapped.

    >>> import io, kingside.pgn
    >>> game = kingside.pgn.read_game(io.StringIO("1. e4 $1 {best by test} e5 (1... c5) *"))
    >>> print(game.accept(kingside.pgn.StringExporter(columns=None, headers=False, variations=False)))
    1. e4 $1 { best by test } 1... e5 *
    """

    def result(self) -> str:
        lines = self.lines + [self.current_line.rstrip()] if self.current_line else self.lines
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games to a text file, each followed by a blank line; :meth:`result` is the
    number of characters written for the last game. The encoding is the file's."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self) -> None:
        self.written: int = 0
        super().begin_game()  # type: ignore[safe-super]

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


def _exported_natively(visitor: Any, start: GameNode, kind: str) -> bool:
    # The plain exporters write a tree of plain nodes in Rust (False when Rust leaves it to the
    # walk here, having changed nothing).
    exporter = type(visitor)
    if exporter is not StringExporter and exporter is not FileExporter:
        return False
    return _native.pgn_export(visitor, start, kind, exporter is FileExporter)


def _builds_plain_games(visitor: Any) -> bool:
    # Whether `visitor` is a plain GameBuilder of plain games: then Rust reads the game in one
    # call, its nodes kept in the game's tree.
    return type(visitor) is GameBuilder and visitor.Game is Game


def _initial_board(headers: Optional[Headers], handle_error: Callable[[Exception], None]) -> Optional[Board]:
    # The starting position of the tags, for the reader: an unknown variant is reported and
    # read as standard chess; a bad FEN is reported and the game's moves are skipped (None).
    if headers is None:
        raise AssertionError("the reader has no headers to set up the board from")
    try:
        VariantBoard = headers.variant()
    except ValueError as error:
        handle_error(error)
        VariantBoard = Board
    fen = headers.get("FEN", VariantBoard.starting_fen)
    try:
        board = VariantBoard(fen, chess960=headers.is_chess960())
    except ValueError as error:
        handle_error(error)
        return None
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


@typing.overload
def read_game(handle: TextIO) -> Optional[Game]: ...
@typing.overload
def read_game(handle: TextIO, *, Visitor: Callable[[], BaseVisitor[ResultT]]) -> Optional[ResultT]: ...
def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game of a file opened in text mode (``open(path)``, ``io.StringIO``):
    the game (or the visitor's result), or None at the end of the file.

    A game ends at a blank line (outside comments) or at the end of the file; the handle is
    left just after it, so that ``tell()`` gives where the next game starts. Games without
    tags are read, a byte order mark is ignored, and bad tokens are passed over. Errors
    (illegal moves, a bad FEN) are handed to the visitor's ``handle_error``: the default
    visitor logs them and keeps them in :attr:`Game.errors`, and reading goes on.

    With the default visitor, Rust reads and builds the whole game in one call, the games of
    the variants (a ``Variant`` tag, :mod:`kingside.variant`'s boards) included; visitors of
    one's own get python-chess's calls in its order.

    >>> import io, kingside.pgn
    >>> pgn = io.StringIO("[White \\"A\\"]\\n\\n1. e4 e5 2. Qh5?? Nc6 1-0\\n\\n1. d4 Qa1 *\\n")
    >>> first = kingside.pgn.read_game(pgn)
    >>> first.headers["White"], first.headers["Result"], first.end().nags
    ('A', '1-0', set())
    >>> first.next().next().next().nags
    {4}
    >>> second = kingside.pgn.read_game(pgn)
    >>> len(second.errors), kingside.pgn.read_game(pgn) is None
    (1, True)
    """
    if Visitor is GameBuilder:
        # The default: Rust makes the builder only if an error needs its handle_error.
        return _native.pgn_read_game(handle)
    if Visitor is HeadersBuilder:
        # read_headers: the tags in Rust until they are asked for, the movetext skipped.
        return _native.pgn_read_headers(handle)
    visitor = Visitor()
    if _builds_plain_games(visitor):
        return _native.pgn_read_game(handle, visitor)
    return _native.pgn_read_visitor(handle, visitor)


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the tags of the next game and skips its movetext: a quick scan of a file (seek
    back to a game's offset to read it whole). None at the end of the file."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; whether there was one."""
    return bool(read_game(handle, Visitor=SkipVisitor))


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a ``TimeControl`` tag: periods ``moves/seconds`` separated by ``:``, the last
    of them (``seconds``) for the rest of the game, each with ``+increment`` or
    ``+delay`` followed by ``d``; ``?`` unknown, ``-`` unlimited. ``ValueError`` for text
    that is not one.

    >>> import kingside.pgn
    >>> tc = kingside.pgn.parse_time_control("40/7200:3600+30")
    >>> tc.type, tc.parts[1]
    (<TimeControlType.STANDARD: 2>, TimeControlPart(moves=0, time=3600, increment=30.0, delay=0))
    """
    tc = TimeControl()
    if not time_control or time_control.startswith("?"):
        return tc
    if time_control.startswith("-"):
        tc.type = TimeControlType.UNLIMITED
        return tc

    def period(text: str) -> TimeControlPart:
        part = TimeControlPart()
        base, *bonus = text.split("+")
        if bonus:
            if bonus[0].lower().endswith("d"):
                part.delay = float(bonus[0][:-1])
            else:
                part.increment = float(bonus[0])
        moves, *seconds = base.split("/")
        if seconds:
            part.moves = int(moves)
            part.time = int(seconds[0])
        else:
            part.moves = 0
            part.time = int(moves)
        return part

    tc.parts = [period(text) for text in time_control.split(":")]
    if any(part.moves == 0 for part in tc.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    # FIDE's kinds by the time for 60 moves (bullet below three minutes).
    estimate = tc.parts[0].time + 60 * tc.parts[0].increment
    if estimate < 3 * 60:
        tc.type = TimeControlType.BULLET
    elif estimate < 15 * 60:
        tc.type = TimeControlType.BLITZ
    elif estimate < 60 * 60:
        tc.type = TimeControlType.RAPID
    else:
        tc.type = TimeControlType.STANDARD
    return tc
