"""A UCI engine that answers `go perft` in Stockfish's divide format, counted by python-chess in
standard chess and in every variant python-chess plays, and that can be told to lie.

The tests of `chess perft --compare` start it as the engine to compare with. It declares
`UCI_Variant` (a combo of python-chess's `uci_variant` names, or only those of --variants,
comma-separated) and `UCI_Chess960`, and reads `position fen|startpos [moves ...]` (drops
written `N@f3`). The lies, as a move generator with a bug would tell them (the counts above the
lie follow from it):

    --without MOVE   leave MOVE (UCI) out wherever it is legal;
    --after MOVES    in the position the moves (comma-separated UCI) reach from the position
                     set, ...
    --drop MOVE      ... leave MOVE out, or
    --add MOVE       ... list MOVE too (an invented move, one leaf at any depth).

--name gives the engine's name (`id name`). Needs python-chess.
"""

import argparse
import sys

import chess
import chess.variant


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", default="python-chess perft")
    parser.add_argument("--variants")
    parser.add_argument("--without")
    parser.add_argument("--after")
    parser.add_argument("--drop")
    parser.add_argument("--add")
    args = parser.parse_args()
    boards = {cls.uci_variant: cls for cls in chess.variant.VARIANTS}
    offered = args.variants.split(",") if args.variants else list(boards)
    target = None
    if args.after is not None:
        target = [chess.Move.from_uci(m) for m in args.after.split(",") if m]

    def moves_of(board):
        """(UCI text, move or None for the invented one) of each move the engine lists."""
        listed = [(board.uci(m), m) for m in board.legal_moves]
        listed = [(text, m) for text, m in listed if text != args.without]
        if target is not None and board.move_stack == target:
            listed = [(text, m) for text, m in listed if text != args.drop]
            if args.add:
                listed.append((args.add, None))
        return listed

    def below(board, m, depth):
        """The count below the listed move m (one leaf for an invented move)."""
        if m is None:
            return 1
        board.push(m)
        n = count(board, depth)
        board.pop()
        return n

    def count(board, depth):
        if depth == 0:
            return 1
        listed = moves_of(board)
        if depth == 1:
            return len(listed)
        return sum(below(board, m, depth - 1) for _, m in listed)

    variant = "chess"
    chess960 = False
    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print(f"id name {args.name}")
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
            for text, m in moves_of(board):
                n = below(board, m, depth - 1)
                total += n
                print(f"{text}: {n}")
            print()
            print(f"Nodes searched: {total}", flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
