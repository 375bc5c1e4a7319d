"""Syzygy endgame tablebases, as python-chess's ``chess.syzygy``: :func:`open_tablebase`,
:class:`Tablebase` (``probe_wdl``, ``probe_dtz`` and their ``get_`` forms), single tables
(:class:`WdlTable`, :class:`DtzTable`), and the names of tables. Probing is chess-syzygy's,
with the GIL released; tables are memory-mapped when a probe first needs them.

Results for the side to move: WDL 2 win, 1 win that the 50-move rule turns into a draw, 0
draw, -1 loss the rule saves, -2 loss; DTZ the distance in plies to the next capture or pawn
move with best play, signed the same way.

>>> import kingside.syzygy
>>> kingside.syzygy.normalize_tablename("KNNvKBB")
'KBBvKNN'
>>> sorted(kingside.syzygy.dependencies("KBNvK"))
['KBvK', 'KNvK']
"""

from __future__ import annotations

import os
import re
import warnings
from typing import Any, Iterable, Iterator, List, Optional, Set, Tuple, Type, Union

from . import _native
from ._core import BLACK, PIECE_TYPES, WHITE, Board, popcount
from ._errors import MissingTableError

__all__ = [
    "TBPIECES",
    "PCHR",
    "TABLENAME_REGEX",
    "MissingTableError",
    "is_tablename",
    "tablenames",
    "normalize_tablename",
    "calc_key",
    "dependencies",
    "all_dependencies",
    "dtz_before_zeroing",
    "Table",
    "WdlTable",
    "DtzTable",
    "Tablebase",
    "open_tablebase",
]

TBPIECES = 7
"""The most pieces of a Syzygy table."""

PCHR = ["K", "Q", "R", "B", "N", "P"]
"""The piece letters of table names, strongest first."""

TABLENAME_REGEX = re.compile(r"^[KQRBNP]+v[KQRBNP]+\Z")


def _strength(letters: str) -> List[int]:
    return [PCHR.index(c) for c in letters]


