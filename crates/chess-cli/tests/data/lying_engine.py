"""A UCI engine that answers `go perft` like Stockfish, but lies about one position.

The test of `chess perft --compare` starts it as the engine to compare with. In the position
reached from the standard start by the moves of --after (comma-separated UCI), it leaves out
the move --drop, or lists the move --add (counted as one leaf at any depth); its counts
everywhere above that position follow from the lie, as a real generator's would. Needs
python-chess.
"""

import argparse
import sys

import chess


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--after", required=True)
    parser.add_argument("--drop")
    parser.add_argument("--add")
    args = parser.parse_args()
    target = [chess.Move.from_uci(m) for m in args.after.split(",") if m]

    def moves_of(board):
        """(UCI text, move or None for the invented one) of each move the liar lists."""
        listed = [(board.uci(m), m) for m in board.legal_moves]
        if len(board.move_stack) == len(target) and board.move_stack == target:
            listed = [(text, m) for text, m in listed if text != args.drop]
            if args.add:
                listed.append((args.add, None))
        return listed

    def count(board, depth):
        if depth == 0:
            return 1
        listed = moves_of(board)
        if depth == 1:
            return len(listed)
        total = 0
        for _, m in listed:
            if m is None:
                total += 1
                continue
            board.push(m)
            total += count(board, depth - 1)
            board.pop()
        return total

    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name liar")
            print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            if words[1] == "startpos":
                board = chess.Board()
            else:
                end = words.index("moves") if "moves" in words else len(words)
                board = chess.Board(" ".join(words[2:end]))
            if "moves" in words:
                for text in words[words.index("moves") + 1:]:
                    board.push_uci(text)
        elif words[:2] == ["go", "perft"]:
            depth = int(words[2])
            total = 0
            for text, m in moves_of(board):
                if m is None:
                    n = 1
                else:
                    board.push(m)
                    n = count(board, depth - 1)
                    board.pop()
                total += n
                print(f"{text}: {n}")
            print()
            print(f"Nodes searched: {total}", flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
