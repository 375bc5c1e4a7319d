"""kingside.pgn against python-chess's chess.pgn (the oracle), on the PGN files of the fetched
test data (python-chess's own, and pgn-reader's Lichess and TWIC samples) and on generated
text: the same games (tags, moves, comments, NAGs, variations, errors), the same exporter
output character for character, the same comment commands read and written, the same calls
to a visitor, the handle left at the same place."""

from __future__ import annotations

import copy
import doctest
import io
import logging
import pickle
import random
from pathlib import Path

import pytest

import kingside
import kingside.engine
import kingside.pgn
from support import ROOT, data_dir, data_file

PGN_FILES = [
    "python-chess/data/pgn/anastasian-lewis.pgn",
    "python-chess/data/pgn/chessbase-empty-line.pgn",
    "python-chess/data/pgn/cutechess-fischerrandom.pgn",
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/molinari-bordais-1979.pgn",
    "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
    "python-chess/data/pgn/stockfish-learning.pgn",
    "python-chess/data/pgn/uci-moves.pgn",
    "python-chess/data/pgn/utf8-bom.pgn",
    "python-chess/data/pgn/antichess-programfox.pgn",
    "python-chess/data/pgn/knightvuillaume-jannlee-zh-lichess.pgn",
    "python-chess/data/pgn/saturs-jannlee-zh-lichess.pgn",
    "pgn-reader/benches/lichess_db_100k.pgn",
    "pgn-reader/benches/twic1599_100k.pgn",
]


@pytest.fixture(autouse=True)
def quiet_logs():
    """Both readers log the errors of bad games: kept out of the test output."""
    logging.disable(logging.ERROR)
    yield
    logging.disable(logging.NOTSET)


def score_text(score) -> object:
    return None if score is None else repr(score)


def arrows(node) -> list:
    try:
        return [arrow.pgn() for arrow in node.arrows()]
    except ValueError as error:
        return ["error", type(error).__name__]


def node_facts(node) -> tuple:
    """What is compared of a node: move, SAN, comments, NAGs and the comment's commands."""
    return (
        None if node.move is None else node.move.uci(),
        node.san() if node.parent is not None else None,
        node.comment,
        node.starting_comment,
        sorted(node.nags),
        node.clock(),
        node.emt(),
        score_text(node.eval()),
        node.eval_depth(),
        arrows(node),
        node.ply(),
        node.is_mainline(),
        node.starts_variation(),
    )


def tree_facts(game) -> list:
    """Every node of the tree in PGN order (depth first, main continuation first)."""
    out = []
    stack = [(game, 0)]
    while stack:
        node, depth = stack.pop()
        out.append((depth, node_facts(node)))
        for child in reversed(node.variations):
            stack.append((child, depth + 1))
    return out


def game_facts(game) -> dict:
    return {
        "headers": list(game.headers.items()),
        "errors": [type(e).__name__ for e in game.errors],
        "tree": tree_facts(game),
        "board": game.board().fen(),
        "end": game.end().board().fen(),
        "time_control": repr(game.time_control()) if "TimeControl" in game.headers else None,
    }


EXPORTS = [
    {},
    {"columns": None},
    {"columns": 7},
    {"headers": False, "variations": False},
    {"comments": False},
    {"variations": False, "comments": False, "headers": False},
]


def exports(module, game) -> list:
    return [game.accept(module.StringExporter(**options)) for options in EXPORTS] + [
        str(game),
        str(game.mainline_moves()),
        repr(game.mainline_moves()).split(" (", 1)[1],
    ]


def read_all(module, text: str) -> list:
    handle = io.StringIO(text)
    games = []
    while True:
        game = module.read_game(handle)
        if game is None:
            return games
        games.append((game, handle.tell()))


