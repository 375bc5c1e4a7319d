"""Engine results as python-chess shapes them, and the project's engine behind them.

The value types of python-chess's ``chess.engine`` (:class:`Cp`, :class:`Mate`,
:data:`MateGiven`, :class:`PovScore`, :class:`Wdl`, :class:`PovWdl`, :class:`Limit`,
:class:`PlayResult`, the :class:`InfoDict` keys) with the same meaning, so that PGN
annotations (``node.eval()``) and analyses read as they do with python-chess; and
:class:`BuiltinEngine`, the project's engine (chess-engine) with python-chess's
``SimpleEngine`` methods. UCI engines are driven by python-chess's own ``chess.engine``,
which takes kingside boards.

>>> import kingside as chess
>>> import kingside.engine
>>> kingside.engine.Mate(-0) < kingside.engine.Cp(-50) < kingside.engine.Cp(200) < kingside.engine.MateGiven
True
>>> kingside.engine.PovScore(kingside.engine.Cp(20), chess.BLACK).white()
Cp(-20)
"""

from __future__ import annotations

import dataclasses
import enum
import math
import typing
from typing import Any, Dict, Iterator, List, Literal, Optional, Tuple, TypedDict, Union

from . import _native

Color = bool
WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]


class EngineError(RuntimeError):
    """An engine failed, or was asked something it cannot do."""


class EngineTerminatedError(EngineError):
    """The engine is gone."""


class AnalysisComplete(Exception):
    """An analysis has no more information to give."""


# Stockfish's fitted win-rate models: for each, the pawn value the evaluation is normalised
# to (None: raw centipawns), the clamp of the normalised value, how the ply is scaled (ply
# limits and divisor), and the cubic polynomials a(m) and b(m) of the logistic curve
# 1000 / (1 + exp((a - x) / b)). Facts from Stockfish's sources (uci.cpp of each release).
_MODELS: Dict[str, Tuple[Optional[int], int, Tuple[float, float, float], Tuple[float, ...], Tuple[float, ...]]] = {
    "sf16.1": (356, 4000, (8.0, 120.0, 32.0), (-1.06249702, 7.42016937, 0.89425629, 348.60356174),
               (-5.33122190, 39.57831533, -90.84473771, 123.40620748)),
    "sf16": (328, 4000, (0.0, 240.0, 64.0), (0.38036525, -2.82015070, 23.17882135, 307.36768407),
             (-2.29434733, 13.27689788, -14.26828904, 63.45318330)),
    "sf15.1": (361, 4000, (0.0, 240.0, 64.0), (-0.58270499, 2.68512549, 15.24638015, 344.49745382),
               (-2.65734562, 15.96509799, -20.69040836, 73.61029937)),
    "sf15": (None, 2000, (0.0, 240.0, 64.0), (-1.17202460e-1, 5.94729104e-1, 1.12065546e1, 1.22606222e2),
             (-1.79066759, 11.30759193, -17.43677612, 36.47147479)),
    "sf14": (None, 2000, (0.0, 240.0, 64.0), (-3.68389304, 30.07065921, -60.52878723, 149.53378557),
             (-2.01818570, 15.85685038, -29.83452023, 47.59078827)),
    "sf12": (None, 1000, (0.0, 240.0, 64.0), (-8.24404295, 64.23892342, -95.73056462, 153.86478679),
             (-3.37154371, 28.44489198, -56.67657741, 72.05858751)),
}  # fmt: skip


def _cubic(c: Tuple[float, ...], m: float) -> float:
    return ((c[0] * m + c[1]) * m + c[2]) * m + c[3]


def _model_wins(model: str, cp: int, ply: int) -> int:
    """Wins per mille at centipawns `cp` and ply `ply` under a Stockfish model."""
    pawn, clamp, (low, high, divisor), a_coefficients, b_coefficients = _MODELS[model]
    # Stockfish 16.1 counts moves (ply / 2 + 1) where the earlier models count plies.
    moves = ply / 2 + 1 if model == "sf16.1" else ply
    m = min(high, max(low, moves)) / divisor
    a = _cubic(a_coefficients, m)
    b = _cubic(b_coefficients, m)
    x = cp * pawn / 100 if pawn is not None else cp
    x = min(clamp, max(x, -clamp))
    return int(0.5 + 1000 / (1 + math.exp((a - x) / b)))


def _lichess_wins(cp: int) -> int:
    """Lichess's win chance per mille, from its published logistic fit."""
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


