"""Plays random games of each variant with python-chess's chess.variant boards and prints,
position by position, what they say: the oracle of the variants' rules and notation.

    python3 variant_games.py SEED GAMES PLIES

For each variant (python-chess's uci_variant name) and each of GAMES games, a line
`game NAME`, then one line per position until the game ends or PLIES moves were played:

    FEN|UCI ...|SAN ...|OUTCOME|CHECK|KEY|CLAIMS|MOVE

FEN is board.fen(); the legal moves in UCI, sorted, and their SAN in the same order;
OUTCOME is `TERMINATION WINNER` of board.outcome() (`-` when there is none, WINNER
`white`, `black` or `none`), the game's rules included (the 75-move rule, fivefold
repetition); CHECK is 1 or 0; KEY is the Polyglot key in hex; CLAIMS the draws that can be
claimed while the game goes on (`threefold`, `fifty`, comma-separated, `-` for none); MOVE
is the move played next (`-` at the end): at random, or, one time in two, the side's own
last move taken back when that is legal, so that positions repeat.
"""

import random
import sys

import chess
import chess.polyglot
import chess.variant

BOARDS = [
    chess.Board,
    chess.variant.CrazyhouseBoard,
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.GiveawayBoard,
    chess.variant.SuicideBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


def outcome(board):
    o = board.outcome()
    if o is None:
        return "-"
    winner = {True: "white", False: "black", None: "none"}[o.winner]
    return f"{o.termination.name} {winner}"


def claims(board):
    found = []
    if board.can_claim_threefold_repetition():
        found.append("threefold")
    if board.can_claim_fifty_moves():
        found.append("fifty")
    return ",".join(found) or "-"


def choose(board, moves, rng):
    if len(board.move_stack) >= 2 and rng.random() < 1 / 2:
        last = board.move_stack[-2]
        back = chess.Move(last.to_square, last.from_square)
        if last.drop is None and last.promotion is None and back in moves:
            return back
    return rng.choice(moves)


def main(seed, games, plies):
    rng = random.Random(seed)
    out = []
    for cls in BOARDS:
        for _ in range(games):
            board = cls()
            out.append(f"game {cls.uci_variant}")
            for _ in range(plies + 1):
                moves = sorted(board.legal_moves, key=lambda m: m.uci())
                ended = board.outcome() is not None
                chosen = None if ended or not moves or len(board.move_stack) >= plies else choose(board, moves, rng)
                out.append("|".join([
                    board.fen(),
                    " ".join(m.uci() for m in moves),
                    " ".join(board.san(m) for m in moves),
                    outcome(board),
                    "1" if board.is_check() else "0",
                    format(chess.polyglot.zobrist_hash(board), "016x"),
                    "-" if ended else claims(board),
                    chosen.uci() if chosen else "-",
                ]))
                if chosen is None:
                    break
                board.push(chosen)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
