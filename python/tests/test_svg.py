"""kingside.svg, python-chess's chess.svg drawn by chess-svg: python-chess's own tests of the
module, the visible effect of every argument of ``board()`` (the SVG parsed and its elements
checked), the errors, ``Arrow``'s PGN marks against python-chess's, and pictures of real
positions with their pieces where python-chess puts them."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import pytest

import kingside
import kingside.svg as svg
from support import python_chess

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"


def parse(text: str) -> ET.Element:
    """The document's root element (the text must be well-formed XML)."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def elements(text: str, tag: str) -> list:
    return list(parse(text).iter(f"{SVG}{tag}"))


def classed(text: str, *classes: str) -> list:
    """The elements that have all these classes."""
    return [
        e
        for e in parse(text).iter()
        if set(classes) <= set(e.get("class", "").split())
    ]


def placed(text: str, orientation: bool = kingside.WHITE) -> dict:
    """The pieces placed on the board, ``{square: "white-king"}``, read from the ``<use>``
    elements' positions (a square is 100 units wide)."""
    out = {}
    for use in elements(text, "use"):
        ref = use.get(HREF, "")[1:]
        if "-" not in ref or use.get("id"):
            continue
        column, row = int(use.get("x")) // 100, int(use.get("y")) // 100
        if orientation:
            square = kingside.square(column, 7 - row)
        else:
            square = kingside.square(7 - column, row)
        out[square] = ref
    return out


def piece_name(piece) -> str:
    return ("white-" if piece.color else "black-") + kingside.piece_name(piece.piece_type)


# python-chess's own tests of the module (class SvgTestCase of its test.py).


def test_svg_board():
    text = kingside.BaseBoard("4k3/8/8/8/8/8/8/4KB2")._repr_svg_()
    assert "white bishop" in text
    assert "black queen" not in text


def test_svg_arrows():
    text = svg.board(arrows=[(kingside.A1, kingside.A1)])
    assert "<circle" in text
    assert "<line" not in text
    text = svg.board(arrows=[svg.Arrow(kingside.A1, kingside.H8)])
    assert "<circle" not in text
    assert "<line" in text


def test_svg_piece():
    text = svg.piece(kingside.Piece.from_symbol("K"))
    assert 'id="white-king"' in text


# What python-chess's tests and style sheets rely on.


def test_circles_and_lines_are_only_the_marks():
    # An empty board, and a full one: no <circle> (the pieces' own round parts are paths).
    assert "<circle" not in svg.board()
    full = svg.board(kingside.Board(), check=kingside.E1, squares=kingside.BB_ALL)
    assert "<circle" not in full and "<line" not in full
    both = svg.board(kingside.Board(), arrows=[(0, 0), (1, 2), svg.Arrow(3, 3)])
    assert len(elements(both, "circle")) == 2
    assert len(elements(both, "line")) == 1


def test_pieces_have_python_chess_ids_and_classes():
    text = svg.board(kingside.Board())
    defined = {e.get("id"): e.get("class") for e in parse(text).iter() if e.get("class")}
    for color in ("white", "black"):
        for name in ("pawn", "knight", "bishop", "rook", "queen", "king"):
            assert defined[f"{color}-{name}"] == f"{color} {name}"
    for symbol, group in svg.PIECES.items():
        piece = kingside.Piece.from_symbol(symbol)
        root = ET.fromstring(group)
        assert root.get("id") == piece_name(piece)
        assert root.get("class") == piece_name(piece).replace("-", " ")


# Every argument of board() has its visible effect.


def test_board_draws_the_pieces_of_a_board_or_of_any_piece_map():
    board = kingside.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    expected = {sq: piece_name(p) for sq, p in board.piece_map().items()}
    assert placed(svg.board(board)) == expected
    assert placed(svg.board(kingside.BaseBoard(board.board_fen()))) == expected

    class Pieces:
        def piece_map(self):
            return board.piece_map()

    assert placed(svg.board(Pieces())) == expected
    # Only the pieces on the board are defined.
    ids = {e.get("id") for e in parse(svg.board(board)).iter() if e.get("id")}
    assert "white-rook" in ids and "white-queen" not in ids and "black-pawn" not in ids
    assert placed(svg.board(None)) == {}


