"""PGN games as Arrow record batches, streamed from Rust threads."""

from __future__ import annotations

import errno
import os
from typing import TYPE_CHECKING, Any, BinaryIO, Iterable, Iterator, Optional, Sequence, Union

if TYPE_CHECKING:
    # Imported where used: `import kingside as chess` should not start pyarrow.
    import pyarrow as pa

from . import _native

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO]


class ReadError(OSError):
    """An input that could not be read to its end: cut, corrupt or unreadable.

    ``path`` names the input and ``byte`` the offset in its (decompressed) text where reading
    stopped, when known. The batches before that point were delivered.
    """

    def __init__(self, message: str, path: str = "", byte: Optional[int] = None) -> None:
        super().__init__(message)
        self.path = path
        self.byte = byte

    def __str__(self) -> str:
        return str(self.args[0])


def _count(value: Any, name: str, minimum: int) -> Any:
    """A whole number argument, checked: a ValueError that names it when it is below
    `minimum` (Python's ints are unbounded; Rust's are not)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} is at least {minimum}, not {value}")
    if value >= 1 << 63:
        raise ValueError(f"{name} is below 2**63, not {value}")
    return value


def _sources(source: Any) -> list:
    """The inputs of a call: a path, bytes, a binary file object, or a list of them."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not os.path.exists(path):
            # Said at once, as open() says it, rather than at the first batch.
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        return [path]
    if isinstance(source, (bytes, bytearray, memoryview)):
        return [bytes(source) if not isinstance(source, bytes) else source]
    if hasattr(source, "read"):
        return [source]
    if isinstance(source, Iterable):
        out = []
        for item in source:
            if isinstance(item, (list, tuple)):
                raise TypeError("a list of sources holds paths, bytes or file objects, not lists")
            out.extend(_sources(item))
        return out
    raise TypeError(
        f"a source is a path, bytes, a binary file object or a list of them, not {type(source).__name__}"
    )


def schema_columns(schema: str = "games", *, san: bool = False, packed: bool = False) -> list:
    """The columns of a schema, in order: those of ``docs/formats.md``.

    >>> schema_columns("positions")[:4]
    ['game_index', 'source_file', 'ply', 'fen']
    >>> "moves_san" in schema_columns("games", san=True)
    True
    """
    return list(_native.schema_columns(schema, san=san, packed=packed))


def read_games(
    source: Union[Source, Sequence[Source]],
    *,
    schema: str = "games",
    columns: Optional[Sequence[str]] = None,
    threads: Optional[int] = None,
    batch_rows: int = 8192,
    san: bool = False,
    packed: bool = False,
    chess960: bool = False,
    allow_null_moves: bool = False,
    part: Optional[str] = None,
    stream_from: Optional[int] = None,
    source_name: Optional[str] = None,
) -> pa.RecordBatchReader:
    """The games of PGN input as a stream of Arrow record batches.

    ``source`` is a path, a list of paths, bytes, or a binary file object; each compressed or
    not (zstd, pzstd's multi-frame files too, gzip, bzip2: recognised by content). ``schema``
    is ``"games"`` (a row per game: tags, moves in UCI, clocks, evals, outcome, error),
    ``"lichess"`` (the Lichess data set's columns) or ``"positions"`` (a row per position),
    the same columns as ``chess pgn --to parquet`` writes. ``columns`` keeps only those named,
    in that order; the others are never built, and what only they need is not read (a read
    of the moves and clocks parses no tag). ``threads`` read (None: one per core); ``batch_rows`` rows make a batch (a game's rows are
    never cut). ``san`` and ``packed`` add the ``moves_san`` and ``packed`` columns of the
    games schema. ``chess960`` reads castling as in Chess960; ``allow_null_moves`` reads
    ``--`` (and ``Z0``) as a null move, written ``0000`` in UCI, as python-chess does.

    ``part`` reads only the games whose first byte is in a part of one input, as
    :func:`plan` cuts a file: ``"bytes START:END"`` of a plain file, ``"frames FIRST:LAST"``
    of a multi-frame zstd file; the parts of a plan together give every game once. A part of
    a stream (bytes or a file object holding the file from some byte on) needs
    ``stream_from``, the byte of the file the stream starts at (the plan's second value).
    ``source_name`` is the name the rows' ``source_file`` and the errors give the input (by
    default its path, ``<bytes>``, or a file object's ``name``).

    A game that cannot be read is a row with its ``error``; an input that cannot be read to
    its end raises :class:`ReadError` naming the file and the byte, after the batches before
    it. The batches are read while Python does other work, a few at a time: memory stays
    bounded whatever the input's size. Ctrl-C interrupts a read.

    The result is a ``pyarrow.RecordBatchReader``, which exports the Arrow C stream interface:
    ``polars.from_arrow``, ``duckdb`` and ``pandas`` take it as it is.

    >>> pgn = b'[White "Ann"]\\n[Result "1-0"]\\n\\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\\n'
    >>> table = read_games(pgn, columns=["white", "moves_uci", "outcome"]).read_all()
    >>> table.column("white").to_pylist(), table.column("outcome").to_pylist()
    (['Ann'], ['checkmate'])
    >>> table.column("moves_uci")[0].as_py()[:3]
    ['e2e4', 'e7e5', 'd1h5']
    """
    stream = _native.GameStream(
        _sources(source),
        schema,
        columns=list(columns) if columns is not None else None,
        threads=_count(threads, "threads", 1) or 0,
        batch_rows=_count(batch_rows, "batch_rows", 1),
        san=san,
        packed=packed,
        chess960=chess960,
        allow_null_moves=allow_null_moves,
        part=part,
        stream_from=_count(stream_from, "stream_from", 0),
        source_name=source_name,
    )
    import pyarrow as pa

    return pa.RecordBatchReader.from_batches(pa.schema(stream), _batches(stream))


