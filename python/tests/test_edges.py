"""The package at its edges: Ctrl-C stops long calls quickly, numbers out of range are
ValueErrors that name the argument, and the writer's errors say what would work."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import kingside
from support import data_file

LICHESS = "pgn-reader/benches/lichess_db_1000k.pgn"


def interrupted_within(code: str, *args, wait: float = 1.0) -> float:
    """Runs `code` in a child that prints "go" before its long call and exits 3 on
    KeyboardInterrupt, printing the time it caught it; sends SIGINT `wait` seconds after "go";
    returns the seconds from the signal to the catch (Linux's monotonic clock is one for all
    processes)."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "go", child.stderr.read()
    time.sleep(wait)
    start = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 3, (out, err)
    return float(out.split()[-1]) - start


def test_ctrl_c_stops_perft():
    elapsed = interrupted_within(
        """
        import sys, time, kingside
        board = kingside.Board()
        print("go", flush=True)
        try:
            board.perft(8)
        except KeyboardInterrupt:
            print(time.monotonic(), flush=True)
            sys.exit(3)
        """
    )
    print(f"perft(8) stopped {elapsed * 1000:.0f} ms after SIGINT")
    assert elapsed < 0.1


def test_ctrl_c_stops_perft_of_a_position_no_game_reaches():
    elapsed = interrupted_within(
        """
        import sys, time, kingside
        # No black king: perft goes the lenient way.
        board = kingside.Board("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
        print("go", flush=True)
        try:
            board.perft(7)
        except KeyboardInterrupt:
            print(time.monotonic(), flush=True)
            sys.exit(3)
        """
    )
    assert elapsed < 0.1


def test_ctrl_c_stops_analyse():
    elapsed = interrupted_within(
        """
        import sys, time, kingside
        print("go", flush=True)
        try:
            kingside.analyse(kingside.Board(), time=60)
        except KeyboardInterrupt:
            print(time.monotonic(), flush=True)
            sys.exit(3)
        """
    )
    print(f"analyse stopped {elapsed * 1000:.0f} ms after SIGINT")
    assert elapsed < 0.1


def test_ctrl_c_stops_position_arrays(tmp_path):
    big = tmp_path / "big.pgn"
    text = data_file(LICHESS).read_bytes()
    with big.open("wb") as out:
        for _ in range(60):
            out.write(text)
            out.write(b"\n")
    elapsed = interrupted_within(
        """
        import sys, time, kingside
        print("go", flush=True)
        try:
            kingside.position_arrays(sys.argv[1], threads=1)
        except KeyboardInterrupt:
            print(time.monotonic(), flush=True)
            sys.exit(3)
        """,
        big,
        wait=0.5,
    )
    print(f"position_arrays stopped {elapsed * 1000:.0f} ms after SIGINT")
    assert elapsed < 0.1


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: kingside.Board().perft(-1), "depth"),
        (lambda: kingside.Board().piece_at(-1), "square"),
        (lambda: kingside.Board().attackers(kingside.WHITE, 64), "square"),
        (lambda: kingside.Move(0, -5), "to_square"),
        (lambda: kingside.analyse(kingside.Board(), depth=1, threads=-1), "threads"),
        (lambda: kingside.analyse(kingside.Board(), depth=0), "depth"),
        (lambda: kingside.analyse(kingside.Board(), nodes=-3), "nodes"),
        (lambda: kingside.read_games(b"1. e4 *", threads=-1), "threads"),
        (lambda: kingside.read_games(b"1. e4 *", batch_rows=0), "batch_rows"),
        (lambda: kingside.position_arrays(b"1. e4 *", threads=-1), "threads"),
        (lambda: kingside.plan(b"1. e4 *", -8), "part_size"),
    ],
)
def test_numbers_out_of_range_are_value_errors_naming_the_argument(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_write_parquet_errors_say_what_would_work(tmp_path):
    pgn = tmp_path / "a.pgn"
    pgn.write_bytes(b"1. e4 e5 *\n")
    # The output is an input: no force makes that work, so force is not suggested.
    for force in (False, True):
        with pytest.raises(ValueError, match="the output is also an input; write to another file") as error:
            kingside.write_parquet(pgn, pgn, force=force)
        assert "force" not in str(error.value)
    # Under another name: a hard link is the same file (device and inode, as the program
    # judges it; issue 100: the package compared canonical paths, which differ).
    hard = tmp_path / "hard.pgn"
    os.link(pgn, hard)
    with pytest.raises(ValueError, match="the output is also an input"):
        kingside.write_parquet(pgn, hard, force=True)
    assert pgn.read_bytes() == hard.read_bytes() == b"1. e4 e5 *\n"
    # A directory: name a file in it.
    with pytest.raises(IsADirectoryError, match=r"is a directory; name a file in it, like .*games\.parquet"):
        kingside.write_parquet(pgn, tmp_path, force=True)
    # An existing file: force replaces it.
    out = tmp_path / "out.parquet"
    kingside.write_parquet(pgn, out)
    with pytest.raises(FileExistsError, match="force=True replaces it"):
        kingside.write_parquet(pgn, out)
    assert kingside.write_parquet(pgn, out, force=True)["games"] == 1


def test_a_column_an_option_adds_names_the_option():
    with pytest.raises(ValueError, match="san=True adds it"):
        kingside.read_games(b"1. e4 *", columns=["moves_san"])
    with pytest.raises(ValueError, match="packed=True adds it"):
        kingside.read_games(b"1. e4 *", columns=["packed"])
    table = kingside.read_games(b"1. e4 *", columns=["moves_san"], san=True).read_all()
    assert table.column("moves_san").to_pylist() == [["e4"]]


def test_a_board_with_a_200_move_stack_is_under_10_kilobytes():
    # In a child: 2 000 boards, each 200 plies deep, and the growth of the process's
    # resident memory per board (what Python and Rust allocate together).
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                """
                import random, sys, kingside

                def rss_kb():
                    return int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0])

                def game(seed):
                    rng = random.Random(seed)
                    board = kingside.Board()
                    while board.ply() < 200:
                        moves = list(board.legal_moves)
                        if not moves:
                            board = kingside.Board()
                            continue
                        board.push(rng.choice(moves))
                    return board

                game(0)
                before = rss_kb()
                boards = [game(i) for i in range(2000)]
                after = rss_kb()
                assert all(len(b.move_stack) >= 1 for b in boards)
                print((after - before) * 1024 / len(boards), sys.getsizeof(boards[0]))
                """
            ),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stderr
    per_board, sizeof = map(float, child.stdout.split())
    print(f"{per_board:.0f} bytes of resident memory a board, sys.getsizeof {sizeof:.0f}")
    assert per_board < 10_000
    assert sizeof < 10_000


