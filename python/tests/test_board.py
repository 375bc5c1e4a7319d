"""The board against python-chess: legal moves, SAN, UCI, FEN, check, mate, outcomes, claims,
Zobrist keys and perft, on the fetched perft suites and along the games of PGN files."""

from __future__ import annotations

import copy
import random

import pytest

import kingside
from support import data_file, full_fen, perft_positions, python_chess

TERMINATIONS = [
    "CHECKMATE",
    "STALEMATE",
    "INSUFFICIENT_MATERIAL",
    "SEVENTYFIVE_MOVES",
    "FIVEFOLD_REPETITION",
    "FIFTY_MOVES",
    "THREEFOLD_REPETITION",
]


def suite(relative: str, sample: int | None = None, seed: int = 1):
    positions = perft_positions(relative)
    if sample is not None and len(positions) > sample:
        positions = random.Random(seed).sample(positions, sample)
    return positions


def same_outcome(ours, theirs) -> bool:
    if theirs is None:
        return ours is None
    return (
        ours is not None
        and ours.termination.name == theirs.termination.name
        and ours.winner == theirs.winner
        and ours.result() == theirs.result()
    )


def compare_position(chess, ours: kingside.Board, theirs, *, claims: bool = True) -> None:
    """Every query of the position, ours against python-chess's."""
    fen = theirs.fen()
    assert ours.fen() == fen
    assert ours.board_fen() == theirs.board_fen()
    assert ours.turn == theirs.turn
    assert str(ours) == str(theirs), fen
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs), fen
    assert ours.is_check() == theirs.is_check(), fen
    assert ours.is_checkmate() == theirs.is_checkmate(), fen
    assert ours.is_stalemate() == theirs.is_stalemate(), fen
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    assert same_outcome(ours.outcome(), theirs.outcome()), fen
    assert ours.is_game_over() == theirs.is_game_over(), fen
    if claims:
        assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), fen
        assert (
            ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
        ), fen
        assert same_outcome(ours.outcome(claim_draw=True), theirs.outcome(claim_draw=True)), fen
    our_moves = {m.uci() for m in ours.legal_moves}
    their_moves = {m.uci() for m in theirs.legal_moves}
    assert our_moves == their_moves, fen
    assert len(ours.legal_moves) == theirs.legal_moves.count() == ours.legal_moves.count()


def compare_moves(chess, ours: kingside.Board, theirs) -> None:
    """SAN and UCI of every legal move, and the FEN after it."""
    for their_move in list(theirs.legal_moves):
        uci = their_move.uci()
        move = kingside.Move.from_uci(uci)
        assert move in ours.legal_moves
        san = theirs.san(their_move)
        assert ours.san(move) == san, (theirs.fen(), uci)
        assert ours.uci(move) == theirs.uci(their_move)
        assert ours.parse_san(san) == move
        assert ours.parse_uci(uci) == move
        ours.push(move)
        theirs.push(their_move)
        assert ours.fen() == theirs.fen()
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
        assert ours.is_check() == theirs.is_check()
        ours.pop()
        theirs.pop()
        assert ours.fen() == theirs.fen()


@pytest.mark.parametrize(
    "relative,chess960,sample",
    [
        # The tricky suite has X-FEN castling that only Chess960 rules allow (as python-chess
        # runs it).
        ("python-chess/examples/perft/tricky.perft", True, None),
        ("python-chess/examples/perft/random.perft", False, 300),
        ("python-chess/examples/perft/chess960.perft", True, 150),
    ],
)
def test_perft_suites_against_python_chess(chess, relative, chess960, sample):
    for ident, epd, counts in suite(relative, sample):
        fen = full_fen(epd)
        ours = kingside.Board(fen, chess960=chess960)
        theirs = chess.Board(fen, chess960=chess960)
        compare_position(chess, ours, theirs)
        compare_moves(chess, ours, theirs)
        for depth in (1, 2):
            if depth in counts:
                assert ours.perft(depth) == counts[depth], (ident, depth)


def test_perft_counts_at_small_depth():
    board = kingside.Board()
    assert [board.perft(d) for d in range(5)] == [1, 20, 400, 8902, 197281]
    kiwipete = kingside.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert kiwipete.perft(3) == 97862


PGN_FILES = [
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/molinari-bordais-1979.pgn",
    "python-chess/data/pgn/anastasian-lewis.pgn",
    "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
    "python-chess/data/pgn/cutechess-fischerrandom.pgn",
]


def games(chess, path, limit):
    with open(path, encoding="utf-8-sig") as f:
        for _ in range(limit):
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


@pytest.mark.parametrize(
    "relative,limit", [(p, 100) for p in PGN_FILES] + [("pgn-reader/benches/lichess_db_10k.pgn", 60)]
)
def test_along_games_against_python_chess(chess, relative, limit):
    path = data_file(relative)
    for game in games(chess, path, limit):
        theirs = game.board()
        ours = kingside.Board(theirs.fen(), chess960=theirs.chess960)
        compare_position(chess, ours, theirs)
        for their_move in game.mainline_moves():
            if not their_move:
                break  # a null move (--): the board has none
            san = theirs.san(their_move)
            move = ours.push_san(san)
            assert move.uci() == theirs.uci(their_move)
            theirs.push(their_move)
            compare_position(chess, ours, theirs, claims=theirs.halfmove_clock >= 8)
        stack = [m.uci() for m in ours.move_stack]
        assert stack == [theirs.uci(m) for m in theirs.move_stack] or theirs.chess960