@pytest.mark.parametrize("relative", PGN_FILES)
def test_games_of_the_test_files_read_and_export_as_python_chess(chess, relative):
    text = data_file(relative).read_text(encoding="utf-8")
    ours = read_all(kingside.pgn, text)
    theirs = read_all(chess.pgn, text)
    assert len(ours) == len(theirs)
    compared = 0
    for (mine, my_tell), (oracle, their_tell) in zip(ours, theirs):
        # The handle stands where python-chess leaves it.
        assert my_tell == their_tell
        # Games of python-chess's chess.variant too, on kingside.variant's boards.
        assert type(mine.board()).__name__ == type(oracle.board()).__name__
        assert [type(e).__name__ for e in mine.errors] == [type(e).__name__ for e in oracle.errors]
        assert game_facts(mine) == game_facts(oracle)
        assert exports(kingside.pgn, mine) == exports(chess.pgn, oracle)
        compared += 1
    assert compared > 0


def assert_read_as_python_chess(chess, text: str) -> list:
    """Every game of `text` read by both: the same boards, errors, trees and exports (the
    games are returned)."""
    ours = read_all(kingside.pgn, text)
    theirs = read_all(chess.pgn, text)
    assert len(ours) == len(theirs)
    for (mine, my_tell), (oracle, their_tell) in zip(ours, theirs):
        assert my_tell == their_tell
        assert type(mine.board()).__name__ == type(oracle.board()).__name__
        assert type(mine.end().board()).__name__ == type(oracle.end().board()).__name__
        assert [type(e).__name__ for e in mine.errors] == [type(e).__name__ for e in oracle.errors]
        assert game_facts(mine) == game_facts(oracle)
        assert exports(kingside.pgn, mine) == exports(chess.pgn, oracle)
    return [game for game, _ in ours]


def test_the_projects_sample_of_each_variant_reads_as_python_chess_reads_it(chess):
    text = (ROOT / "crates/chess-testdata/data/lichess_variants_sample.pgn").read_text(encoding="utf-8")
    games = assert_read_as_python_chess(chess, text)
    assert len({type(game.board()).__name__ for game in games}) == 7


# Short games of each variant under its names and python-chess's aliases, with variations,
# comments, NAGs, and moves the variant does not allow (in the mainline and in variations).
VARIANT_MOVETEXTS = [
    ("Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. Nf3 @d5 *"),
    ("crazyhouse", "1. e4 d5 2. exd5 Qxd5 { a pawn in hand } 3. P@e4 $1 (3. Nc3 Qa5 4. P@d5) Qa5 (3... Qd8 4. Q@e1) *"),
    ("Crazy House", "1. e4 d5 2. N@f3 Nf6 3. exd5 *"),
    ("ZH", "1. e4 e5 (1... d5 2. Q@d3) 2. Nf3 *"),
    ("Atomic", "1. Nf3 d5 (1... f6 2. Ng5 $2 { loses } fxg5) 2. Ng5 e6 3. Nxf7# 1-0"),
    ("Atom", "1. e4 d5 2. exd5 Qxd5 3. Ke2 *"),
    ("Antichess", "1. e3 b5 2. Bxb5 c6 (2... Nf6 3. Bxd7 Bxd7) 3. Bxc6 Nxc6 4. Qh5 *"),
    ("Giveaway", "1. e3 b5 2. Bxb5 c6 3. Ba4 *"),
    ("Suicide", "1. e3 b5 2. Bxb5 Nf6 *"),
    ("King of the Hill", "1. e4 d5 2. exd5 Kd7 3. Ke2 Kd6 (3... c6 4. dxc6+) 4. Ke3 Kxd5# 0-1"),
    ("KOTH", "1. e4 e5 2. Ke2 Ke7 3. Ke3 Kd6 4. Kd4 Kc6 *"),
    ("Three-check", "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ (4. Qf3+ Ke8) Ke7 5. Qxe5# 1-0"),
    ("3check", "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qd5+ 1-0"),
    ("Horde", "1. d5 e6 2. dxe6 dxe6 (2... fxe6 3. Kd2) *"),
    ("Horde chess", "1. d5 e6 2. e4 *"),
    ("Racing Kings", "1. Kh3 Ka3 2. Kh4 Ka4 3. Kh5 Ka5 4. Kh6 Ka6 5. Kg7 Kb7 6. Kh8 Ka8 1/2-1/2"),
    ("Race", "1. Kh3 Ka3 2. Qh1 (2. Rxb2 Rxg2) *"),
]