class Score:
    """An evaluation from one side's point of view: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`, totally ordered (getting mated < any centipawn score < mating <
    mate given)."""

    __slots__ = ()

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns, or None for a mate (``mate_score`` minus the moves to mate
        when given)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """The moves to mate (negative when getting mated), or None."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        """Expected wins, draws and losses per mille, by a model (``sf``, the latest
        Stockfish's, ``sf16.1`` ... ``sf12``, or ``lichess``) at `ply` half-moves."""
        raise NotImplementedError

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        raise NotImplementedError

    def __abs__(self) -> "Score":
        raise NotImplementedError

    def _order(self) -> Tuple[int, int]:
        # Ranks: 0 getting mated (sooner is worse), 1 centipawns, 2 mating (sooner is
        # better), 3 mate given.
        mate = self.mate()
        if isinstance(self, MateGivenType):
            return (3, 0)
        if mate is None:
            return (1, typing.cast(int, self.score()))
        if mate > 0:
            return (2, -mate)
        return (0, -mate)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() == other._order()
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() < other._order()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() <= other._order()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() > other._order()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() >= other._order()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._order())


class Cp(Score):
    """A centipawn score.

    >>> Cp(-300).score(), str(Cp(20)), repr(-Cp(20))
    (-300, '+20', 'Cp(-20)')
    """

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        if model == "lichess":
            wins = _lichess_wins(max(-1000, min(self.cp, 1000)))
            return Wdl(wins, 0, 1000 - wins)
        name = "sf16.1" if model not in _MODELS else model
        wins = _model_wins(name, self.cp, ply)
        losses = _model_wins(name, -self.cp, ply)
        return Wdl(wins, 1000 - wins - losses, losses)

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __pos__(self) -> "Cp":
        return Cp(self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))


class Mate(Score):
    """A mate in a number of moves: positive when mating, negative (or ``-0``) when getting
    mated.

    >>> Mate(5).score() is None, Mate(5).score(mate_score=100000), repr(-Mate(-4))
    (True, 99995, 'Mate(+4)')
    """

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        if model == "lichess":
            wins = _lichess_wins((21 - min(10, abs(self.moves))) * 100)
            return Wdl(wins, 0, 1000 - wins) if self.moves > 0 else Wdl(1000 - wins, 0, wins)
        return Wdl(1000, 0, 0) if self.moves > 0 else Wdl(0, 0, 1000)

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __neg__(self) -> Score:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __pos__(self) -> "Mate":
        return Mate(self.moves)

    def __abs__(self) -> Score:
        return MateGiven if not self.moves else Mate(abs(self.moves))


class MateGivenType(Score):
    """The mate just given: the best score there is, ``-Mate(0)``."""

    __slots__ = ()

    def mate(self) -> int:
        return 0

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        return Wdl(1000, 0, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> "MateGivenType":
        return self

    def __abs__(self) -> "MateGivenType":
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


class PovScore:
    """A score from the point of view of the side to move (`turn`), readable from either
    side's.

    >>> import kingside as chess
    >>> PovScore(Mate(2), chess.BLACK)
    PovScore(Mate(+2), BLACK)
    """

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from white's point of view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from black's point of view."""
        return self.pov(False)

    def pov(self, color: Color) -> Score:
        """The score from `color`'s point of view."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "PovWdl":
        """The expected outcome (see :meth:`Score.wdl`) from the same point of view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())


@dataclasses.dataclass
class Wdl:
    """Wins, draws and losses (per mille when a model or an engine gives them)."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """The number of games."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected score: a win 1, a draw 0.5, a loss 0."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __reversed__(self) -> Iterator[int]:
        return iter((self.losses, self.draws, self.wins))

    def __pos__(self) -> "Wdl":
        return self

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)


class PovWdl:
    """Wins, draws and losses from the point of view of the side to move (`turn`); also a
    tuple of the three, as python-chess's was once."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Wdl, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        """From white's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """From black's point of view."""
        return self.pov(False)

    def pov(self, color: Color) -> Wdl:
        """From `color`'s point of view."""
        return self.relative if self.turn == color else -self.relative

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __iter__(self) -> Iterator[int]:
        return iter(self.relative)

    def __len__(self) -> int:
        return 3

    def __getitem__(self, index: int) -> int:
        return tuple(self.relative)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        if isinstance(other, tuple):
            return tuple(self.relative) == other
        return NotImplemented


