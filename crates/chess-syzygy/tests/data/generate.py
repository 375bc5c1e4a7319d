"""Writes the expected tablebase values of chess-syzygy's tests, as python-chess reads them.

Run from the workspace root, after `cargo xtask testdata` (which fetches the 3- and 4-piece
Syzygy tables), with python-chess 1.11.2 (`python3 -m pip install chess==1.11.2`):

    python3 crates/chess-syzygy/tests/data/generate.py

It writes, next to itself:

- `random.txt`: random legal positions of every material that has a table (both colours holding
  the stronger side, both sides to move) and positions where an en passant capture is possible
  (KPvKP, the one material of four pieces with a pawn on each side); none has castling rights. Each line is
  `FEN;wdl_table;wdl;dtz` with python-chess's `probe_wdl_table`, `probe_wdl` and `probe_dtz`.
- `root.txt`: positions whose halfmove clock brings the 50-move rule into play. Each line is
  `FEN;MOVES;BEST_BY_DTZ;BEST_WINS_EQUAL`: every legal move as `uci:dtz` (the distance to zeroing
  counted from the root, in plies, from python-chess's probes as Stockfish's root probing counts
  it), then the moves Stockfish's ranking keeps, first ranking wins by DTZ, then ranking every
  win within the 50-move budget alike.

The seed is fixed: running it twice writes the same bytes.
"""

import os
import random
import sys

import chess
import chess.syzygy

SEED = 21
POSITIONS_PER_MATERIAL = 100
EN_PASSANT_POSITIONS = 300
ROOT_POSITIONS = 150
HALFMOVE_CLOCKS = [0, 20, 50, 70, 80, 85, 90, 94, 97, 98, 99]

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
TABLES = os.path.join(ROOT, "target", "testdata", "python-chess", "data", "syzygy", "regular")

PIECE_TYPES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
               "N": chess.KNIGHT, "P": chess.PAWN}

# Stockfish's scale for root move ranks (MAX_DTZ in its tbprobe.cpp).
MAX_DTZ = 1 << 18


def materials():
    """The materials of the table files, by their names (`KQvKR`)."""
    names = set()
    for name in os.listdir(TABLES):
        stem, ext = os.path.splitext(name)
        if ext == ".rtbw":
            names.add(stem)
    return sorted(names, key=lambda n: (len(n), n))


def random_board(rng, white, black, turn):
    """A random legal placement of the pieces `white` and `black` (strings of letters)."""
    while True:
        board = chess.Board(None)
        board.turn = turn
        free = list(range(64))
        rng.shuffle(free)
        ok = True
        for color, letters in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in letters:
                piece_type = PIECE_TYPES[letter]
                square = free.pop()
                if piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                    ok = False
                    break
                board.set_piece_at(square, chess.Piece(piece_type, color))
        if ok and board.is_valid():
            return board


def en_passant_board(rng, turn):
    """A KPvKP position where the side to move can take en passant."""
    while True:
        board = chess.Board(None)
        board.turn = turn
        file = rng.randrange(8)
        capturer_file = file + rng.choice([-1, 1])
        if not 0 <= capturer_file < 8:
            continue
        # The pawn that just advanced two squares stands on the fifth rank of the side to move.
        fifth = 4 if turn == chess.WHITE else 3
        pushed = chess.square(file, fifth)
        ep_square = chess.square(file, fifth + (1 if turn == chess.WHITE else -1))
        origin = chess.square(file, fifth + (2 if turn == chess.WHITE else -2))
        board.set_piece_at(pushed, chess.Piece(chess.PAWN, not turn))
        board.set_piece_at(chess.square(capturer_file, fifth), chess.Piece(chess.PAWN, turn))
        free = [sq for sq in range(64) if board.piece_at(sq) is None and sq not in (ep_square, origin)]
        rng.shuffle(free)
        board.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.BLACK))
        board.ep_square = ep_square
        if board.is_valid() and board.has_legal_en_passant():
            return board