def test_variant_games_read_as_python_chess_reads_them(chess):
    text = "".join(f'[Variant "{tag}"]\n\n{movetext}\n\n' for tag, movetext in VARIANT_MOVETEXTS)
    # A set-up of the variant too: Crazyhouse's pockets, Three-check's checks left.
    text += '[Variant "Crazyhouse"]\n[FEN "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R/Nn w KQkq - 0 4"]\n\n4. N@d5 N@f6 5. Nxf6+ Qxf6 6. N@e8 *\n\n'
    text += '[Variant "Three-check"]\n[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2"]\n\n2. Bc4 Nf6 3. Bxf7+ *\n'
    games = assert_read_as_python_chess(chess, text)
    # The illegal drop of a knight not in white's pocket is the game's error; the game is read
    # to its end, the next one after it.
    illegal = games[2]
    assert type(illegal.board()).__name__ == "CrazyhouseBoard"
    assert [type(e).__name__ for e in illegal.errors] == ["IllegalMoveError"] and "N@f3" in str(illegal.errors[0])
    assert str(illegal.mainline_moves()) == "1. e4 d5"
    # An illegal drop in a variation (python-chess's reader then goes on with the variation's
    # board: its errors are kept too).
    assert [node.san() for node in games[3].next().variations] == ["e5", "d5"]
    assert "Q@d3" in str(games[3].errors[0])
    # A variation of a variant game is played on the variant's board.
    queen_moved = games[1].next().next().next().next()
    drop = queen_moved.variations[1].next().next()
    assert drop.san() == "@d5" and drop.board().pockets[kingside.WHITE].count(kingside.PAWN) == 0
    assert len(games[1].errors) == 2 and drop.is_end()
    assert type(drop.board()).__name__ == "CrazyhouseBoard"


def test_a_variant_game_is_built_in_rust(monkeypatch):
    """The default builder's Python calls are not made for a variant game: Rust plays it."""

    def unused(*args):
        raise AssertionError("GameBuilder's Python calls are not made")

    for name in ("visit_move", "parse_san", "begin_variation", "visit_comment"):
        monkeypatch.setattr(kingside.pgn.GameBuilder, name, unused)
    text = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 { capture } (2. Nc3 dxe4 3. Nxe4 $2) Qxd5 3. P@e4 $1 Q@h8 *\n'
    game = kingside.pgn.read_game(io.StringIO(text))
    assert [node.san() for node in game.mainline()] == ["e4", "d5", "exd5", "Qxd5", "@e4"]
    assert game.next().next().next().comment == "capture" and len(game.next().next().variations) == 2
    assert type(game.end().board()).__name__ == "CrazyhouseBoard" and len(game.errors) == 1
    # A builder given (a GameBuilder of plain games) builds it the same way.
    again = kingside.pgn.read_game(io.StringIO(text), Visitor=lambda: kingside.pgn.GameBuilder())
    assert str(again) == str(game) and len(again.errors) == 1


def test_file_exporter_writes_what_python_chess_writes(chess):
    text = data_file("python-chess/data/pgn/kasparov-deep-blue-1997.pgn").read_text()
    outputs = []
    for module in (kingside.pgn, chess.pgn):
        out = io.StringIO()
        exporter = module.FileExporter(out, columns=60)
        handle = io.StringIO(text)
        counts = []
        while (game := module.read_game(handle)) is not None:
            counts.append(game.accept(exporter))
        outputs.append((out.getvalue(), counts))
    assert outputs[0] == outputs[1]


def test_a_reused_string_exporter_keeps_its_lines_as_python_chess_does(chess):
    text = "[Event \"A\"]\n\n1. e4 {x} e5 *\n\n1. d4 (1. c4) d5 1-0\n"
    results = []
    for module in (kingside.pgn, chess.pgn):
        exporter = module.StringExporter(headers=False, columns=12)
        handle = io.StringIO(text)
        while (game := module.read_game(handle)) is not None:
            game.accept(exporter)
            game.next().accept(exporter)
        results.append((str(exporter), exporter.lines, exporter.current_line, exporter.force_movenumber))
    assert results[0] == results[1]