@dataclasses.dataclass
class Limit:
    """When a search stops: after `time` seconds, at `depth` plies, after `nodes` nodes, when
    a mate in `mate` moves is found, or by the clocks."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not None
        )
        return f"{type(self).__name__}({fields})"


class InfoDict(TypedDict, total=False):
    """What an analysis says: ``score`` (a :class:`PovScore`), ``pv`` (moves), ``depth``,
    ``seldepth``, ``nodes``, ``nps``, ``time`` (seconds), and more with other engines."""

    score: PovScore
    pv: List[Any]
    depth: int
    seldepth: int
    time: float
    nodes: int
    nps: int
    tbhits: int
    multipv: int
    currmove: Any
    currmovenumber: int
    hashfull: int
    cpuload: int
    refutation: Dict[Any, List[Any]]
    currline: Dict[int, List[Any]]
    ebf: float
    wdl: PovWdl
    string: str


class Info(enum.IntFlag):
    """Which information to ask an engine for."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


class PlayResult:
    """The move an engine plays, with its ponder move and its analysis."""

    def __init__(
        self,
        move: Optional[Any],
        ponder: Optional[Any],
        info: Optional[InfoDict] = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> None:
        self.move = move
        self.ponder = ponder
        self.info: InfoDict = info or {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}, "
            f"info={self.info}, draw_offered={self.draw_offered}, resigned={self.resigned})>"
        )


def _counted(value: Any, name: str, minimum: int) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} is at least {minimum}, not {value}")
    return value


def analyse(
    board: Any,
    limit: Optional[Limit] = None,
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: int = 1,
    hash_mb: int = 16,
) -> InfoDict:
    """Analyses the board's position with the project's engine: python-chess's
    ``InfoDict`` (``score`` a :class:`PovScore` from the side to move, ``pv`` a list of
    moves, ``depth``, ``seldepth``, ``nodes``, ``nps``, ``time``). Give a :class:`Limit` or
    the limits as keywords (`depth` plies, at least 1; `time` seconds; `nodes`). The search
    runs on Rust threads with the GIL released; Ctrl-C stops it.

    >>> import kingside as chess
    >>> info = analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Limit(depth=4))
    >>> info["score"], info["pv"][0]
    (PovScore(Mate(+1), WHITE), Move.from_uci('a1a8'))
    """
    if limit is not None:
        depth = limit.depth if depth is None else depth
        time = limit.time if time is None else time
        nodes = limit.nodes if nodes is None else nodes
    depth = _counted(depth, "depth", 1)
    nodes = _counted(nodes, "nodes", 1)
    threads = typing.cast(int, _counted(threads, "threads", 1))
    hash_mb = typing.cast(int, _counted(hash_mb, "hash_mb", 1))
    if time is not None and not (isinstance(time, (int, float)) and math.isfinite(time) and time > 0):
        raise ValueError(f"time is a positive number of seconds, not {time!r}")
    if depth is None and time is None and nodes is None:
        raise ValueError("analyse needs a limit: depth (plies), time (seconds) or nodes")
    raw = _native.analyse(board, depth=depth, time=time, nodes=nodes, threads=threads, hash_mb=hash_mb)
    ((kind, value),) = raw["score"].items()
    relative: Score = Cp(value) if kind == "cp" else Mate(value)
    info: InfoDict = {
        "score": PovScore(relative, board.turn),
        "pv": list(raw["pv"]),
        "depth": raw["depth"],
        "seldepth": raw["seldepth"],
        "nodes": raw["nodes"],
        "time": raw["time"],
    }
    if raw["time"] > 0:
        info["nps"] = int(raw["nodes"] / raw["time"])
    return info


class BuiltinEngine:
    """The project's engine with python-chess's ``SimpleEngine`` methods: ``analyse(board,
    limit)``, ``play(board, limit)``, ``quit()``, and use as a context manager.

    >>> import kingside as chess
    >>> with BuiltinEngine() as engine:
    ...     engine.play(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Limit(depth=3)).move
    Move.from_uci('a1a8')
    """

    def __init__(self, *, threads: int = 1, hash_mb: int = 16) -> None:
        self.threads = threads
        self.hash_mb = hash_mb
        self.id = {"name": "kingside (chess-engine)"}

    def analyse(self, board: Any, limit: Limit, **_: Any) -> InfoDict:
        """Analyses a position (see :func:`analyse`)."""
        return analyse(board, limit, threads=self.threads, hash_mb=self.hash_mb)

    def play(self, board: Any, limit: Limit, **_: Any) -> PlayResult:
        """The move the engine plays, with its analysis."""
        info = self.analyse(board, limit)
        pv = info.get("pv") or []
        return PlayResult(pv[0] if pv else None, pv[1] if len(pv) > 1 else None, info)

    def quit(self) -> None:
        """Nothing to stop: the engine runs in the process."""

    close = quit

    def __enter__(self) -> "BuiltinEngine":
        return self

    def __exit__(self, *_: Any) -> None:
        self.quit()
