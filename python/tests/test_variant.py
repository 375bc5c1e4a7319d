"""kingside.variant against python-chess's chess.variant: random games in every variant, move by
move (legal moves, SAN, FEN, check, the ends of the game), and the boards' names and
behaviour."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import kingside
import kingside.variant

NAMES = [
    "SuicideBoard",
    "GiveawayBoard",
    "AntichessBoard",
    "AtomicBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "HordeBoard",
    "ThreeCheckBoard",
    "CrazyhouseBoard",
]

ATTRIBUTES = [
    "aliases",
    "uci_variant",
    "xboard_variant",
    "starting_fen",
    "tbw_suffix",
    "tbz_suffix",
    "tbw_magic",
    "tbz_magic",
    "pawnless_tbw_suffix",
    "pawnless_tbz_suffix",
    "pawnless_tbw_magic",
    "pawnless_tbz_magic",
    "connected_kings",
    "one_king",
    "captures_compulsory",
]


@pytest.fixture
def variant(chess):
    import chess.variant

    return chess.variant


def outcome_of(outcome):
    if outcome is None:
        return None
    return (outcome.termination.name, outcome.winner, outcome.result())


@pytest.mark.parametrize("name", NAMES)
def test_class_attributes_and_ancestry_are_python_chess(variant, name):
    ours, theirs = getattr(kingside.variant, name), getattr(variant, name)
    for attribute in ATTRIBUTES:
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert issubclass(ours, kingside.Board)
    assert [c.__name__ for c in ours.__mro__ if c.__name__.endswith("Board") and c.__name__ != "_VariantBoard"][:2] == [
        c.__name__ for c in theirs.__mro__ if c.__name__.endswith("Board")
    ][:2]


def test_find_variant_knows_every_alias(variant):
    assert [c.__name__ for c in kingside.variant.VARIANTS] == [c.__name__ for c in variant.VARIANTS]
    for cls in variant.VARIANTS:
        for alias in cls.aliases:
            assert kingside.variant.find_variant(alias.upper()).__name__ == cls.__name__
    with pytest.raises(ValueError):
        kingside.variant.find_variant("losers")


@pytest.mark.parametrize("name", NAMES)
def test_random_games_move_by_move(variant, name):
    rng = random.Random(name)
    for game in range(6):
        ours, theirs = getattr(kingside.variant, name)(), getattr(variant, name)()
        for ply in range(300):
            assert ours.fen() == theirs.fen(), (game, ply, [m.uci() for m in theirs.move_stack])
            legal = sorted(m.uci() for m in theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == legal, theirs.fen()
            assert ours.is_check() == theirs.is_check(), theirs.fen()
            assert ours.is_variant_end() == theirs.is_variant_end(), theirs.fen()
            assert outcome_of(ours.outcome()) == outcome_of(theirs.outcome()), theirs.fen()
            assert ours.is_insufficient_material() == theirs.is_insufficient_material(), theirs.fen()
            assert ours.status() == theirs.status(), theirs.fen()
            if not legal:
                break
            move = theirs.parse_uci(rng.choice(legal))
            san = theirs.san(move)
            assert ours.san(kingside.Move.from_uci(move.uci())) == san, theirs.fen()
            assert ours.push_san(san).uci() == move.uci()
            theirs.push(move)
        assert ours.result(claim_draw=True) == theirs.result(claim_draw=True)
        # Taken back to the start, move by move.
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()


def test_crazyhouse_pockets_follow_the_board(variant):
    board = kingside.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1")
    assert str(board.pockets[kingside.WHITE]) == "n"
    assert board.pockets[kingside.BLACK].count(kingside.QUEEN) == 1
    board.pockets[kingside.WHITE].add(kingside.PAWN)
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1"
    assert kingside.Move.from_uci("P@e4") in board.legal_moves
    board.pockets[kingside.WHITE].remove(kingside.KNIGHT)
    assert kingside.Move.from_uci("N@f3") not in board.legal_moves
    with pytest.raises(ValueError):
        board.pockets[kingside.WHITE].remove(kingside.KNIGHT)
    empty = kingside.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    oracle = variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    assert int(empty.legal_drop_squares()) == int(oracle.legal_drop_squares())
    checked = "4k3/8/8/8/8/8/8/r3K3[] w - - 0 1"
    assert int(kingside.variant.CrazyhouseBoard(checked).legal_drop_squares()) == int(variant.CrazyhouseBoard(checked).legal_drop_squares())
    pocket = kingside.variant.CrazyhousePocket("qpp")
    assert (str(pocket), len(pocket), repr(pocket)) == ("qpp", 3, "CrazyhousePocket('qpp')")


def test_copies_keep_the_variant_state(variant):
    board = kingside.variant.ThreeCheckBoard()
    for san in ["e4", "e5", "Qh5", "Nc6", "Qxf7+"]:
        board.push_san(san)
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        assert type(other) is kingside.variant.ThreeCheckBoard
        assert other == board and other.fen() == board.fen()
        assert other.move_stack == board.move_stack
    assert board.root() == kingside.variant.ThreeCheckBoard()
    assert board.remaining_checks[kingside.WHITE] == 2
    assert repr(board) == f"ThreeCheckBoard({board.fen()!r})"


def test_bad_input_raises_python_chess_errors():
    board = kingside.variant.AtomicBoard()
    with pytest.raises(kingside.InvalidMoveError):
        board.parse_san("e9")
    with pytest.raises(kingside.IllegalMoveError):
        board.push_san("e5")
    with pytest.raises(kingside.IllegalMoveError):
        board.parse_uci("e2e5")
    with pytest.raises(ValueError):
        kingside.variant.CrazyhouseBoard("8/8/8/8/8/8/8/8[Kx] w - - 0 1")
    with pytest.raises(IndexError):
        board.pop()


SUITES = [
    ("3check", "ThreeCheckBoard"),
    ("atomic", "AtomicBoard"),
    ("crazyhouse", "CrazyhouseBoard"),
    ("giveaway", "GiveawayBoard"),
    ("horde", "HordeBoard"),
    ("racingkings", "RacingKingsBoard"),
]


def perft(board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    count = 0
    for move in board.generate_legal_moves():
        board.push(move)
        count += perft(board, depth - 1)
        board.pop()
    return count


@pytest.mark.parametrize("suite, name", SUITES)
def test_python_chess_variant_perft_suites_on_the_python_boards(suite, name):
    # The shallow lines of python-chess's variant perft suites, set up as its perft.py sets
    # them up (Chess960 castling, the EPD read by set_epd) and played by push and pop.
    from support import perft_positions

    checked = 0
    for ident, epd, counts in perft_positions(f"python-chess/examples/perft/{suite}.perft"):
        board = getattr(kingside.variant, name)(chess960=True)
        board.set_epd(epd)
        for depth, count in sorted(counts.items()):
            if count > 30000:
                break
            assert perft(board, depth) == count, (ident, depth)
            checked += 1
    assert checked > 0