def test_lichess_clocks_and_evals_match(chess):
    text = data_file("pgn-reader/benches/lichess_db_1000k.pgn").read_text()
    facts = []
    for module in (kingside.pgn, chess.pgn):
        handle = io.StringIO(text)
        out = []
        while (game := module.read_game(handle)) is not None:
            for node in game.mainline():
                out.append((node.move.uci(), node.clock(), score_text(node.eval()), node.eval_depth()))
        facts.append(out)
    assert facts[0] == facts[1]
    assert sum(1 for _, _, e, _ in facts[0] if e is not None) > 1000


def test_skip_game_and_read_headers_stop_where_python_chess_stops(chess):
    text = data_file("pgn-reader/benches/twic1599_100k.pgn").read_text()
    for name in ("skip_game", "read_headers"):
        trails = []
        for module in (kingside.pgn, chess.pgn):
            handle = io.StringIO(text)
            trail = []
            while True:
                found = getattr(module, name)(handle)
                if not found:
                    break
                trail.append((handle.tell(), dict(found) if name == "read_headers" else found))
            trails.append(trail)
        assert trails[0] == trails[1]


class Recorder:
    """A visitor recording every call with what it was given (boards by their FEN)."""

    def __init__(self, skip_variations=False):
        self.calls = []
        self.skip_variations = skip_variations

    def begin_game(self):
        self.calls.append(("begin_game",))

    def begin_headers(self):
        self.calls.append(("begin_headers",))

    def visit_header(self, name, value):
        self.calls.append(("header", name, value))

    def end_headers(self):
        self.calls.append(("end_headers",))

    def begin_parse_san(self, board, san):
        self.calls.append(("begin_parse_san", board.fen(), san))

    def visit_move(self, board, move):
        self.calls.append(("move", board.fen(), move.uci()))

    def visit_board(self, board):
        self.calls.append(("board", board.fen()))

    def visit_comment(self, comment):
        self.calls.append(("comment", comment))

    def visit_nag(self, nag):
        self.calls.append(("nag", nag))

    def begin_variation(self):
        self.calls.append(("begin_variation",))
        return "skip" if self.skip_variations else None

    def end_variation(self):
        self.calls.append(("end_variation",))

    def visit_result(self, result):
        self.calls.append(("result", result))

    def end_game(self):
        self.calls.append(("end_game",))

    def handle_error(self, error):
        self.calls.append(("error", type(error).__name__))

    def result(self):
        return self.calls


def recorder_class(module, skip_variations=False):
    def maybe_skip(self):
        Recorder.begin_variation(self)
        return module.SKIP if self.skip_variations else None

    def init(self):
        Recorder.__init__(self, skip_variations)

    members = {name: value for name, value in vars(Recorder).items() if callable(value)}
    members.update(__init__=init, begin_variation=maybe_skip)
    return type("Recorder", (module.BaseVisitor,), members)


@pytest.mark.parametrize("skip_variations", [False, True])
def test_a_visitor_gets_python_chess_calls_reading_and_walking(chess, skip_variations):
    texts = [
        data_file("python-chess/data/pgn/molinari-bordais-1979.pgn").read_text(),
        data_file("python-chess/data/pgn/nepomniachtchi-liren-game1.pgn").read_text(),
        "{ before } 1. e4 $1 { a } ( { start } 1. d4 ?! d5 ( 1... Nf6 2. c4 ) ) 1... e5 2. Qa1 Nf6 *\n",
        "1. e4 e5 ) ( 2. Nf3 ( 2. f4 exf4 ( 2... d5 ) ) Nc6 * 1-0 3. Bb5\n\n1. d4",
    ]
    for text in texts:
        traces = []
        for module in (kingside.pgn, chess.pgn):
            Visitor = recorder_class(module, skip_variations)
            handle = io.StringIO(text)
            reading = []
            while (calls := module.read_game(handle, Visitor=Visitor)) is not None:
                reading.append(calls)
            walking = []
            handle = io.StringIO(text)
            while (game := module.read_game(handle)) is not None:
                walking.append(game.accept(Visitor()))
                if game.variations:
                    walking.append(game.next().accept(Visitor()))
                    walking.append(game.mainline().accept(Visitor()))
            traces.append((reading, walking))
        assert traces[0] == traces[1]


