"""Polyglot books and Syzygy tablebases against python-chess; the engine's analysis."""

from __future__ import annotations

import random
import threading
import time

import pytest

import kingside
from support import data_file, python_chess

BOOKS = ["python-chess/data/polyglot/performance.bin", "python-chess/data/polyglot/lasker-trap.bin"]


def entries(found):
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in found]


@pytest.mark.parametrize("relative", BOOKS)
def test_books_against_python_chess(chess, relative):
    path = data_file(relative)
    book = kingside.open_book(path)
    rng = random.Random(3)
    with chess.polyglot.open_reader(path) as reader:
        assert len(book) == len(reader)
        compared = 0
        # Walks from the first of these openings the book has (the Lasker trap's book does
        # not start at the starting position).
        starts = [[], ["d4", "d5", "c4", "e5"], ["d4"]]
        start = next(s for s in starts if reader.get(_board(chess, s)) is not None)
        for _ in range(40):
            ours, theirs = kingside.Board(_board(chess, start).fen()), _board(chess, start)
            for _ in range(20):
                for minimum in (0, 1):
                    expected = list(reader.find_all(theirs, minimum_weight=minimum))
                    found = book.find_all(ours, minimum_weight=minimum)
                    assert entries(found) == entries(expected), theirs.fen()
                expected = reader.get(theirs)
                if expected is None:
                    with pytest.raises(IndexError):
                        book.find(ours)
                    break
                assert entries([book.find(ours)]) == entries([expected])
                compared += 1
                choice = book.weighted_choice(ours, random=rng)
                assert choice.move in ours.legal_moves
                theirs.push(chess.Move.from_uci(choice.move.uci()))
                ours.push(choice.move)
        assert compared > 0


def _board(chess, sans):
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


def random_positions(chess, tables_dir, n, rng):
    """Legal positions of the materials whose tables are at hand, with random squares."""
    names = sorted({p.stem for p in tables_dir.glob("*.rtbw")} & {p.stem for p in tables_dir.glob("*.rtbz")})
    out = []
    while len(out) < n:
        name = rng.choice(names)
        white, black = name.split("v")
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(white) + len(black))
        for color, pieces in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in pieces:
                board.set_piece_at(squares.pop(), chess.Piece.from_symbol(letter if color else letter.lower()))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            out.append(board)
    return out


def test_tablebases_against_python_chess(chess):
    directory = data_file("python-chess/data/syzygy/regular")
    tables = kingside.open_tablebase(directory)
    rng = random.Random(4)
    with chess.syzygy.open_tablebase(directory) as theirs:
        for board in random_positions(chess, directory, 400, rng):
            ours = kingside.Board(board.fen())
            assert tables.probe_wdl(ours) == theirs.probe_wdl(board), board.fen()
            assert tables.probe_dtz(ours) == theirs.probe_dtz(board), board.fen()
    # As python-chess: castling rights are a KeyError, a missing table its subclass.
    with pytest.raises(KeyError, match="castling"):
        tables.probe_wdl(kingside.Board())
    with pytest.raises(kingside.MissingTableError, match="KQQQQQvK"):
        tables.probe_dtz(kingside.Board("8/8/8/8/8/8/QQQQQ3/K6k w - - 0 1"))
    with pytest.raises(KeyError, match="at most 7 pieces, this one has 8"):
        tables.probe_wdl(kingside.Board("8/8/8/8/8/8/QQQQQQ2/K6k w - - 0 1"))
    assert tables.get_wdl(kingside.Board()) is None


def test_analyse_finds_mate_and_reports_from_the_side_to_move():
    board = kingside.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    info = kingside.analyse(board, depth=5)
    # python-chess's shapes: a PovScore from the side to move, the pv as moves.
    assert info["score"] == kingside.engine.PovScore(kingside.engine.Mate(1), kingside.WHITE)
    assert info["pv"][0] == kingside.Move.from_uci("a1a8")
    assert info["depth"] >= 1 and info["nodes"] > 0
    # Black to move and getting mated: negative from black's point of view.
    board = kingside.Board("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1")
    info = kingside.analyse(board, kingside.engine.Limit(depth=6))
    assert info["score"].turn == kingside.BLACK
    assert info["score"].relative.score() < -100 and info["score"].white().score() > 100
    with pytest.raises(ValueError, match="needs a limit"):
        kingside.analyse(board)
    with pytest.raises(ValueError, match="depth is at least 1, not 0"):
        kingside.analyse(board, depth=0)
    with pytest.raises(ValueError, match="threads is at least 1, not -1"):
        kingside.analyse(board, depth=1, threads=-1)
    with kingside.engine.BuiltinEngine() as engine:
        played = engine.play(kingside.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), kingside.engine.Limit(depth=3))
    assert played.move == kingside.Move.from_uci("a1a8")


def test_analyse_releases_the_gil():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        info = kingside.analyse(kingside.Board(), time=0.3)
    finally:
        stop.set()
        thread.join()
    assert info["pv"][0] in kingside.Board().legal_moves
    assert len(ticks) > 50


def test_python_chess_engine_drives_stockfish_on_a_kingside_board(chess):
    """python-chess's own chess.engine takes a kingside board as it is: analyse and play
    against Stockfish, the moves of the stack sent, the pv read back as kingside moves."""
    from support import stockfish

    board = kingside.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        board.push_san(san)
    engine = chess.engine.SimpleEngine.popen_uci(stockfish())
    try:
        info = engine.analyse(board, chess.engine.Limit(depth=10))
        assert isinstance(info["score"], chess.engine.PovScore)
        assert info["score"].turn == kingside.BLACK
        pv = info["pv"]
        assert pv and all(isinstance(m, kingside.Move) for m in pv)
        # The pv is legal from the board's position.
        line = board.copy()
        for m in pv:
            assert m in line.legal_moves
            line.push(m)
        played = engine.play(board, chess.engine.Limit(depth=8))
        assert played.move in board.legal_moves
        board.push(played.move)
        # A Chess960 board: the engine is told so, and castling reads back as the king
        # taking its rook.
        board960 = kingside.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess960=True)
        played = engine.play(board960, chess.engine.Limit(depth=6))
        assert played.move in board960.legal_moves
        # Mate in one, found and scored as python-chess scores it.
        mate = kingside.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(depth=5))
        assert info["score"].white() == chess.engine.Mate(1)
        assert info["pv"][0] == kingside.Move.from_uci("a1a8")
    finally:
        engine.quit()
