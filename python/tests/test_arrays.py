"""Planes, bitboards and the move index against python-chess."""

from __future__ import annotations

import random

import numpy as np
import pytest

import kingside
from support import full_fen, perft_positions, python_chess


def sample_fens(n=200):
    positions = perft_positions("python-chess/examples/perft/random.perft")
    return [full_fen(epd) for _, epd, _ in random.Random(2).sample(positions, min(n, len(positions)))]


def test_bitboards_and_planes_against_python_chess(chess):
    fens = sample_fens()
    boards = [kingside.Board(f) for f in fens]
    # Boards and FENs give the same arrays.
    bb = kingside.bitboards(boards)
    assert np.array_equal(bb, kingside.bitboards(fens))
    assert bb.shape == (len(fens), 12) and bb.dtype == np.uint64
    x = kingside.planes(fens)
    assert x.shape == (len(fens), 12, 8, 8) and x.dtype == np.uint8
    assert x.flags.writeable
    for n, fen in enumerate(fens):
        theirs = chess.Board(fen)
        for p, (color, piece_type) in enumerate(
            [(c, t) for c in (chess.WHITE, chess.BLACK) for t in chess.PIECE_TYPES]
        ):
            assert int(bb[n, p]) == int(theirs.pieces(piece_type, color)), (fen, p)
            for sq in chess.SQUARES:
                expected = 1 if theirs.piece_at(sq) == chess.Piece(piece_type, color) else 0
                assert x[n, p, chess.square_rank(sq), chess.square_file(sq)] == expected


def test_placement_fields_alone_and_bad_input():
    assert np.array_equal(
        kingside.bitboards(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"]),
        kingside.bitboards([kingside.Board()]),
    )
    assert kingside.planes([]).shape == (0, 12, 8, 8)
    with pytest.raises(kingside.InvalidFenError):
        kingside.planes(["not a fen"])
    with pytest.raises(TypeError):
        kingside.bitboards([42])


def test_move_index_is_a_bijection():
    assert kingside.MOVE_INDEX_SIZE == 64 * 64 * 5
    seen = set()
    for i in range(kingside.MOVE_INDEX_SIZE):
        move = kingside.index_move(i)
        assert kingside.move_index(move) == i
        seen.add(move)
    assert len(seen) == kingside.MOVE_INDEX_SIZE
    for piece, k in [(None, 0), (kingside.KNIGHT, 1), (kingside.BISHOP, 2), (kingside.ROOK, 3), (kingside.QUEEN, 4)]:
        move = kingside.Move(52, 60, piece)
        assert kingside.move_index(move) == 52 * 64 + 60 + 4096 * k
    with pytest.raises(ValueError):
        kingside.index_move(kingside.MOVE_INDEX_SIZE)


def test_move_indices_match_move_index():
    board = kingside.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    moves = list(board.legal_moves)
    indices = kingside.move_indices(moves)
    assert indices.dtype == np.int64
    assert indices.tolist() == [kingside.move_index(m) for m in moves]
    assert [kingside.index_move(i) for i in indices] == moves


def test_position_arrays_of_a_game_stream_against_python_chess(chess):
    """Positions, moves, clocks, evals and results of real games, aligned, as python-chess
    reads the same file."""
    from support import data_file

    path = data_file("pgn-reader/benches/lichess_db_100k.pgn")
    got = kingside.position_arrays(path, threads=2)
    rows = len(got["game"])
    for name in ["ply", "turn", "move", "clock", "eval_cp", "eval_mate", "result"]:
        assert len(got[name]) == rows, name
    assert got["bitboards"].shape == (rows, 12)
    order = [(chess.WHITE, t) for t in range(1, 7)] + [(chess.BLACK, t) for t in range(1, 7)]
    expected = []
    games = bad = 0
    with open(path) as f:
        number = -1
        while (game := chess.pgn.read_game(f)) is not None:
            number += 1
            if game.errors:
                bad += 1
                continue
            games += 1
            result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"), np.nan)
            board = game.board()
            for ply, node in enumerate(game.mainline()):
                bbs = [int(board.pieces(t, c)) for c, t in order]
                m = node.move
                index = m.from_square * 64 + m.to_square + 4096 * ((m.promotion or 1) - 1)
                clock = node.clock()
                score = node.eval()
                white = score.white() if score is not None else None
                expected.append(
                    (
                        number,
                        ply,
                        bbs,
                        board.turn,
                        index,
                        np.nan if clock is None else clock,
                        np.nan if white is None or white.is_mate() else white.score(),
                        white.mate() if white is not None and white.is_mate() else 0,
                        result,
                    )
                )
                board.push(m)
    assert (got["games"], got["bad_games"]) == (games, bad)
    assert rows == len(expected)
    for i, e in enumerate(expected):
        assert (int(got["game"][i]), int(got["ply"][i])) == e[:2], i
        assert [int(v) for v in got["bitboards"][i]] == e[2], i
        assert bool(got["turn"][i]) == e[3], i
        assert int(got["move"][i]) == e[4], i
        for j, name in [(5, "clock"), (6, "eval_cp"), (8, "result")]:
            assert np.isclose(got[name][i], e[j], equal_nan=True), (i, name, got[name][i], e[j])
        assert int(got["eval_mate"][i]) == e[7], i
    # The moves are the indices of the moves played, by the mapping's inverse.
    assert kingside.index_move(int(got["move"][0])).uci() == "e2e4"