def test_orientation_and_flipped_turn_the_board():
    board = kingside.Board()
    expected = {sq: piece_name(p) for sq, p in board.piece_map().items()}
    white = svg.board(board)
    black = svg.board(board, orientation=kingside.BLACK)
    assert placed(white) == expected
    assert placed(black, kingside.BLACK) == expected
    # The white king: fifth column of the bottom row, or fourth of the top row.
    assert any(u.get("x") == "400" and u.get("y") == "700" for u in elements(white, "use"))
    assert any(u.get("x") == "300" and u.get("y") == "0" for u in elements(black, "use"))
    assert svg.board(board, flipped=True) == black
    assert svg.board(board, orientation=kingside.BLACK, flipped=True) == white


def test_lastmove_highlights_its_squares():
    move = kingside.Move.from_uci("e2e4")
    text = svg.board(kingside.Board(), lastmove=move)
    marked = classed(text, "lastmove")
    assert sorted(e.get("class") for e in marked) == [
        "square light lastmove e2",
        "square light lastmove e4",
    ]
    assert [(e.get("x"), e.get("y")) for e in marked] == [("400", "600"), ("400", "400")]
    assert classed(svg.board(lastmove=kingside.Move.from_uci("g1f3")), "square", "dark", "lastmove")
    # A null move highlights nothing (it is false, as in python-chess); a drop one square.
    assert not classed(svg.board(lastmove=kingside.Move.null()), "lastmove")
    assert len(classed(svg.board(lastmove=kingside.Move.from_uci("N@f3")), "lastmove")) == 1


def test_check_glows_on_its_square():
    text = svg.board(kingside.Board(), check=kingside.E8)
    (glow,) = classed(text, "check")
    assert (glow.get("x"), glow.get("y"), glow.get("fill")) == ("400", "0", "url(#check)")
    assert elements(text, "radialGradient")
    assert not elements(svg.board(kingside.Board()), "radialGradient")


def test_arrows_and_their_colours():
    text = svg.board(
        arrows=[
            svg.Arrow(kingside.E2, kingside.E4),
            svg.Arrow(kingside.D1, kingside.H5, color="red"),
            (kingside.G1, kingside.F3),
            svg.Arrow(kingside.A1, kingside.B2, color="#0000cccc"),
            svg.Arrow(kingside.C3, kingside.C3, color="blue"),
        ]
    )
    arrows = classed(text, "arrow")
    assert [a.get("class") for a in arrows] == [
        "arrow e2e4",
        "arrow d1h5",
        "arrow g1f3",
        "arrow a1b2",
    ]
    colours = svg.DEFAULT_COLORS
    assert arrows[0].get("fill") == colours["arrow green"][:7]
    assert arrows[1].get("fill") == colours["arrow red"][:7]
    assert arrows[2].get("fill") == colours["arrow green"][:7]
    assert (arrows[3].get("fill"), arrows[3].get("opacity")) == ("#0000cc", ".8")
    # The shaft a line from the centre of e2 up towards e4, the head a triangle.
    line = arrows[0].find(f"{SVG}line")
    assert (line.get("x1"), line.get("y1"), line.get("x2")) == ("450", "650", "450")
    assert arrows[0].find(f"{SVG}polygon") is not None
    (circle,) = elements(text, "circle")
    assert circle.get("class") == "circle c3"
    assert circle.get("stroke") == colours["arrow blue"][:7]