def probe_line(tables, board):
    return "{};{};{};{}".format(
        board.fen(),
        tables.probe_wdl_table(board),
        tables.probe_wdl(board),
        tables.probe_dtz(board),
    )


def root_dtz(tables, board, move):
    """The distance to zeroing of `move`, counted from the root as Stockfish's root probing
    counts it."""
    zeroing = board.is_zeroing(move)
    board.push(move)
    try:
        if zeroing:
            dtz = chess.syzygy.dtz_before_zeroing(-tables.probe_wdl(board))
        elif board.halfmove_clock >= 100 and not board.is_checkmate():
            dtz = 0
        else:
            after = -tables.probe_dtz(board)
            dtz = after + 1 if after > 0 else after - 1 if after < 0 else 0
        if dtz == 2 and board.is_checkmate():
            dtz = 1
    finally:
        board.pop()
    return dtz


def rank(dtz, halfmoves, by_dtz):
    """Stockfish's rank of a root move (higher is better)."""
    if dtz > 0:
        if dtz + halfmoves <= 99:
            return MAX_DTZ - (dtz if by_dtz else 0)
        return MAX_DTZ // 2 - (dtz + halfmoves)
    if dtz < 0:
        if -dtz * 2 + halfmoves < 100:
            return -MAX_DTZ - (dtz if by_dtz else 0)
        return -MAX_DTZ // 2 + (-dtz + halfmoves)
    return 0


def root_line(tables, board):
    moves = [(move, root_dtz(tables, board, move)) for move in board.legal_moves]
    parts = [board.fen(), " ".join(f"{m.uci()}:{d}" for m, d in moves)]
    for by_dtz in (True, False):
        ranks = [rank(d, board.halfmove_clock, by_dtz) for _, d in moves]
        best = max(ranks)
        parts.append(" ".join(sorted(m.uci() for (m, _), r in zip(moves, ranks) if r == best)))
    return ";".join(parts)


def main():
    if not os.path.isdir(TABLES):
        sys.exit(f"{TABLES} is missing: run `cargo xtask testdata` first")
    rng = random.Random(SEED)
    lines = []
    roots = []
    with chess.syzygy.open_tablebase(TABLES) as tables:
        for name in materials():
            strong, weak = name.split("v")
            for i in range(POSITIONS_PER_MATERIAL):
                # Alternate which colour holds the named first side, and who moves.
                white, black = (strong, weak) if i % 2 == 0 else (weak, strong)
                turn = chess.WHITE if (i // 2) % 2 == 0 else chess.BLACK
                board = random_board(rng, white, black, turn)
                board.halfmove_clock = rng.randrange(100)
                board.fullmove_number = rng.randrange(1, 100)
                lines.append(probe_line(tables, board))
                if tables.probe_dtz(board) != 0 and board.legal_moves.count() > 0:
                    roots.append(board)
        for i in range(EN_PASSANT_POSITIONS):
            board = en_passant_board(rng, chess.WHITE if i % 2 == 0 else chess.BLACK)
            lines.append(probe_line(tables, board))

        rng.shuffle(roots)
        root_lines = []
        for board in roots[:ROOT_POSITIONS]:
            for clock in rng.sample(HALFMOVE_CLOCKS, 3):
                board.halfmove_clock = clock
                root_lines.append(root_line(tables, board))

    header = (
        "# Written by generate.py (python-chess {}, seed {}): do not edit.\n".format(
            chess.__version__, SEED
        )
    )
    with open(os.path.join(HERE, "random.txt"), "w", newline="\n") as f:
        f.write(header)
        f.write("# FEN;wdl_table;wdl;dtz\n")
        for line in lines:
            f.write(line + "\n")
    with open(os.path.join(HERE, "root.txt"), "w", newline="\n") as f:
        f.write(header)
        f.write("# FEN;uci:dtz of every legal move;best moves ranked by dtz;best moves, wins alike\n")
        for line in root_lines:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
