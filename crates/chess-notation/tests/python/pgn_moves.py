"""The mainline of each game of a PGN file as python-chess reads it: one line per game, the
moves in UCI separated by spaces (an empty line for a game without moves)."""

import sys

import chess.pgn

with open(sys.argv[1], encoding="utf-8") as pgn:
    while (game := chess.pgn.read_game(pgn)) is not None:
        print(" ".join(move.uci() for move in game.mainline_moves()))