def plan(path: Union[Source], part_size: Union[int, str] = "64M") -> list:
    """The parts of about ``part_size`` bytes (``8K``, ``64M``, ``1G``, ``2T`` or a number) of a file
    (a path; or its bytes, or a binary file object holding it from its start, read once),
    for workers that read one each with ``read_games(path, part=...)``: a list of
    ``(part, from)``, ``from`` being the byte of the file a stream of the part starts at. A
    plain file is cut in byte ranges, a multi-frame zstd file (Lichess's, pzstd's) in frame
    ranges; gzip, bzip2 and single-frame zstd files are one part. The same plan as
    ``chess pgn --plan``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "games.pgn")
    >>> _ = open(path, "w").write("1. e4 e5 *\\n\\n" * 3000)
    >>> parts = plan(path, "8K")
    >>> parts[0], len(parts)
    (('bytes 0:8192', 0), 5)
    >>> sum(read_games(path, part=p, columns=["plies"]).read_all().num_rows for p, _ in parts)
    3000
    """
    # Text is read by the library, as `chess pgn --plan` reads it.
    size = part_size if isinstance(part_size, str) else _count(int(part_size), "part_size", 1)
    source = os.fspath(path) if isinstance(path, (str, os.PathLike)) else path
    return [tuple(p) for p in _native.plan(source, size)]


def _batches(stream: Any) -> Iterator[pa.RecordBatch]:
    import pyarrow as pa

    try:
        while True:
            batch = stream.next_batch()
            if batch is None:
                return
            yield pa.record_batch(batch)
    finally:
        stream.close()


def write_parquet(
    source: Union[Source, Sequence[Source]],
    out: Union[str, "os.PathLike[str]"],
    *,
    schema: str = "games",
    threads: Optional[int] = None,
    san: bool = False,
    packed: bool = False,
    chess960: bool = False,
    allow_null_moves: bool = False,
    format: Optional[str] = None,
    force: bool = False,
    part: Optional[str] = None,
    stream_from: Optional[int] = None,
    source_name: Optional[str] = None,
) -> dict:
    """Converts PGN input to a Parquet file (or JSON Lines, by ``format`` or the name's
    ``.jsonl``) without Python in the loop: the same file as ``chess pgn --to parquet``.
    ``part``, ``stream_from`` and ``source_name`` convert one part of one source, as
    :func:`read_games` reads it (a part of :func:`plan`).

    The file appears whole or not at all (written beside ``out`` and renamed at the end); an
    existing file is replaced only with ``force=True``. Returns the counts ``{"games", "rows",
    "bad"}``; bad games are rows with their error. Raises :class:`ReadError` for an input that
    cannot be read to its end (and writes nothing).

    >>> import os, tempfile, pyarrow.parquet as pq
    >>> out = os.path.join(tempfile.mkdtemp(), "games.parquet")
    >>> write_parquet(b"1. e4 e5 *\\n\\n1. d4 Ke3 *\\n", out)
    {'games': 2, 'rows': 2, 'bad': 1}
    >>> pq.read_table(out, columns=["plies", "error"]).column("plies").to_pylist()
    [2, 1]
    """
    return dict(
        _native.write_parquet(
            _sources(source),
            os.fspath(out),
            schema,
            threads=_count(threads, "threads", 1) or 0,
            san=san,
            packed=packed,
            chess960=chess960,
            allow_null_moves=allow_null_moves,
            format=format,
            force=force,
            part=part,
            stream_from=_count(stream_from, "stream_from", 0),
            source_name=source_name,
        )
    )