def test_an_empty_tables_directory_is_said_at_open_time(tmp_path):
    (tmp_path / "README").write_text("not a table")
    with pytest.warns(UserWarning, match="no Syzygy table file") as caught:
        tables = kingside.syzygy.open_tablebase(str(tmp_path))
    # The warning points at the caller, not at the package.
    assert caught[0].filename == __file__
    # As python-chess, the tablebase still opens; every probe then names the missing table.
    with pytest.raises(kingside.syzygy.MissingTableError, match="KQvK"):
        tables.probe_wdl(kingside.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1"))
    # A directory with a table opens without a word.
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kingside.syzygy.open_tablebase(data_file("python-chess/data/syzygy/regular"))


def test_reading_games_one_at_a_time_holds_one_game_in_memory(tmp_path):
    """read_game over 40 MB of Lichess games, each dropped when the next is read: the peak
    memory after the first megabytes does not grow with the file (python/bench/
    bench_pgn_memory.py measures a gigabyte)."""
    sample = data_file(LICHESS).read_bytes().rstrip(b"\n") + b"\n\n"
    path = tmp_path / "big.pgn"
    path.write_bytes(sample * 40)
    code = """
        import resource, sys
        import kingside.pgn

        def peak():
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

        games = 0
        with open(sys.argv[1], encoding="utf-8") as handle:
            while (game := kingside.pgn.read_game(handle)) is not None:
                games += 1
                for node in game.mainline():
                    node.clock(), node.eval()
                if games == 1000:
                    early = peak()
        print(games, early, peak())
    """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    games, early, late = result.stdout.split()
    assert int(games) == 40 * 438
    assert float(late) - float(early) < 20, result.stdout


def test_import_kingside_as_chess_starts_neither_numpy_nor_pyarrow():
    """A script switched from python-chess pays its import, not NumPy's and pyarrow's (and
    no BLAS threads spin beside it); they load when an array or Arrow function is called."""
    code = """
        import sys
        import kingside as chess
        import kingside.pgn, kingside.polyglot, kingside.syzygy, kingside.engine, kingside.svg
        assert "numpy" not in sys.modules and "pyarrow" not in sys.modules, sorted(sys.modules)
        chess.bitboards([chess.Board()])
        assert "numpy" in sys.modules
        chess.read_games(b"1. e4 *").read_all()
        assert "pyarrow" in sys.modules
    """
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