def test_fill_colours_squares():
    board = kingside.Board("8/8/8/8/4N3/8/8/8 w - - 0 1")
    text = svg.board(board, fill=dict.fromkeys(board.attacks(kingside.E4), "#cc0000cc"))
    filled = classed(text, "fill")
    assert sorted(e.get("class")[5:] for e in filled) == sorted(
        kingside.square_name(sq) for sq in board.attacks(kingside.E4)
    )
    assert {(e.get("fill"), e.get("fill-opacity")) for e in filled} == {("#cc0000", ".8")}
    (red,) = classed(svg.board(fill={kingside.A1: "red"}), "fill")
    assert (red.get("x"), red.get("y"), red.get("fill")) == ("0", "700", "#ff0000")


def test_squares_are_crossed():
    for squares in (
        kingside.SquareSet([kingside.A1, kingside.H8]),
        kingside.BB_A1 | kingside.BB_H8,
        [kingside.A1, kingside.H8],
    ):
        text = svg.board(squares=squares)
        crosses = [u for u in elements(text, "use") if u.get(HREF) == "#xx"]
        assert [(u.get("x"), u.get("y")) for u in crosses] == [("0", "700"), ("700", "0")]
        assert 'id="xx"' in text
    assert "#xx" not in svg.board(squares=None)
    assert "#xx" not in svg.board(squares=kingside.SquareSet())


def test_size_coordinates_borders_and_style():
    root = parse(svg.board(size=300))
    assert (root.get("width"), root.get("height")) == ("300", "300")
    assert root.get("viewBox") == "0 0 872 872"
    root = parse(svg.board())
    assert root.get("width") is None and root.get("height") is None
    root = parse(svg.board(coordinates=False))
    assert root.get("viewBox") == "0 0 800 800"
    assert not [u for u in root.iter(f"{SVG}use") if u.get(HREF) in ("#fa", "#r1")]
    labels = [u.get(HREF) for u in parse(svg.board()).iter(f"{SVG}use")]
    assert "#fa" in labels and "#r8" in labels
    # Borders: lines around the picture and the board, which grow by 3 units each side each.
    root = parse(svg.board(borders=True))
    assert root.get("viewBox") == "0 0 884 884"
    rings = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert [r.get("stroke") for r in rings] == [
        svg.DEFAULT_COLORS["outer border"],
        svg.DEFAULT_COLORS["inner border"],
    ]
    root = parse(svg.board(borders=True, coordinates=False))
    assert root.get("viewBox") == "0 0 806 806"
    # A style sheet, its markup characters escaped.
    css = ".square.dark { fill: #8ca2ad } g > .arrow { opacity: .5 }"
    (style,) = parse(svg.board(style=css)).iter(f"{SVG}style")
    assert style.text == css
    assert not list(parse(svg.board()).iter(f"{SVG}style"))


def test_colors_change_what_they_name():
    text = svg.board(
        kingside.Board(),
        lastmove=kingside.Move.from_uci("g1f3"),
        borders=True,
        arrows=[(0, 9), svg.Arrow(1, 10, color="red"), svg.Arrow(2, 11, color="yellow"),
                svg.Arrow(3, 12, color="blue")],
        colors={
            "square light": "#000001",
            "square dark": "#000002",
            "square light lastmove": "#000003",
            "square dark lastmove": "#00000480",
            "margin": "#000005",
            "coord": "#000006",
            "inner border": "#000007",
            "outer border": "#000008",
            "arrow green": "#000009",
            "arrow red": "#00000a",
            "arrow yellow": "#00000b",
            "arrow blue": "#00000c",
        },
    )
    root = parse(text)
    (light,) = [e for e in root.iter() if e.get("class") == "square light"]
    (dark,) = [e for e in root.iter() if e.get("class") == "square dark"]
    assert (light.get("fill"), dark.get("fill")) == ("#000001", "#000002")
    (f3,) = classed(text, "lastmove", "f3")
    (g1,) = classed(text, "lastmove", "g1")
    assert f3.get("fill") == "#000003"
    assert (g1.get("fill"), g1.get("fill-opacity")) == ("#000004", ".502")
    fills = {e.get("fill") for e in root.iter(f"{SVG}rect")}
    strokes = {e.get("stroke") for e in root.iter()}
    assert "#000005" in fills
    assert {"#000006", "#000007", "#000008"} <= strokes
    arrows = [a.get("fill") for a in classed(text, "arrow")]
    assert arrows == ["#000009", "#00000a", "#00000b", "#00000c"]


