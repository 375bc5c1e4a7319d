"""kingside's ``chess`` module against python-chess, the oracle: the same answers, in the same
order, on positions from random games and on set-ups no game reaches (no king, three kings,
pawns on the back rank, random castling masks and en passant squares), and the same public
names."""

from __future__ import annotations

import copy
import importlib
import pickle
import random
import types

import pytest

import kingside

SEED = 20261206


def random_game_positions(chess, games, plies, rng, chess960=False):
    """FENs of positions along random games (python-chess plays them)."""
    out = []
    for _ in range(games):
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            out.append((board.fen(en_passant="fen"), board.chess960))
    return out


def random_setups(chess, n, rng):
    """FENs of arbitrary set-ups: any pieces anywhere, 0 to 3 kings a side, any castling
    letters, any en passant square, either side to move."""
    out = []
    letters = "PNBRQKpnbrqk"
    for _ in range(n):
        board = chess.Board(None)
        for _ in range(rng.randrange(0, 3)):
            board.set_piece_at(rng.randrange(64), chess.Piece(chess.KING, chess.WHITE))
        for _ in range(rng.randrange(0, 3)):
            board.set_piece_at(rng.randrange(64), chess.Piece(chess.KING, chess.BLACK))
        for _ in range(rng.randrange(0, 20)):
            board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol(rng.choice(letters[:5] + letters[6:11])))
        board.turn = rng.random() < 0.5
        board.chess960 = rng.random() < 0.3
        rooks = list(chess.SquareSet(board.rooks))
        rights = 0
        for sq in rooks:
            if rng.random() < 0.6:
                rights |= chess.BB_SQUARES[sq]
        if rng.random() < 0.2:
            rights |= chess.BB_SQUARES[rng.randrange(64)]
        board.castling_rights = rights
        if rng.random() < 0.4:
            board.ep_square = rng.choice([rng.randrange(64), rng.randrange(16, 24), rng.randrange(40, 48)])
        board.halfmove_clock = rng.randrange(0, 120)
        board.fullmove_number = rng.randrange(1, 90)
        out.append(board)
    return out


def uci(moves):
    return [m.uci() for m in moves]


