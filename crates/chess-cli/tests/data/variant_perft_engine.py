"""A UCI engine that counts perft in every variant python-chess plays, for the tests.

The test of `chess perft --variant NAME --compare` starts it as the engine to compare with. It
declares `UCI_Variant` (a combo of python-chess's `uci_variant` names, or only those of
--variants, comma-separated) and `UCI_Chess960`, reads `position fen|startpos [moves ...]`
(drops written `N@f3`) and answers `go perft N` in Stockfish's divide format. With --without
MOVE, it leaves that move (UCI) out wherever it is legal, as a generator with a bug would, so
that the comparison has a difference to narrow. Needs python-chess.
"""

import argparse
import sys

import chess
import chess.variant


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants")
    parser.add_argument("--without")
    args = parser.parse_args()
    boards = {cls.uci_variant: cls for cls in chess.variant.VARIANTS}
    offered = args.variants.split(",") if args.variants else list(boards)

    def moves_of(board):
        return [m for m in board.legal_moves if board.uci(m) != args.without]

    def count(board, depth):
        if depth == 0:
            return 1
        moves = moves_of(board)
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            board.push(m)
            total += count(board, depth - 1)
            board.pop()
        return total

    variant = "chess"
    chess960 = False
    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name variant perft")
            choices = " ".join(f"var {name}" for name in offered)
            print(f"option name UCI_Variant type combo default chess {choices}")
            print("option name UCI_Chess960 type check default false")
            print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[:2] == ["setoption", "name"] and "value" in words:
            name = " ".join(words[2:words.index("value")])
            value = " ".join(words[words.index("value") + 1:])
            if name == "UCI_Variant":
                variant = value
            elif name == "UCI_Chess960":
                chess960 = value == "true"
        elif words[0] == "position":
            cls = boards[variant]
            end = words.index("moves") if "moves" in words else len(words)
            if words[1] == "startpos":
                board = cls(chess960=chess960)
            else:
                board = cls(" ".join(words[2:end]), chess960=chess960)
            for text in words[end + 1:]:
                board.push_uci(text)
        elif words[:2] == ["go", "perft"]:
            depth = int(words[2])
            total = 0
            for m in moves_of(board):
                board.push(m)
                n = count(board, depth - 1)
                board.pop()
                total += n
                print(f"{board.uci(m)}: {n}")
            print()
            print(f"Nodes searched: {total}", flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