def test_bad_arguments_are_value_errors_that_name_them():
    cases = [
        (dict(check=64), "check is a square 0..63, not 64"),
        (dict(fill={99: "red"}), "a key of fill is a square 0..63, not 99"),
        (dict(fill={kingside.E4: "reddish"}), 'fill[e4]: invalid colour "reddish"'),
        (dict(fill={kingside.E4: 3}), "fill[e4] is a colour such as '#ffce9e', not int"),
        (dict(fill=[1]), "fill is a dict of squares to colours, not list"),
        (dict(colors={"square light": "#12345"}), 'colors["square light"]: invalid colour'),
        (dict(colors={"square lite": "#123456"}), 'colors["square lite"]: unknown colour name'),
        (dict(arrows=[(0, 70)]), "arrows[0]'s head is a square 0..63, not 70"),
        (dict(arrows=[svg.Arrow(-1, 0)]), "arrows[0].tail is a square 0..63, not -1"),
        (
            dict(arrows=[svg.Arrow(0, 1, color="greenish")]),
            'arrows[0].color: invalid colour "greenish"',
        ),
        (dict(arrows=[7]), "arrows[0] is an Arrow or a pair of squares (tail, head), not int"),
        (dict(squares=[64]), "squares is a SquareSet, a mask or squares"),
        (dict(size=-5), "size is a number of pixels, 0 or more, not -5"),
        (
            dict(board="8/8/8/8/8/8/8/8"),
            "board is a chess.BaseBoard (or anything with piece_map()), not str",
        ),
        (
            dict(lastmove="e2e4"),
            "lastmove is a Move (with from_square and to_square) or None, not str",
        ),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError) as info:
            svg.board(**kwargs)
        assert message in str(info.value), (kwargs, str(info.value))
    with pytest.raises(ValueError, match="piece is a piece"):
        svg.piece("K")


def test_a_piece_alone():
    root = parse(svg.piece(kingside.Piece.from_symbol("n"), size=45))
    assert (root.get("width"), root.get("viewBox")) == ("45", "0 0 100 100")
    (group,) = root
    assert (group.get("id"), group.get("class")) == ("black-knight", "black knight")
    assert parse(svg.piece(kingside.Piece.from_symbol("n"))).get("width") is None


# Arrow's PGN marks, against python-chess's.


def test_arrow_pgn_round_trips_as_python_chess_reads_and_writes_them(chess):
    for tail in range(64):
        for head in (tail, 63 - tail, (tail * 7) % 64):
            for color in ("green", "red", "yellow", "blue", "#ff000080", "purple"):
                ours = svg.Arrow(tail, head, color=color)
                theirs = chess.svg.Arrow(tail, head, color=color)
                assert ours.pgn() == theirs.pgn() == str(ours)
                assert repr(ours) == repr(theirs)
                back = svg.Arrow.from_pgn(ours.pgn())
                their_back = chess.svg.Arrow.from_pgn(ours.pgn())
                assert (back.tail, back.head, back.color) == (
                    their_back.tail,
                    their_back.head,
                    their_back.color,
                )
    for text in ("Ga1", "a1", "Ya2h2", "Rh8", "Bb1c2", "a1b2", "Ge4e4"):
        ours, theirs = svg.Arrow.from_pgn(text), chess.svg.Arrow.from_pgn(text)
        assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)
    for bad in ("xa1", "Ga9", "G", "", "ga1", "Ra1b2c3", " Ga1", "GA1", "Ga1b", "Xe4"):
        with pytest.raises(ValueError):
            chess.svg.Arrow.from_pgn(bad)
        with pytest.raises(ValueError, match="invalid arrow"):
            svg.Arrow.from_pgn(bad)