def compare_position(chess, ours, theirs, rng):
    """Everything a board says about its position, ours against python-chess's."""
    where = theirs.fen()
    assert ours.fen() == theirs.fen(), where
    for spec in ("legal", "fen", "xfen"):
        assert ours.fen(en_passant=spec) == theirs.fen(en_passant=spec), where
    assert ours.shredder_fen() == theirs.shredder_fen(), where
    assert ours.epd() == theirs.epd(), where
    assert ours.board_fen() == theirs.board_fen(), where
    assert int(ours.status()) == int(theirs.status()), where
    assert ours.is_valid() == theirs.is_valid(), where
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), where
    for color in (chess.WHITE, chess.BLACK):
        assert ours.king(color) == theirs.king(color), where
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color), where
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color), where
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color), where
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), where
    assert ours.has_chess960_castling_rights() == theirs.has_chess960_castling_rights(), where
    assert ours.checkers_mask() == theirs.checkers_mask(), where
    assert ours.is_check() == theirs.is_check(), where
    assert ours.was_into_check() == theirs.was_into_check(), where
    assert ours.is_checkmate() == theirs.is_checkmate(), where
    assert ours.is_stalemate() == theirs.is_stalemate(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), where
    assert ours.has_pseudo_legal_en_passant() == theirs.has_pseudo_legal_en_passant(), where
    assert ours.result() == theirs.result(), where
    assert kingside.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs), where
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
        sq: p.symbol() for sq, p in theirs.piece_map().items()
    }
    assert list(ours.piece_map()) == list(theirs.piece_map()), where
    # The generators, in python-chess's order.
    assert uci(ours.legal_moves) == uci(theirs.legal_moves), where
    assert uci(ours.pseudo_legal_moves) == uci(theirs.pseudo_legal_moves), where
    assert uci(ours.generate_legal_captures()) == uci(theirs.generate_legal_captures()), where
    assert uci(ours.generate_pseudo_legal_captures()) == uci(theirs.generate_pseudo_legal_captures()), where
    assert uci(ours.generate_castling_moves()) == uci(theirs.generate_castling_moves()), where
    assert uci(ours.generate_legal_ep()) == uci(theirs.generate_legal_ep()), where
    assert uci(ours.generate_pseudo_legal_ep()) == uci(theirs.generate_pseudo_legal_ep()), where
    from_mask, to_mask = rng.getrandbits(64), rng.getrandbits(64)
    assert uci(ours.generate_legal_moves(from_mask, to_mask)) == uci(theirs.generate_legal_moves(from_mask, to_mask))
    assert uci(ours.generate_pseudo_legal_moves(from_mask, to_mask)) == uci(
        theirs.generate_pseudo_legal_moves(from_mask, to_mask)
    )
    # Square queries.
    for _ in range(6):
        sq = rng.randrange(64)
        color = rng.random() < 0.5
        occupied = rng.getrandbits(64)
        assert ours.attacks_mask(sq) == theirs.attacks_mask(sq), where
        assert ours.attackers_mask(color, sq) == theirs.attackers_mask(color, sq), where
        assert ours.attackers_mask(color, sq, occupied) == theirs.attackers_mask(color, sq, occupied), where
        assert ours.pin_mask(color, sq) == theirs.pin_mask(color, sq), where
        assert ours.is_pinned(color, sq) == theirs.is_pinned(color, sq), where
    # Every pseudo-legal move, and some that are not even that.
    candidates = list(theirs.pseudo_legal_moves)
    for _ in range(8):
        candidates.append(chess.Move(rng.randrange(64), rng.randrange(64), rng.choice([None, None, 2, 5, 6])))
    for m in candidates:
        ours_move = kingside.Move(m.from_square, m.to_square, m.promotion, m.drop)
        assert ours.is_legal(ours_move) == theirs.is_legal(m), (where, m)
        assert ours.is_pseudo_legal(ours_move) == theirs.is_pseudo_legal(m), (where, m)
        if theirs.piece_at(m.from_square) is None:
            continue
        for name in ("is_capture", "is_en_passant", "is_castling", "is_kingside_castling", "is_queenside_castling", "is_zeroing", "is_irreversible"):
            assert getattr(ours, name)(ours_move) == getattr(theirs, name)(m), (where, m, name)
        if not theirs.is_pseudo_legal(m):
            continue
        assert ours.san(ours_move) == theirs.san(m), (where, m)
        assert ours.lan(ours_move) == theirs.lan(m), (where, m)
        assert ours.uci(ours_move) == theirs.uci(m), (where, m)
        assert ours.xboard(ours_move) == theirs.xboard(m), (where, m)
        assert ours.gives_check(ours_move) == theirs.gives_check(m), (where, m)
        assert ours.is_into_check(ours_move) == theirs.is_into_check(m), (where, m)
        ours.push(ours_move)
        theirs.push(m)
        assert ours.fen() == theirs.fen(), (where, m)
        assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), (where, m)
        assert ours.castling_rights == theirs.castling_rights, (where, m)
        assert ours.promoted == theirs.promoted, (where, m)
        assert ours.peek() == kingside.Move.from_uci(theirs.peek().uci())
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), (where, m)
    # SAN read back, and text that is not SAN.
    for m in theirs.legal_moves:
        san = theirs.san(m)
        assert ours.parse_san(san).uci() == m.uci(), (where, san)
    for text in ("Nf3", "e4", "O-O", "O-O-O", "exd5", "Qxf7#", "e8=Q", "Kg1", "0-0", "--", "a1", "N@e4", "Rab1", "Nbd7", "bxc8=N"):
        try:
            expected = theirs.parse_san(text).uci()
        except ValueError as error:
            expected = type(error).__name__
        try:
            found = ours.parse_san(text).uci()
        except ValueError as error:
            found = type(error).__name__
        assert found == expected, (where, text)


def test_legal_positions_from_random_games_agree(chess):
    rng = random.Random(SEED)
    positions = random_game_positions(chess, 10, 60, rng) + random_game_positions(chess, 5, 60, rng, chess960=True)
    for fen, chess960 in positions[::2]:
        compare_position(chess, kingside.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960), rng)


def test_set_ups_no_game_reaches_agree(chess):
    rng = random.Random(SEED + 1)
    for theirs in random_setups(chess, 500, rng):
        ours = kingside.Board(None, chess960=theirs.chess960)
        ours.set_board_fen(theirs.board_fen())
        ours.turn = theirs.turn
        ours.castling_rights = theirs.castling_rights
        ours.ep_square = theirs.ep_square
        ours.halfmove_clock = theirs.halfmove_clock
        ours.fullmove_number = theirs.fullmove_number
        compare_position(chess, ours, theirs, rng)
        # The FEN python-chess writes reads back the same.
        again = kingside.Board(theirs.fen(), chess960=theirs.chess960)
        assert again.fen() == chess.Board(theirs.fen(), chess960=theirs.chess960).fen()


