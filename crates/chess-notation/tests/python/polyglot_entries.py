"""Prints what python-chess's chess.polyglot reads in a Polyglot book, for the positions of a
file: one line per position, `FEN|C` (C: 1 for Chess960), each answered by one line of the
position's raw entries (`key raw_move weight learn` for every entry of its key) and one line
of its book moves (`uci weight learn` for every entry whose move is legal, in book order).

    python3 polyglot_entries.py BOOK POSITIONS
"""

import sys

import chess
import chess.polyglot


def main(book_path, positions_path):
    with chess.polyglot.open_reader(book_path) as book, open(positions_path) as positions:
        for line in positions:
            fen, chess960 = line.rstrip("\n").split("|")
            board = chess.Board(fen, chess960=chess960 == "1")
            key = chess.polyglot.zobrist_hash(board)
            raw = [
                f"{e.key} {e.raw_move} {e.weight} {e.learn}"
                for e in book.find_all(key, minimum_weight=0)
            ]
            moves = [
                f"{board.uci(e.move, chess960=board.chess960)} {e.weight} {e.learn}"
                for e in book.find_all(board, minimum_weight=0)
            ]
            print(";".join(raw))
            print(";".join(moves))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