def test_repetitions_and_move_rules_against_python_chess(chess):
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    ours, theirs = kingside.Board(), chess.Board()
    for i in range(4 * 4 + 2):
        san = shuffle[i % 4]
        ours.push_san(san)
        theirs.push_san(san)
        compare_position(chess, ours, theirs)
    assert ours.outcome().termination is kingside.Termination.FIVEFOLD_REPETITION
    # The 50- and 75-move rules from a late halfmove clock (a kingside board keeps the first
    # automatic ending met, where python-chess judges the last position alone: these walks
    # stop at their first ending).
    rook = ["Ra2", "Kd6", "Ra1", "Ke6"]
    for fen, plies, ending in [
        ("8/8/4k3/8/8/3K4/8/R7 w - - 96 120", 6, None),
        ("8/8/4k3/8/8/3K4/8/R7 w - - 144 120", 6, "SEVENTYFIVE_MOVES"),
    ]:
        ours, theirs = kingside.Board(fen), chess.Board(fen)
        for i in range(plies):
            compare_position(chess, ours, theirs)
            ours.push_san(rook[i % 4])
            theirs.push_san(rook[i % 4])
        compare_position(chess, ours, theirs)
        outcome = ours.outcome()
        assert (outcome.termination.name if outcome else None) == ending
    assert ours.can_claim_fifty_moves()


def test_errors_are_the_named_value_errors(chess):
    board = kingside.Board()
    for error in (
        kingside.InvalidMoveError,
        kingside.IllegalMoveError,
        kingside.AmbiguousMoveError,
        kingside.InvalidFenError,
    ):
        assert issubclass(error, ValueError)
        assert error is kingside.InvalidFenError or issubclass(getattr(chess, error.__name__), ValueError)
    with pytest.raises(kingside.InvalidMoveError):
        board.parse_uci("e2")
    with pytest.raises(kingside.InvalidMoveError):
        board.push_san("xyz")
    with pytest.raises(kingside.InvalidMoveError):
        kingside.Move.from_uci("e2e4x")
    # As python-chess: a promotion to a king reads, and is not legal.
    assert not board.is_legal(kingside.Move.from_uci("e7e8k"))
    with pytest.raises(kingside.IllegalMoveError):
        board.push_uci("e2e5")
    # push() plays what it is given, as python-chess's does, but a move from an empty
    # square raises rather than corrupting the board.
    with pytest.raises(kingside.IllegalMoveError, match="no piece on e4"):
        board.push(kingside.Move(28, 36))
    with pytest.raises(kingside.IllegalMoveError, match="no piece on e3"):
        board.san(kingside.Move(20, 28))
    with pytest.raises(kingside.AmbiguousMoveError, match="ambiguous"):
        kingside.Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").parse_san("Nd2")
    with pytest.raises(kingside.InvalidFenError, match="byte"):
        kingside.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    with pytest.raises(kingside.InvalidFenError, match="8 ranks"):
        kingside.Board("8/8/8/8/8/8/8 w - - 0 1")
    # A board without kings is python-chess's too: it says so through status().
    assert kingside.Board("8/8/8/8/8/8/8/8 w - - 0 1").status() == (
        kingside.STATUS_EMPTY | kingside.STATUS_NO_WHITE_KING | kingside.STATUS_NO_BLACK_KING
    )
    with pytest.raises(IndexError):
        board.pop()
    assert board.fen() == kingside.STARTING_FEN


def test_moves_pieces_and_boards_as_python_chess(chess):
    move = kingside.Move.from_uci("e7e8q")
    theirs = chess.Move.from_uci("e7e8q")
    assert (move.from_square, move.to_square, move.promotion) == (
        theirs.from_square,
        theirs.to_square,
        theirs.promotion,
    )
    assert str(move) == str(theirs) == move.uci()
    assert repr(move) == repr(theirs)
    assert move == kingside.Move(52, 60, kingside.QUEEN)
    assert hash(move) == hash(kingside.Move(52, 60, 5))
    assert len({move, kingside.Move(52, 60, 5), kingside.Move(52, 60)}) == 2
    assert not kingside.Move.null() and kingside.Move.null().uci() == "0000"
    board = kingside.Board()
    assert board.piece_at(chess.E1).symbol() == "K"
    assert board.piece_at(chess.E1) == kingside.Piece(kingside.KING, kingside.WHITE)
    assert repr(board.piece_at(chess.D8)) == repr(chess.Board().piece_at(chess.D8))
    assert board.piece_at(chess.E4) is None
    assert repr(board) == repr(chess.Board())
    board.push_san("e4")
    copied = board.copy()
    assert copied == board and copied is not board
    assert [m.uci() for m in copied.move_stack] == ["e2e4"]
    assert copy.copy(board) == board
    copied.push_san("e5")
    assert copied != board
    assert board.pop() == kingside.Move.from_uci("e2e4")
    assert board == kingside.Board()


def test_chess960_castling_is_king_takes_rook(chess):
    fen = "1k5r/8/8/8/8/8/8/RK5R w HAh - 0 1"
    ours = kingside.Board(fen, chess960=True)
    theirs = chess.Board(fen, chess960=True)
    assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}
    castle = ours.push_san("O-O")
    assert castle.uci() == "b1h1" == theirs.uci(theirs.push_san("O-O"))
    assert ours.fen() == theirs.fen()
    assert repr(ours).endswith("chess960=True)")
    # Standard chess: the king's destination.
    standard = kingside.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert standard.push_san("O-O").uci() == "e1g1"
