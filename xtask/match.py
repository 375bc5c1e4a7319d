#!/usr/bin/env python3
"""Plays our engine against Stockfish at a limited strength and estimates the Elo difference.

    python3 xtask/match.py [--engine CMD] [--stockfish PATH] [--elo N] [--tc BASE+INC]
                           [--games N] [--pgn FILE]

The engine command defaults to `cargo run --release -q -p chess-engine --example uci`.
Stockfish plays with UCI_LimitStrength=true and UCI_Elo=N. Games start from a list of short
balanced openings, each played twice with colours swapped, on a real clock: each side's time
is charged the wall time from sending `go` to receiving `bestmove`, plus the increment, and a
side whose clock falls below zero loses (draws if the opponent cannot mate).

Needs python-chess (`pip install chess`). Prints each result as it comes, then wins, draws
and losses from our engine's point of view, the score, and the Elo difference with its 95%
confidence margin.
"""

import argparse
import math
import shlex
import subprocess
import sys
import time

import chess
import chess.engine
import chess.pgn

DEFAULT_ENGINE = "cargo run --release -q -p chess-engine --example uci"
DEFAULT_STOCKFISH = "/usr/games/stockfish"

# Short, balanced opening lines (UCI moves), each played with both colours.
OPENINGS = [
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Sicilian, Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5"),
    ("French", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("Caro-Kann", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"),
    ("Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    ("Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    ("Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("Grunfeld", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    ("English", "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5"),
    ("Reti", "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6"),
    ("London", "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6"),
]

MAX_PLIES = 400


def parse_tc(text):
    """'10+0.1' -> (10.0, 0.1) seconds."""
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def elo_from_score(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def elo_estimate(wins, draws, losses):
    """The Elo difference and the half-width of its 95% confidence interval."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, math.inf
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    stderr = math.sqrt(variance / n)
    low = elo_from_score(score - 1.96 * stderr)
    high = elo_from_score(score + 1.96 * stderr)
    return elo_from_score(score), (high - low) / 2


def play_game(engines, names, opening, tc, game_number):
    """Plays one game; engines[0] has white. Returns (result, termination, pgn game)."""
    base, inc = tc
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = [base, base]
    marker = object()  # a new object per game: python-chess sends ucinewgame
    termination = None
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        side = 0 if board.turn == chess.WHITE else 1
        limit = chess.engine.Limit(white_clock=max(clocks[0], 0.001), black_clock=max(clocks[1], 0.001),
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        result = engines[side].play(board, limit, game=marker)
        clocks[side] -= time.monotonic() - start
        if clocks[side] < 0:
            termination = f"{names[side]} lost on time"
            break
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            termination = f"{names[side]} played an illegal move: {result.move}"
            clocks[side] = -1
            break
        board.push(result.move)

    if termination is not None:
        loser = 0 if board.turn == chess.WHITE else 1
        winner_color = chess.BLACK if loser == 0 else chess.WHITE
        if "time" in termination and not board.has_sufficient_material(winner_color):
            result = "1/2-1/2"
        else:
            result = "0-1" if loser == 0 else "1-0"
    elif board.is_game_over(claim_draw=True):
        outcome = board.outcome(claim_draw=True)
        result = outcome.result()
        termination = outcome.termination.name.lower().replace("_", " ")
    else:
        result = "1/2-1/2"
        termination = f"adjudicated after {MAX_PLIES} plies"

    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = "chess-engine match"
    game.headers["Round"] = str(game_number)
    game.headers["White"] = names[0]
    game.headers["Black"] = names[1]
    game.headers["Result"] = result
    game.headers["Termination"] = termination
    game.headers["TimeControl"] = f"{base:g}+{inc:g}"
    return result, termination, game


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=DEFAULT_ENGINE, help="our engine's UCI command")
    parser.add_argument("--stockfish", default=DEFAULT_STOCKFISH, help="Stockfish binary")
    parser.add_argument("--elo", type=int, default=2000, help="Stockfish's UCI_Elo")
    parser.add_argument("--tc", default="10+0.1", help="time control, seconds: BASE+INC")
    parser.add_argument("--games", type=int, default=2 * len(OPENINGS), help="number of games")
    parser.add_argument("--hash", type=int, default=16, help="hash size (MB) for both engines")
    parser.add_argument("--pgn", help="write the games to this PGN file")
    args = parser.parse_args()
    tc = parse_tc(args.tc)

    command = shlex.split(args.engine)
    if args.engine == DEFAULT_ENGINE:
        # Build first, so that compiling does not count against the handshake timeout.
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-engine", "--example", "uci"],
                       check=True)
    ours = chess.engine.SimpleEngine.popen_uci(command, timeout=60)
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=60)
    try:
        ours.configure({"Hash": args.hash})
        stockfish.configure({"Hash": args.hash, "Threads": 1,
                             "UCI_LimitStrength": True, "UCI_Elo": args.elo})
        our_name = ours.id.get("name", "ours")
        their_name = f"{stockfish.id.get('name', 'Stockfish')} (Elo {args.elo})"
        print(f"{our_name} vs {their_name}, {args.games} games at {args.tc}")

        wins = draws = losses = 0
        pgn = open(args.pgn, "w") if args.pgn else None
        for i in range(args.games):
            opening_name, opening = OPENINGS[(i // 2) % len(OPENINGS)]
            we_are_white = i % 2 == 0
            engines = [ours, stockfish] if we_are_white else [stockfish, ours]
            names = [our_name, their_name] if we_are_white else [their_name, our_name]
            result, termination, game = play_game(engines, names, opening, tc, i + 1)
            game.headers["Opening"] = opening_name
            if result == "1/2-1/2":
                draws += 1
            elif (result == "1-0") == we_are_white:
                wins += 1
            else:
                losses += 1
            colour = "white" if we_are_white else "black"
            print(f"game {i + 1:3}: {opening_name:24} ours {colour:5}  {result:7} {termination}"
                  f"   (+{wins} ={draws} -{losses})", flush=True)
            if pgn:
                print(game, file=pgn, end="\n\n", flush=True)
        if pgn:
            pgn.close()
    finally:
        ours.quit()
        stockfish.quit()

    n = wins + draws + losses
    score = (wins + draws / 2) / n if n else 0
    elo, margin = elo_estimate(wins, draws, losses)
    print()
    print(f"W/D/L: {wins}/{draws}/{losses}")
    print(f"score: {wins + draws / 2:g}/{n} ({100 * score:.1f}%)")
    print(f"elo difference: {elo:+.0f} +/- {margin:.0f} (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