def test_games_agree_on_repetitions_claims_and_outcomes(chess):
    rng = random.Random(SEED + 2)
    for game in range(12):
        ours, theirs = kingside.Board(), chess.Board()
        # Knight shuffles make repetitions; random moves between them make the rest.
        for ply in range(140):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            knights = [m for m in moves if theirs.piece_type_at(m.from_square) == chess.KNIGHT]
            m = rng.choice(knights if knights and rng.random() < 0.7 else moves)
            ours.push(kingside.Move.from_uci(m.uci()))
            theirs.push(m)
            assert ours.is_repetition() == theirs.is_repetition(), theirs.fen()
            assert ours.is_repetition(2) == theirs.is_repetition(2)
            assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), theirs.fen()
            assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
            assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition()
            assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves()
            ours_outcome, their_outcome = ours.outcome(claim_draw=True), theirs.outcome(claim_draw=True)
            assert (ours_outcome and (ours_outcome.termination.name, ours_outcome.winner)) == (
                their_outcome and (their_outcome.termination.name, their_outcome.winner)
            )
            assert ours.ply() == theirs.ply()
            if their_outcome is not None and rng.random() < 0.5:
                break
        assert uci(ours.move_stack) == uci(theirs.move_stack)
        assert ours.root().fen() == theirs.root().fen()
        assert ours.variation_san(ours.root().move_stack or []) == ""
        assert chess.Board().variation_san(theirs.move_stack) == kingside.Board().variation_san(ours.move_stack)


def test_fen_reading_agrees_on_text_that_is_no_fen(chess):
    texts = [
        "",
        "8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/9 w - - 0 1",
        "8/8/8/8/8/8/8/44 w - - 0 1",
        "8/8/8/8/8/8/8/8 x - - 0 1",
        "8/8/8/8/8/8/8/8 w KQkqK - 0 1",
        "8/8/8/8/8/8/8/8 w kqKQ - 0 1",
        "8/8/8/8/8/8/8/8 w - e9 0 1",
        "8/8/8/8/8/8/8/8 w - - -1 1",
        "8/8/8/8/8/8/8/8 w - - 0 -1",
        "8/8/8/8/8/8/8/8 w - - 0 0",
        "8/8/8/8/8/8/8/8 w - - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b",
        "r~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "~rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w Qk - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w AH - 0 1",
        "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1",
    ]
    for text in texts:
        try:
            expected = chess.Board(text).fen(en_passant="fen")
        except ValueError:
            expected = ValueError
        try:
            found = kingside.Board(text).fen(en_passant="fen")
        except ValueError:
            found = ValueError
        assert found == expected, text


def test_every_public_name_of_python_chess_exists(chess):
    ours = set(dir(kingside))
    names = [n for n in dir(chess) if not n.startswith("_")]
    # A submodule is a name once imported (python-chess's chess.pgn by another test, say):
    # kingside's must import.
    for name in names:
        if isinstance(getattr(chess, name), types.ModuleType) and name not in ours:
            importlib.import_module(f"kingside.{name}")
    missing = sorted(n for n in names if n not in set(dir(kingside)))
    assert not missing, missing
    for cls in ("BaseBoard", "Board", "Move", "Piece", "SquareSet", "LegalMoveGenerator", "PseudoLegalMoveGenerator"):
        names = {n for n in dir(getattr(chess, cls)) if not n.startswith("_")}
        missing = sorted(names - set(dir(getattr(kingside, cls))))
        assert not missing, (cls, missing)
    # The instance attributes python-chess sets in __init__.
    board = kingside.Board()
    for name in vars(chess.Board()):
        if not name.startswith("_"):
            assert hasattr(board, name), name
    for name in ("BB_DIAG_ATTACKS", "BB_FILE_MASKS", "BB_RANK_ATTACKS", "BB_RAYS"):
        assert getattr(kingside, name) == getattr(chess, name), name