TOKENS = [
    "1.", "2...", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "0-0-0", "d4", "exd5", "Qxd8+",
    "e8=Q", "b1Q", "--", "Z0", "P@e4", "N@f3", "(", ")", "{", "}", "{ a }", "{b}", ";", "%",
    "$1", "$", "$22", "!", "?", "!!", "?!", "!?", "*", "1-0", "0-1", "1/2-1/2", "1/2", "+-",
    "\n", "\n\n", " ", "[Event \"x\"]\n", "[Bad", "e2e4", "Ng1-f3", "xe4", "Ke2", "é", "[%clk 0:00:01]",
]


def test_generated_movetext_reads_as_python_chess_reads_it(chess):
    rng = random.Random(20240601)
    for _ in range(400):
        text = "".join(rng.choice(TOKENS) + rng.choice(["", " ", " ", "\n"]) for _ in range(rng.randint(1, 40)))
        results = []
        for module in (kingside.pgn, chess.pgn):
            handle = io.StringIO(text)
            games = []
            try:
                while (game := module.read_game(handle)) is not None:
                    games.append(
                        (
                            handle.tell(),
                            [type(e).__name__ for e in game.errors],
                            game.accept(module.StringExporter()),
                            tree_facts(game),
                        )
                    )
            except Exception as error:
                # python-chess's own failures (an unbalanced `)` after an illegal move empties
                # its builder's stack): the same exception at the same place.
                games.append((handle.tell(), type(error).__name__))
            results.append(games)
        assert results[0] == results[1], repr(text)


COMMENTS = [
    "[%clk 0:05:00]",
    " [%clk 1:2:3.]  tail",
    "[%clk 0:05]",
    "[%clk\u00a00:00:07] [%clk 0:00:08]",
    "[%clk 99999999999999999999999:00:00]",
    "[%emt 0:00:01.234] [%clk 0:00:09.5]",
    "[%eval 0.17]",
    "[%eval -.5,12]",
    "[%eval #-3]",
    "[%eval #0]",
    "[%eval 1.234] [%eval 2.675,0]",
    "[%eval 12345678901.1] [%eval 5.]",
    "[%eval #99999999999999999999999]",
    "Glück [%eval +0.30] [%clk 0:00:09]",
    "[%csl Ga1,Rh8][%cal Ya1h1,Bb2b8] x [%cal Gxx]",
    "[%cal Ga1h1,] [%csl Ra1]",
    "",
    "{ nested } [%eval ٣]",
]


def test_comment_commands_read_and_written_as_python_chess_does(chess):
    for comment in COMMENTS:
        for turn_moves in (0, 1):
            results = []
            for lib in (kingside, chess):
                module, engine = lib.pgn, lib.engine
                game = module.Game()
                node = game
                for uci in ["e2e4", "e7e5"][: turn_moves + 1]:
                    node = node.add_variation(lib.Move.from_uci(uci))
                node.comment = comment
                read = (node.clock(), node.emt(), score_text(node.eval()), node.eval_depth(), arrows(node))
                written = []
                for setter, value in (
                    ("set_clock", 12345.678),
                    ("set_clock", -5),
                    ("set_clock", None),
                    ("set_emt", 61.5),
                    ("set_emt", None),
                    ("set_eval", engine.PovScore(engine.Cp(-80), True)),
                    ("set_eval", engine.PovScore(engine.Mate(-2), False)),
                    ("set_eval", None),
                ):
                    node.comment = comment
                    getattr(node, setter)(value)
                    written.append(node.comment)
                node.comment = comment
                node.set_arrows([(0, 0), (0, 7)])
                written.append(node.comment)
                node.set_arrows([])
                written.append(node.comment)
                results.append((read, written))
            assert results[0] == results[1], comment