def _sorted_side(letters: str) -> str:
    return "".join(sorted(letters, key=PCHR.index))


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name of a material as table files are named: each side's pieces strongest
    first, and the stronger side (more pieces, or stronger pieces at the first difference)
    first; the other way round with `mirror`."""
    white, black = name.split("v", 1)
    white, black = _sorted_side(white), _sorted_side(black)
    weaker_first = (len(white), _strength(black)) < (len(black), _strength(white))
    if weaker_first != mirror:
        return f"{black}v{white}"
    return f"{white}v{black}"


def is_tablename(
    name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES, normalized: bool = True
) -> bool:
    """Whether `name` names a table: letters of ``KQRBNP`` around one ``v``, one king a side
    (unless `one_king` is false), at most `piece_count` pieces, and as files are named
    (unless `normalized` is false)."""
    if not TABLENAME_REGEX.match(name):
        return False
    white, black = name.split("v", 1)
    if one_king and (white.count("K") != 1 or black.count("K") != 1):
        return False
    if piece_count is not None and len(white) + len(black) > piece_count:
        return False
    return not normalized or normalize_tablename(name) == name


def _sides(pieces: int, letters: str) -> Iterator[str]:
    """Every multiset of `pieces` letters from `letters`, strongest first."""
    if pieces == 0:
        yield ""
        return
    for i, letter in enumerate(letters):
        for rest in _sides(pieces - 1, letters[i:]):
            yield letter + rest


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """The names of every table of up to `piece_count` pieces (without kings for games where
    the king is an ordinary piece, when `one_king` is false)."""
    seen: Set[str] = set()
    others = "QRBNP"
    for total in range(3, piece_count + 1):
        for white_count in range(1, total):
            black_count = total - white_count
            if one_king:
                whites = ["K" + side for side in _sides(white_count - 1, others)]
                blacks = ["K" + side for side in _sides(black_count - 1, others)]
            else:
                whites = list(_sides(white_count, "KQRBNP"))
                blacks = list(_sides(black_count, "KQRBNP"))
            for white in whites:
                for black in blacks:
                    name = normalize_tablename(f"{white}v{black}")
                    if name not in seen:
                        seen.add(name)
                        yield name


def calc_key(board: Any, *, mirror: bool = False) -> str:
    """The name of the board's material, white's pieces first (black's with `mirror`)."""
    def side(color: bool) -> str:
        counts = {pt: popcount(board.pieces_mask(pt, color)) for pt in PIECE_TYPES}
        # Strongest first: king, queen, rook, bishop, knight, pawn.
        return "".join(letter * counts[pt] for letter, pt in zip(PCHR, (6, 5, 4, 3, 2, 1)))

    white, black = side(WHITE), side(BLACK)
    return f"{black}v{white}" if mirror else f"{white}v{black}"


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a probe of `target` may need besides its own: those one capture or one
    promotion leads to."""
    white, black = target.split("v", 1)
    seen: Set[str] = set()
    for letter in PCHR:
        if letter == "K" and one_king:
            continue
        candidates = []
        if letter != "P" and "P" in white:
            candidates.append(white.replace("P", letter, 1) + "v" + black)
        if letter != "P" and "P" in black:
            candidates.append(white + "v" + black.replace("P", letter, 1))
        if letter in white and len(white) > 1:
            candidates.append(white.replace(letter, "", 1) + "v" + black)
        if letter in black and len(black) > 1:
            candidates.append(white + "v" + black.replace(letter, "", 1))
        for candidate in candidates:
            name = normalize_tablename(candidate)
            if name not in seen:
                seen.add(name)
                yield name


def all_dependencies(targets: Iterable[str], *, one_king: bool = True) -> Iterator[str]:
    """The tables of `targets` and every table a probe of them may reach, each once (two
    bare kings, which need no table, left out)."""
    closed: Set[str] = set()
    open_list = [normalize_tablename(t) for t in targets]
    while open_list:
        name = open_list.pop()
        if name in closed:
            continue
        closed.add(name)
        if len(name) > 4:
            yield name
        open_list.extend(dependencies(name, one_king=one_king))


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a zeroing move that leads to `wdl` for the side that made it: 1 for a win,
    101 for a cursed win, 0 for a draw, and the same negated."""
    sign = (wdl > 0) - (wdl < 0)
    return sign * (1 if abs(wdl) == 2 else 101)


class Table:
    """One table file, opened when it is first probed."""

    def __init__(self, path: str, *, variant: Type[Board] = Board) -> None:
        self.path = os.fspath(path)
        self.variant = variant
        self._tables: Optional[Any] = None

    def _open(self) -> Any:
        if self._tables is None:
            tables = _native.Tablebase()
            if not tables.add_file(self.path):
                raise ValueError(f"{self.path}: not named as a Syzygy table (like KQvK.rtbw)")
            self._tables = tables
        return self._tables

    def close(self) -> None:
        """Forgets the table (it is unmapped when no probe holds it)."""
        self._tables = None

    def __enter__(self) -> "Table":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


class WdlTable(Table):
    """A single WDL table file (``.rtbw``)."""

    def init_table_wdl(self) -> None:
        """Opens the table (done on the first probe otherwise)."""
        self._open()

    def probe_wdl_table(self, board: Any) -> int:
        """The value the table stores for the board's position, without captures or en
        passant."""
        return self._open().probe_wdl_table(board)


class DtzTable(Table):
    """A single DTZ table file (``.rtbz``)."""

    def init_table_dtz(self) -> None:
        """Opens the table (done on the first probe otherwise)."""
        self._open()

    def probe_dtz_table(self, board: Any, wdl: int) -> Tuple[int, int]:
        """The distance the table stores for the board's position read for the result
        `wdl`, and 1; ``(0, -1)`` when the table stores only the other side to move."""
        value = self._open().probe_dtz_table(board, wdl)
        return (0, -1) if value is None else (value, 1)


class Tablebase:
    """Syzygy tables of directories and files: ``probe_wdl`` and ``probe_dtz`` (and their
    ``get_`` forms, which give a default instead of raising ``KeyError``).

    `max_fds` is accepted for python-chess's signature; tables are memory-mapped on first use
    and stay mapped, so no file handle is kept open.
    """

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> None:
        self.max_fds = max_fds
        self.variant = VariantBoard
        self._tables = _native.Tablebase()

    def add_directory(
        self, directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True
    ) -> int:
        """Adds the tables of a directory; returns how many files it adds."""
        directory = os.fspath(directory)
        added = 0
        for name in sorted(os.listdir(directory)):
            if (load_wdl and name.endswith(".rtbw")) or (load_dtz and name.endswith(".rtbz")):
                if self._tables.add_file(os.path.join(directory, name)):
                    added += 1
        return added

    def _check(self, board: Any) -> None:
        variant = getattr(type(board), "uci_variant", None)
        if variant != self.variant.uci_variant:
            raise KeyError(f"the tables are {self.variant.uci_variant}'s, the board plays {variant}")
        if self.variant is not Board and not issubclass(Board, self.variant):
            raise MissingTableError(f"no {self.variant.__name__} tables are supported")

    def _variant_end(self, board: Any) -> Optional[int]:
        # A game over by its variant's rules needs no table: python-chess answers 2, -2 or 0
        # for the side to move.
        if self.variant is Board or type(board).uci_variant != self.variant.uci_variant:
            return None
        if board.is_variant_win():
            return 2
        if board.is_variant_loss():
            return -2
        if board.is_variant_draw():
            return 0
        return None

    def probe_wdl_table(self, board: Any) -> int:
        """The value the WDL table stores, without captures or en passant."""
        end = self._variant_end(board)
        if end is not None:
            return end
        self._check(board)
        return self._tables.probe_wdl_table(board)

    def probe_wdl(self, board: Any) -> int:
        """Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2) for the side to
        move. ``MissingTableError`` (a ``KeyError``) without the tables it needs,
        ``KeyError`` for castling rights or too many pieces."""
        end = self._variant_end(board)
        if end is not None:
            return end
        self._check(board)
        return self._tables.probe_wdl(board)

    def get_wdl(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        """:meth:`probe_wdl`, or `default` where it raises ``KeyError``."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz_no_ep(self, board: Any) -> int:
        """The distance to zeroing as if no en passant capture were possible."""
        self._check(board)
        return self._tables.probe_dtz_no_ep(board)

    def probe_dtz(self, board: Any) -> int:
        """The distance to zeroing (the next capture or pawn move) in plies with best play,
        positive when the side to move wins, beyond 100 where the 50-move rule spoils the
        result."""
        self._check(board)
        return self._tables.probe_dtz(board)

    def get_dtz(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        """:meth:`probe_dtz`, or `default` where it raises ``KeyError``."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def close(self) -> None:
        """Forgets every table."""
        self._tables = _native.Tablebase()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


def open_tablebase(
    directory: Union[str, "os.PathLike[str]"],
    *,
    load_wdl: bool = True,
    load_dtz: bool = True,
    max_fds: Optional[int] = 128,
    VariantBoard: Type[Board] = Board,
) -> Tablebase:
    """Opens the tables of a directory (:meth:`Tablebase.add_directory` adds more). A
    directory without a table file is taken, as python-chess takes it, with a
    ``UserWarning`` that says so: every probe would fail."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    if not tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz):
        warnings.warn(
            f"{os.fspath(directory)}: no Syzygy table file (like KQvK.rtbw) in this directory; "
            "every probe will raise MissingTableError",
            stacklevel=2,
        )
    return tables