def test_square_functions_and_tables_agree(chess):
    for a in range(64):
        for b in range(64):
            assert kingside.square_knight_distance(a, b) == chess.square_knight_distance(a, b), (a, b)
            assert kingside.ray(a, b) == chess.ray(a, b)
            assert kingside.between(a, b) == chess.between(a, b)
    rng = random.Random(SEED + 3)
    for _ in range(300):
        bb = rng.getrandbits(64)
        for name in ("flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal", "popcount", "lsb", "msb"):
            assert getattr(kingside, name)(bb) == getattr(chess, name)(bb), name
        for name in [n for n in dir(chess) if n.startswith("shift_")]:
            assert getattr(kingside, name)(bb) == getattr(chess, name)(bb), name
        assert list(kingside.scan_forward(bb)) == list(chess.scan_forward(bb))
        assert list(kingside.scan_reversed(bb)) == list(chess.scan_reversed(bb))
        ours, theirs = kingside.SquareSet(bb), chess.SquareSet(bb)
        assert repr(ours) == repr(theirs) and str(ours) == str(theirs)
        assert list(ours) == list(theirs) and list(reversed(ours)) == list(reversed(theirs))
        assert ours.mirror() == theirs.mirror() and ours.tolist() == theirs.tolist()
    for name in ("BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "SQUARES_180", "SQUARE_NAMES"):
        assert getattr(kingside, name) == getattr(chess, name), name


def test_objects_pickle_copy_and_print_as_python_chess(chess):
    board = kingside.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    for san in ("O-O", "Kd8", "Ra2"):
        board.push_san(san)
    for clone in (pickle.loads(pickle.dumps(board)), copy.copy(board), copy.deepcopy(board), board.copy()):
        assert type(clone) is kingside.Board
        assert clone == board and clone.fen() == board.fen()
        assert uci(clone.move_stack) == uci(board.move_stack)
        assert clone.root() == board.root()
    for value in (kingside.Move.from_uci("e7e8q"), kingside.Move.from_uci("N@f3"), kingside.Move.null(),
                  kingside.Piece.from_symbol("q"), kingside.SquareSet(0xFF00)):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    base = kingside.BaseBoard("8/8/8/8/8/8/8/4K3")
    assert pickle.loads(pickle.dumps(base)) == base
    # Printing, as python-chess prints.
    theirs = chess.Board(board.fen())
    assert repr(kingside.Board(board.fen())) == repr(theirs)
    assert str(board) == str(theirs)
    assert board.unicode(borders=True) == theirs.unicode(borders=True)
    assert board.unicode(orientation=chess.BLACK, invert_color=True) == theirs.unicode(orientation=chess.BLACK, invert_color=True)
    assert repr(kingside.Board(board.fen(), chess960=True)) == repr(chess.Board(board.fen(), chess960=True))
    assert repr(base) == repr(chess.BaseBoard("8/8/8/8/8/8/8/4K3"))
    for piece in "PNBRQKpnbrqk":
        assert repr(kingside.Piece.from_symbol(piece)) == repr(chess.Piece.from_symbol(piece))
        assert kingside.Piece.from_symbol(piece).unicode_symbol() == chess.Piece.from_symbol(piece).unicode_symbol()
        assert hash(kingside.Piece.from_symbol(piece)) == hash(chess.Piece.from_symbol(piece))


def test_attributes_python_chess_lets_you_set(chess):
    board = kingside.Board()
    board.turn = kingside.BLACK
    board.halfmove_clock = 42
    board.fullmove_number = 7
    board.castling_rights = kingside.BB_A1 | kingside.BB_H8
    board.ep_square = kingside.E3
    board.chess960 = True
    theirs = chess.Board()
    theirs.turn = chess.BLACK
    theirs.halfmove_clock = 42
    theirs.fullmove_number = 7
    theirs.castling_rights = chess.BB_A1 | chess.BB_H8
    theirs.ep_square = chess.E3
    theirs.chess960 = True
    assert board.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert board.shredder_fen() == theirs.shredder_fen()
    # Instances take attributes of their own, as python-chess's do.
    board.note = "mine"
    assert board.note == "mine"
    # Out of range: a ValueError that names the attribute.
    with pytest.raises(ValueError, match="halfmove_clock"):
        board.halfmove_clock = -1
    with pytest.raises(ValueError, match="ep_square"):
        board.ep_square = 64


def test_negative_and_out_of_range_numbers_are_value_errors_naming_the_argument():
    board = kingside.Board()
    with pytest.raises(ValueError, match="square"):
        board.piece_at(-1)
    with pytest.raises(ValueError, match="square"):
        board.piece_at(64)
    with pytest.raises(ValueError, match="depth"):
        board.perft(-1)
    with pytest.raises(ValueError, match="from_square"):
        kingside.Move(-1, 3)
    with pytest.raises(ValueError, match="promotion"):
        kingside.Move(1, 3, 9)
    with pytest.raises(ValueError, match="piece_type"):
        kingside.Piece(7, True)
    with pytest.raises(ValueError, match="scharnagl"):
        kingside.Board.from_chess960_pos(960)
    with pytest.raises(ValueError, match="count"):
        board.is_repetition(2**70)


def test_legal_moves_order_plays_the_same_seeded_game(chess):
    # A seeded random.choice over list(board.legal_moves) plays the same game with both.
    for seed in range(5):
        ours, theirs = kingside.Board(), chess.Board()
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        while not theirs.is_game_over() and theirs.ply() < 200:
            ours.push(rng_ours.choice(list(ours.legal_moves)))
            theirs.push(rng_theirs.choice(list(theirs.legal_moves)))
        assert ours.fen() == theirs.fen()


def test_board_subclasses_call_init_as_python_chess_lets_them():
    class Annotated(kingside.Board):
        def __init__(self, fen=kingside.STARTING_FEN, *, chess960=False, note=""):
            super().__init__(fen, chess960=chess960)
            self.note = note

    board = Annotated(note="hello")
    board.push_san("e4")
    copied = board.copy()
    assert type(copied) is Annotated and copied.fen() == board.fen()
    assert isinstance(board, kingside.BaseBoard)
    assert type(board.mirror()) is Annotated