def test_trees_edited_by_hand_export_as_python_chess_does(chess):
    results = []
    for module, lib in ((kingside.pgn, kingside), (chess.pgn, chess)):
        game = module.Game()
        game.headers["Annotator"] = "me"
        game.comment = "start"
        e4 = game.add_variation(lib.Move.from_uci("e2e4"), comment="king pawn")
        d4 = game.add_variation(lib.Move.from_uci("d2d4"), starting_comment="queen pawn", nags=[1, 14])
        c4 = game.add_main_variation(lib.Move.from_uci("c2c4"))
        game.promote(d4)
        game.demote(c4)
        e4.add_line([lib.Move.from_uci(u) for u in ["e7e5", "g1f3", "b8c6"]], comment="end", nags=[3])
        e4.promote_to_main(e4.variations[0].move)
        game.remove_variation(d4)
        e4.next().set_clock(59.5)
        out = [game.accept(module.StringExporter(columns=30)), str(game), game.end().ply(), game.end().turn()]
        out.append([repr(n).split(" (", 1)[1] for n in game.mainline()])
        results.append(out)
    assert results[0] == results[1]


def test_the_nodes_of_a_read_game_keep_their_identity_and_attributes():
    game = kingside.pgn.read_game(io.StringIO("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"))
    first = game.next()
    assert first is game.next() is game.variations[0] is game[0]
    assert first.parent is game and game.end().parent.parent is first
    first.note = "kept"
    del first
    assert game.next().note == "kept"
    reply = game.next().variations[1]
    assert reply.starts_variation() and not reply.is_mainline()
    reply.comment = "the Sicilian"
    reply.nags.add(5)
    game.next().variations.reverse()
    assert game.next().next() is reply and reply.is_mainline()
    assert "1. e4 c5 $5 { the Sicilian } ( 1... e5 2. Nf3 ) 2. Nf3 *" in str(game)
    # A node held alone keeps its game alive.
    end = game.end()
    del game, reply
    assert end.game().headers["Result"] == "*" and end.board().fullmove_number == 2
    copied = copy.deepcopy(end.game())
    assert str(copied) == str(end.game()) and copied.next().note == "kept"
    assert str(pickle.loads(pickle.dumps(end.game()))) == str(end.game())


def test_subclassed_nodes_are_built_by_their_own_add_variation():
    class MyGameNode(kingside.pgn.GameNode):
        def add_variation(self, move, *, comment="", starting_comment="", nags=[]):
            return MyChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    class MyChildNode(kingside.pgn.ChildNode, MyGameNode):
        pass

    class MyGame(kingside.pgn.Game, MyGameNode):
        pass

    game = kingside.pgn.read_game(io.StringIO("1. e4 (1. d4 d5) e5 *"), Visitor=MyGame.builder)
    assert type(game) is MyGame
    assert all(type(node) is MyChildNode for node in game.mainline())
    assert type(game.variations[1].next()) is MyChildNode
    assert str(game.mainline_moves()) == "1. e4 e5"


def test_time_controls_parse_as_python_chess_parses_them(chess):
    for text in ["", "?", "-", "60", "60+1", "300+3", "40/7200:20/3600:900+30", "1800+30d",
                 "40/5400+30:1800+30", "300+a", "600:20/180", "abc", "40/abc", "0", "5400+1.5"]:
        results = []
        for module in (kingside.pgn, chess.pgn):
            try:
                results.append(repr(module.parse_time_control(text)))
            except ValueError as error:
                results.append(("ValueError", str(error) if "sudden" in str(error) else ""))
        assert results[0] == results[1], text


