"""Reads PGN files with python-chess and prints, game by game, what it makes of them: the
oracle of reading variant games (the `Variant` tag chooses the board).

    python3 pgn_variant_games.py FILE...

One line per game:

    UCI_VARIANT|MOVES|FEN|RESULT|OUTCOME|SANS

UCI_VARIANT is the board's uci_variant; MOVES the mainline in UCI (drops `N@f3`), separated
by spaces; FEN the final board.fen(); RESULT the Result tag; OUTCOME board.outcome()'s
result() (`-` when the board does not end the game); SANS the mainline in SAN as
python-chess writes it, separated by spaces.
"""

import sys

import chess
import chess.pgn


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8-sig") as handle:
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                if game.errors:
                    raise SystemExit(f"{path}: {game.errors}")
                board = game.board()
                moves, sans = [], []
                for move in game.mainline_moves():
                    moves.append(move.uci())
                    sans.append(board.san(move))
                    board.push(move)
                outcome = board.outcome()
                print(
                    "|".join(
                        [
                            type(board).uci_variant,
                            " ".join(moves),
                            board.fen(),
                            game.headers.get("Result", "*"),
                            outcome.result() if outcome else "-",
                            " ".join(sans),
                        ]
                    )
                )


if __name__ == "__main__":
    main()
