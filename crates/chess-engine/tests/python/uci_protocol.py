#!/usr/bin/env python3
"""Drives a UCI engine with python-chess (PyPI package `chess`) through games and analyses;
exits non-zero on any protocol error, illegal move or unexpected answer.

    python3 uci_protocol.py ENGINE [ARG...]

python-chess checks the protocol itself: it raises on malformed or out-of-order answers,
illegal best moves and engines that stop answering.

Two games (standard chess on a node limit, Chess960 on a depth limit) are played to their
natural end: checkmate, stalemate, or a draw by rule as python-chess sees it
(`board.is_game_over(claim_draw=True)`: repetition, the 50-move rule, insufficient material).
Their ply limit is only a safety net: reaching it fails the run. The other games exercise
clocks, pondering and strength levels and stop after a few moves.
"""

import sys

import chess
import chess.engine

# Far beyond what the finished games take (under 300 plies), yet small enough to fail fast if a
# game never ends (an engine that shuffles and a draw rule that is not recognised).
SAFETY_PLIES = 1000


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def play_game(engine, board, limit, ponder=False, plies=SAFETY_PLIES, **options):
    """Plays the engine against itself from `board` for at most `plies` plies, checking every
    move."""
    while not board.is_game_over(claim_draw=True) and board.ply() < plies:
        result = engine.play(board, limit, ponder=ponder, info=chess.engine.INFO_ALL, options=options)
        check(result.move is not None, f"no move in {board.fen()}")
        check(result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}")
        if result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            check(result.ponder in after.legal_moves, f"illegal ponder move {result.ponder}")
        board.push(result.move)
    return board


def play_to_the_end(engine, board, limit, **options):
    """Plays the engine against itself from `board` until the game is over, and checks that the
    engine sees a checkmate or a stalemate that ended it; returns the outcome."""
    board = play_game(engine, board, limit, **options)
    outcome = board.outcome(claim_draw=True)
    check(outcome is not None,
          f"no result after {board.ply()} plies (safety limit {SAFETY_PLIES}): {board.fen()}")
    if outcome.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE):
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        expected = (chess.engine.Mate(0) if outcome.termination == chess.Termination.CHECKMATE
                    else chess.engine.Cp(0))
        check(info["score"].relative == expected,
              f"{outcome.termination.name} scored {info['score']} in {board.fen()}")
        result = engine.play(board, limit)
        check(result.move is None, f"a move {result.move} after {outcome.termination.name}")
    return board, outcome


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    command = sys.argv[1:]
    with chess.engine.SimpleEngine.popen_uci(command, timeout=10) as engine:
        name = engine.id.get("name", "")
        check(name, "no id name")
        for option in ("Hash", "Threads", "MultiPV", "Skill Level", "UCI_Chess960"):
            check(option in engine.options, f"option {option} missing")
        engine.configure({"Hash": 16})
        engine.ping()

        # Games: two to their end (node and depth limits, standard and Chess960), then short
        # ones on fixed move times, on a clock with pondering, and at a weak level.
        board, outcome = play_to_the_end(engine, chess.Board(), chess.engine.Limit(nodes=3000))
        print(f"game 1 (nodes): {board.ply()} plies, {outcome.result()} by "
              f"{outcome.termination.name}")
        board, outcome = play_to_the_end(engine, chess.Board.from_chess960_pos(123),
                                         chess.engine.Limit(depth=4))
        print(f"game 2 (chess960, depth): {board.ply()} plies, {outcome.result()} by "
              f"{outcome.termination.name}")
        board = play_game(engine, chess.Board(), chess.engine.Limit(time=0.02), plies=40)
        print(f"game 3 (move time): {board.ply()} plies")
        clock = chess.engine.Limit(white_clock=2, black_clock=2, white_inc=0.02, black_inc=0.02)
        board = play_game(engine, chess.Board(), clock, ponder=True, plies=40)
        print(f"game 4 (clock, ponder): {board.ply()} plies")
        board = play_game(engine, chess.Board(), chess.engine.Limit(nodes=3000), plies=40,
                          **{"Skill Level": 2})
        print(f"game 5 (skill level 2): {board.ply()} plies")

        # Analyses: depth with several lines, a mate, a node limit, and an infinite one.
        infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=8), multipv=3)
        check(len(infos) == 3, f"expected 3 lines, got {len(infos)}")
        firsts = set()
        for info in infos:
            check(info.get("depth") == 8, f"depth {info.get('depth')}")
            check("score" in info and "pv" in info and "nodes" in info, f"fields missing: {info}")
            firsts.add(info["pv"][0])
        check(len(firsts) == 3, "multipv lines must start with different moves")

        mate = chess.Board("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(mate=2))
        check(info["score"].white().mate() == 2, f"expected mate in 2, got {info['score']}")

        info = engine.analyse(chess.Board(), chess.engine.Limit(nodes=5000))
        check(info.get("nodes", 0) <= 6000, f"node limit ignored: {info.get('nodes')}")

        with engine.analysis(chess.Board()) as analysis:
            depths = 0
            for info in analysis:
                if "depth" in info and "pv" in info:
                    depths += 1
                if depths >= 5:
                    break
        check(depths >= 5, "infinite analysis reported fewer than 5 depths")
        engine.ping()
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