def test_headers_behave_as_python_chess_headers(chess):
    results = []
    for module in (kingside.pgn, chess.pgn):
        headers = module.Headers(White="A", Annotator="B")
        headers["Event"] = "E"
        del headers["Site"]
        out = [list(headers.items()), repr(headers), len(headers), "Site" in headers, headers.copy() == headers]
        for name, value in (("~", "x"), ("Ok", "a\nb"), ("Equals=", "fine")):
            try:
                headers[name] = value
                out.append("set")
            except ValueError:
                out.append("ValueError")
        headers["Variant"] = "wild/1"
        out.append((headers.is_wild(), headers.is_chess960()))
        headers["Variant"] = "Fischerandom"
        out.append((headers.is_wild(), headers.is_chess960()))
        results.append(out)
    assert results[0] == results[1]


def test_a_bad_game_is_reported_and_reading_goes_on():
    text = '[FEN "not a fen"]\n\n1. e4 e5\n\n1. e4 Qxe7 e5 2. Nf3\n\n1. d4 *\n'
    handle = io.StringIO(text)
    bad_fen = kingside.pgn.read_game(handle)
    illegal = kingside.pgn.read_game(handle)
    fine = kingside.pgn.read_game(handle)
    assert isinstance(bad_fen.errors[0], ValueError) and not bad_fen.variations
    assert isinstance(illegal.errors[0], kingside.IllegalMoveError)
    assert "Qxe7" in str(illegal.errors[0]) and "rnbqkbnr/pppp1ppp" not in str(illegal.errors[0])
    assert str(illegal.mainline_moves()) == "1. e4" and fine.next().move == kingside.Move.from_uci("d2d4")


def test_lines_that_are_not_text_are_refused_with_a_reason():
    with pytest.raises(TypeError, match="text mode"):
        kingside.pgn.read_game(io.BytesIO(b"1. e4 *"))


def test_the_module_docstring_examples_pass():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(kingside.pgn, "kingside.pgn"):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 10


def test_the_mainline_iterator_never_gives_away_a_node_something_holds():
    text = data_file("python-chess/data/pgn/kasparov-deep-blue-1997.pgn").read_text()
    game = kingside.pgn.read_game(io.StringIO(text))
    nodes = list(game.mainline())
    assert len({id(node) for node in nodes}) == len(nodes)
    assert all(a.next() is b and b.parent is a for a, b in zip(nodes, nodes[1:]))
    del nodes
    # Held by variables, by a list, by an attribute: each node stays itself.
    it = iter(game.mainline())
    first, second, third = next(it), next(it), next(it)
    assert (first.ply(), second.ply(), third.ply()) == (1, 2, 3)
    assert first is game.next() and second is first.next() and third is second.next()
    kept = []
    for ply, node in enumerate(game.mainline(), 1):
        assert node.ply() == ply and node.san() == node.parent.board().san(node.move)
        if ply % 7 == 0:
            kept.append(node)
        if ply == 10:
            node.mark = ply
    assert [node.ply() for node in kept] == list(range(7, 7 * len(kept) + 1, 7))
    assert all(node.is_mainline() for node in kept)
    assert [node for node in game.mainline() if getattr(node, "mark", None)][0].ply() == 10


def test_lone_surrogates_are_read_as_replacement_characters(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_bytes(b'[White "Caf\xe9"]\n\n1. e4 { \xff } *\n')
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        game = kingside.pgn.read_game(handle)
    assert game.headers["White"] == "Caf\ufffd" and game.next().comment == "\ufffd"


def test_game_node_is_abstract_as_in_python_chess():
    import kingside.pgn

    with pytest.raises(TypeError, match="abstract class GameNode with abstract methods accept, board, ply"):
        kingside.pgn.GameNode()

    class Partial(kingside.pgn.GameNode):
        def board(self):
            return kingside.Board()

        def accept(self, visitor):
            return visitor.result()

    with pytest.raises(TypeError, match="abstract method.* ply"):
        Partial()

    class Whole(Partial):
        def ply(self):
            return 0

    node = Whole(comment="made")
    assert node.comment == "made" and node.ply() == 0
    # The concrete classes, and the nodes of a game read, are made as before.
    game = kingside.pgn.Game()
    child = game.add_variation(kingside.Move.from_uci("e2e4"))
    assert isinstance(child, kingside.pgn.ChildNode) and child.ply() == 1