def test_module_names_are_python_chess_s(chess):
    import chess.svg  # noqa: F401

    theirs = {n for n in dir(chess.svg) if not n.startswith("_")}
    # The typing names and modules that python-chess's module imports are not its API.
    incidental = {"Dict", "ET", "Iterable", "Optional", "Tuple", "Union", "annotations"}
    incidental |= {"chess", "math"}
    missing = {n for n in theirs - incidental if not hasattr(svg, n)}
    assert missing == set()
    assert set(svg.DEFAULT_COLORS) == set(chess.svg.DEFAULT_COLORS)
    assert set(svg.PIECES) == set(chess.svg.PIECES)
    assert set(svg.COORDS) == set(chess.svg.COORDS)


# Pictures of real positions.


def test_a_game_position_puts_its_pieces_where_python_chess_does(chess):
    moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".split()
    ours, theirs = kingside.Board(), chess.Board()
    for san in moves:
        ours.push_san(san)
        theirs.push_san(san)
    ours.push_san("Bxf7+")
    theirs.push_san("Bxf7+")
    for orientation in (kingside.WHITE, kingside.BLACK):
        text = svg.board(
            ours,
            orientation=orientation,
            lastmove=ours.peek(),
            check=ours.king(ours.turn),
            size=390,
        )
        their_text = chess.svg.board(
            theirs,
            orientation=orientation,
            lastmove=theirs.peek(),
            check=theirs.king(theirs.turn),
            size=390,
        )
        # python-chess places a piece with translate(x, y), a square 45 wide, after its
        # margin of 15.
        their_pieces = {}
        for use in ET.fromstring(their_text).iter(f"{SVG}use"):
            found = re.match(r"translate\((\d+), (\d+)\)", use.get("transform", ""))
            if found and use.get(HREF) != "#xx":
                column, row = (int(found.group(1)) - 15) // 45, (int(found.group(2)) - 15) // 45
                square = (
                    kingside.square(column, 7 - row)
                    if orientation
                    else kingside.square(7 - column, row)
                )
                their_pieces[square] = use.get(HREF)[1:]
        assert placed(text, orientation) == their_pieces
        # The last move and the check on the same squares, by their classes.
        their_root = ET.fromstring(their_text)
        assert sorted(e.get("class") for e in classed(text, "lastmove")) == sorted(
            e.get("class") for e in their_root.iter() if "lastmove" in e.get("class", "")
        )
        assert classed(text, "check")[0].get("class") == "check g8"
    # The board's own picture, as Jupyter shows it: the same last move and check.
    shown = ours._repr_svg_()
    assert parse(shown).get("width") == "390"
    assert classed(shown, "check", "g8") and len(classed(shown, "lastmove")) == 2


def test_repr_svg_of_pieces_and_square_sets():
    piece = kingside.Piece.from_symbol("q")
    assert 'id="black-queen"' in piece._repr_svg_()
    squares = kingside.SquareSet(kingside.BB_RANK_4)
    text = squares._repr_svg_()
    assert parse(text).get("width") == "400"
    assert len([u for u in elements(text, "use") if u.get(HREF) == "#xx"]) == 8
    assert isinstance(svg.board(), svg.SvgWrapper)
    assert svg.board()._repr_svg_() == svg.board()


def test_the_constants_are_well_formed_svg():
    for fragment in [*svg.PIECES.values(), svg.XX, svg.CHECK_GRADIENT, *svg.COORDS.values()]:
        ET.fromstring(fragment)
    assert svg.SQUARE_SIZE == 100 and svg.MARGIN == 36
    for name, colour in svg.DEFAULT_COLORS.items():
        assert re.fullmatch(r"#[0-9a-f]{6}([0-9a-f]{2})?", colour), name
        # Every default colour is taken back as a colour.
        svg.board(colors={name: colour})


def test_docstring_examples_pass():
    result = doctest.testmod(svg, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 8
