#!/usr/bin/env python3
"""Plays our engine against Stockfish at a limited strength and estimates the Elo difference.

    python3 xtask/match.py [--engine CMD] [--stockfish PATH] [--elo N] [--tc BASE+INC]
                           [--games N] [--first-game N] [--openings FILE] [--pgn FILE]

The engine command defaults to `cargo run --release -q -p chess-engine --example uci`.
Stockfish plays with UCI_LimitStrength=true and UCI_Elo=N. Games start from the short,
balanced opening lines of xtask/openings.txt, each played twice with colours swapped (game n
plays line (n - 1) // 2, ours with white when n is odd, so a match can be split or resumed with
--first-game), on a real clock: each side's time
is charged the wall time from sending `go` to receiving `bestmove`, plus the increment, and a
side whose clock falls below zero loses (draws if the opponent cannot mate).

Needs python-chess (`pip install chess`). Prints each result as it comes, then wins, draws
and losses from our engine's point of view, the score, and the Elo difference with its 95%
confidence margin.
"""

import argparse
import math
import os
import shlex
import subprocess
import sys
import time

import chess
import chess.engine
import chess.pgn

DEFAULT_ENGINE = "cargo run --release -q -p chess-engine --example uci"
DEFAULT_STOCKFISH = "/usr/games/stockfish"

OPENINGS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.txt")


def load_openings(path):
    """[(name, [uci moves])] from a file of "name: SAN moves" lines."""
    openings = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, moves = line.partition(":")
            board = chess.Board()
            try:
                for san in moves.split():
                    board.push_san(san)
            except ValueError as error:
                raise SystemExit(f"{path}:{number}: {error}")
            openings.append((name.strip(), [m.uci() for m in board.move_stack]))
    return openings


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
    for uci in opening:
        board.push_uci(uci)
    clocks = [base, base]
    marker = object()  # a new object per game: python-chess sends ucinewgame
    termination = None
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        side = 0 if board.turn == chess.WHITE else 1
        limit = chess.engine.Limit(white_clock=max(clocks[0], 0.001), black_clock=max(clocks[1], 0.001),
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit, game=marker)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            termination = f"{names[side]} failed: {error}"
            break
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
        if termination.endswith("on time") and board.has_insufficient_material(winner_color):
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


def start_engines(command, args):
    ours = chess.engine.SimpleEngine.popen_uci(command, timeout=60)
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=60)
    ours.configure({"Hash": args.hash})
    stockfish.configure({"Hash": args.hash, "Threads": 1,
                         "UCI_LimitStrength": True, "UCI_Elo": args.elo})
    return ours, stockfish


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=DEFAULT_ENGINE, help="our engine's UCI command")
    parser.add_argument("--stockfish", default=DEFAULT_STOCKFISH, help="Stockfish binary")
    parser.add_argument("--elo", type=int, default=2000, help="Stockfish's UCI_Elo")
    parser.add_argument("--tc", default="10+0.1", help="time control, seconds: BASE+INC")
    parser.add_argument("--games", type=int, help="number of games (default: each opening twice)")
    parser.add_argument("--first-game", type=int, default=1,
                        help="number of the first game, to resume or split a match (default 1)")
    parser.add_argument("--openings", default=OPENINGS_FILE, help="file of opening lines")
    parser.add_argument("--hash", type=int, default=16, help="hash size (MB) for both engines")
    parser.add_argument("--pgn", help="append the games to this PGN file")
    args = parser.parse_args()
    tc = parse_tc(args.tc)
    openings = load_openings(args.openings)
    games = args.games if args.games is not None else 2 * len(openings)

    command = shlex.split(args.engine)
    if args.engine == DEFAULT_ENGINE:
        # Build first, so that compiling does not count against the handshake timeout.
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-engine", "--example", "uci"],
                       check=True)
    ours, stockfish = start_engines(command, args)
    our_name = ours.id.get("name", "ours")
    their_name = f"{stockfish.id.get('name', 'Stockfish')} (Elo {args.elo})"
    print(f"{our_name} vs {their_name}, games {args.first_game} to {args.first_game + games - 1} "
          f"at {args.tc}, {len(openings)} openings", flush=True)

    wins = draws = losses = 0
    pgn = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    try:
        for number in range(args.first_game, args.first_game + games):
            # Game n (from 1) plays opening (n - 1) // 2, ours with white when n is odd.
            opening_name, opening = openings[((number - 1) // 2) % len(openings)]
            we_are_white = number % 2 == 1
            engines = [ours, stockfish] if we_are_white else [stockfish, ours]
            names = [our_name, their_name] if we_are_white else [their_name, our_name]
            result, termination, game = play_game(engines, names, opening, tc, number)
            game.headers["Opening"] = opening_name
            if result == "1/2-1/2":
                draws += 1
            elif (result == "1-0") == we_are_white:
                wins += 1
            else:
                losses += 1
            colour = "white" if we_are_white else "black"
            print(f"game {number:3}: {opening_name:34} ours {colour:5}  {result:7} {termination}"
                  f"   (+{wins} ={draws} -{losses})", flush=True)
            if pgn:
                print(game, file=pgn, end="\n\n", flush=True)
            if "failed" in termination:
                # A crashed or confused engine: start both afresh for the next game.
                for engine in (ours, stockfish):
                    try:
                        engine.quit()
                    except Exception:
                        pass
                ours, stockfish = start_engines(command, args)
    finally:
        if pgn:
            pgn.close()
        for engine in (ours, stockfish):
            try:
                engine.quit()
            except Exception:
                pass

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
