//! `chess svg`, and `svg FILE` in the terminal game.

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

/// The first bytes of every PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A game whose comments mark arrows and squares; 2. Qh5 is a check in the second game.
const GAMES: &str = "[Event \"Marked\"]\n\n\
1. e4 {[%cal Ge2e4,Rd1h5]} 1... e5 2. Qh5 {[%csl Yf7,Xe4] [%cal Bh5f7]} 2... Nc6 \
3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"Second\"]\n\n1. e4 f5 2. Qh5+ *\n";

#[test]
fn a_fen_is_drawn_into_a_file() {
    let dir = TempDir::new("cli-svg-fen");
    let path = dir.join("board.svg");
    let out = chess(
        &[
            "svg",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "--no-coordinates",
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    for piece in [
        r##"<use xlink:href="#white-king" x="400" y="700"/>"##,
        r##"<use xlink:href="#white-rook" x="700" y="700"/>"##,
        r##"<use xlink:href="#black-king" x="400" y="0"/>"##,
    ] {
        assert_contains(&svg, piece);
    }
    assert_eq!(svg.matches("<use xlink:href=").count(), 3);
    for mark in [
        "lastmove",
        "class=\"check",
        "class=\"arrow",
        "class=\"circle",
        "class=\"fill",
        "#xx",
    ] {
        assert!(!svg.contains(mark), "nothing marked: {svg}");
    }
}

#[test]
fn options_turn_mark_and_size_the_board() {
    let out = chess(
        &[
            "svg",
            "--flip",
            "--size",
            "250",
            "--last-move",
            "e2e4",
            "--arrow",
            "Gg1f3",
            "--arrow",
            "Bb1b1",
            "--circle",
            "Rd5",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let svg = out.stdout;
    assert_contains(&svg, r#"width="250" height="250" viewBox="0 0 872 872""#);
    // Turned: e1 is in the top row, fourth column.
    assert_contains(&svg, r##"<use xlink:href="#white-king" x="300" y="0"/>"##);
    assert_contains(
        &svg,
        r#"<rect class="square light lastmove e2" x="300" y="100""#,
    );
    assert_contains(
        &svg,
        r#"<rect class="square light lastmove e4" x="300" y="300""#,
    );
    assert_contains(&svg, r##"<g class="arrow g1f3" fill="#1d8a3a""##);
    // An arrow from a square to itself is a circle.
    assert_contains(&svg, r##"<circle class="circle b1" cx="650" cy="50""##);
    assert_contains(
        &svg,
        r##"<circle class="circle d5" cx="450" cy="450" r="45" fill="none" stroke="#cc2222""##,
    );
    // The same with --orientation black; white is the default.
    let again = chess(
        &[
            "svg",
            "--orientation",
            "black",
            "--size=250",
            "--last-move=e2e4",
            "--arrow=Gg1f3",
            "--arrow=Bb1b1",
            "--circle=Rd5",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(again.stdout, svg);
    let start = chess(&["svg", "--orientation", "white", "--no-coordinates"], "");
    assert_contains(
        &start.stdout,
        r##"<use xlink:href="#white-king" x="400" y="700"/>"##,
    );
    assert_eq!(start.stdout.matches("<use xlink:href=").count(), 32);
}

#[test]
fn png_has_the_signature_and_the_size_asked_for() {
    let dir = TempDir::new("cli-svg-png");
    let path = dir.join("board.png");
    let out = chess(
        &[
            "svg",
            "--png",
            "--size",
            "123",
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let png = std::fs::read(&path).unwrap();
    assert!(png.starts_with(PNG_SIGNATURE));
    // The header chunk first: width and height, big-endian.
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(png[16..24], [0, 0, 0, 123, 0, 0, 0, 123]);
    // A pipe takes the bytes too (the tests' stdout is one).
    let out = crate::support::chess_bytes(&["svg", "--png", "--size", "40"], b"");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("\u{fffd}PNG"),
        "{:?}",
        &out.stdout[..8]
    );
}

#[test]
fn a_game_at_a_ply_draws_its_last_move_check_and_comment_marks() {
    let dir = TempDir::new("cli-svg-pgn");
    let games = dir.file("games.pgn", GAMES);
    // After 1. e4: the comment's two arrows, the last move, no check.
    let out = chess(&["svg", "--pgn", &games, "--ply", "1"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let svg = &out.stdout;
    assert_contains(
        svg,
        r##"<g class="arrow e2e4" fill="#1d8a3a" stroke="#1d8a3a" opacity=".8"><line x1="450" y1="650" x2="450" y2="488" stroke-width="18"/><polygon stroke="none" points="474,490 450,450 426,490"/></g>"##,
    );
    assert_contains(svg, r##"<g class="arrow d1h5" fill="#cc2222""##);
    assert_contains(svg, r#"<rect class="square light lastmove e2""#);
    assert_contains(svg, r#"<rect class="square light lastmove e4""#);
    assert!(!svg.contains("class=\"check"));
    // After 2. Qh5: the yellow circle and blue arrow; the entry that is no mark is left out
    // and said.
    let out = chess(&["svg", "--pgn", &games, "--ply", "3"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        r##"<circle class="circle f7" cx="550" cy="150" r="45" fill="none" stroke="#e8a800""##,
    );
    assert_contains(&out.stdout, r#"<g class="arrow h5f7""#);
    assert!(!out.stdout.contains("arrow e2e4"));
    assert_eq!(
        out.stderr,
        format!(
            "chess: {games}: game 1, ply 3: left out: invalid mark \"Xe4\" at byte 0: expected a colour: G, R, Y or B\n"
        )
    );
    // The last ply by default: mate, the king marked, no comment.
    let out = chess(&["svg", "--pgn", &games], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, r#"<rect class="check e8""#);
    assert_contains(&out.stdout, r#"<rect class="square light lastmove h5""#);
    assert_contains(&out.stdout, r#"<rect class="square light lastmove f7""#);
    assert!(!out.stdout.contains("class=\"arrow"));
    // The start of the second game, from stdin: no last move.
    let out = chess(&["svg", "--pgn", "-", "--game", "2", "--ply", "0"], GAMES);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("lastmove"));
    assert_eq!(out.stdout.matches("<use xlink:href=\"#").count(), 32 + 16);
    let out = chess(&["svg", "--pgn", "-", "--game", "2"], GAMES);
    assert_contains(&out.stdout, r#"<rect class="check e8""#);
}

#[test]
fn bad_inputs_are_typed_errors_with_their_exit_status() {
    let dir = TempDir::new("cli-svg-errors");
    let games = dir.file("games.pgn", GAMES);
    // Usage errors (2): a bad mark or move says which option and why.
    for (args, message) in [
        (
            &["svg", "--arrow", "Gz9e4"][..],
            "invalid value 'Gz9e4' for '--arrow <MARK>': invalid mark \"Gz9e4\" at byte 1: expected a square from a1 to h8",
        ),
        (
            &["svg", "--arrow", "Ge2"],
            "invalid value 'Ge2' for '--arrow <MARK>': invalid mark \"Ge2\" at byte 3: expected the square the arrow points to",
        ),
        (
            &["svg", "--circle", "Pe4"],
            "invalid value 'Pe4' for '--circle <MARK>': invalid mark \"Pe4\" at byte 0: expected a colour: G, R, Y or B",
        ),
        (
            &["svg", "--last-move", "e2"],
            "invalid value 'e2' for '--last-move <MOVE>': expected two squares, like e2e4",
        ),
        (
            &["svg", "--size", "8"],
            "expected a whole number from 16 to 8192",
        ),
        (&["svg", "--ply", "3"], "--pgn <FILE>"),
        (
            &["svg", "--pgn", &games, "--last-move", "e2e4"],
            "cannot be used with",
        ),
        (
            &["svg", "--flip", "--orientation", "white"],
            "cannot be used with",
        ),
    ] {
        let out = chess(args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert_contains(&out.stderr, message);
        assert_eq!(out.stdout, "");
    }
    // Invalid input (1): one line naming the input.
    for (args, message) in [
        (
            &["svg", "8/8/8 w - - 0 1"][..],
            "chess: fen: invalid board field in fen at byte 5",
        ),
        (
            &["svg", "--pgn", &games, "--ply", "8"],
            "games.pgn: --ply 8: game 1 has 7 plies (0 is the start position)\n",
        ),
        (
            &["svg", "--pgn", &games, "--game", "3"],
            "games.pgn: --game 3: the file has 2 games\n",
        ),
        (
            &["svg", "--pgn", "-"],
            "chess: -: --game 1: the file has 0 games\n",
        ),
    ] {
        let out = chess(args, "");
        assert_eq!(out.status, 1, "{args:?}: {}", out.stderr);
        assert_contains(&out.stderr, message);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert_eq!(out.stdout, "");
    }
    let bad = dir.file("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let out = chess(&["svg", "--pgn", &bad], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "bad.pgn: game 1, line 1, column 13: ");
}

#[test]
fn the_terminal_game_draws_its_board() {
    let dir = TempDir::new("cli-svg-play");
    let path = dir.join("board.svg");
    let path = path.to_str().unwrap();
    let input = format!("e4\nf5\nQh5\nsvg {path}\nflip\nsvg {path}\nn\nhelp\nquit\n\n");
    let out = chess(&["--ascii"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, &format!("Drew the board in {path}."));
    assert_contains(&out.stdout, "Not written.");
    assert_contains(&out.stdout, "  svg FILE      draw the board");
    let svg = std::fs::read_to_string(path).unwrap();
    assert_contains(&svg, r#"<rect class="check e8""#);
    assert_contains(&svg, r#"<rect class="square light lastmove d1""#);
    assert_contains(&svg, r#"<rect class="square light lastmove h5""#);
    // Drawn as shown before the flip: white at the bottom.
    assert_contains(&svg, r##"<use xlink:href="#white-king" x="400" y="700"/>"##);
}

/// The line of `svg` that draws the strip's row of `class` (`pocket white pawn`).
fn strip_row<'a>(svg: &'a str, class: &str) -> &'a str {
    let start = format!(r#"<g class="{class}""#);
    svg.lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("no row {class} in:\n{svg}"))
}

/// The count a row of the strip draws, read from its digits (`<use xlink:href="#n1"/>`).
fn drawn_count(row: &str) -> String {
    row.split(r##"<use xlink:href="#n"##)
        .skip(1)
        .map(|rest| rest.chars().next().expect("a digit"))
        .collect()
}

#[test]
fn crazyhouse_pockets_are_drawn_beside_the_board() {
    // White holds a queen and ten pawns, black six pawns.
    let fen = "4k3/8/8/8/8/8/8/4K3[QPPPPPPPPPPpppppp] w - - 0 1";
    let out = chess(&["svg", "--variant", "crazyhouse", fen], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let svg = &out.stdout;
    // 400 pixels high as asked, wider than the square board by the strip (872 units
    // without it).
    assert_contains(svg, r#"width="473" height="400" viewBox="0 0 1032 872""#);
    let plain = chess(&["svg", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], "");
    assert_contains(&plain.stdout, r#"viewBox="0 0 872 872""#);
    // The board as it is without pockets.
    assert_contains(svg, r##"<use xlink:href="#white-king" x="400" y="700"/>"##);
    for (class, count, piece) in [
        ("pocket white queen", "1", "white-queen"),
        ("pocket white pawn", "10", "white-pawn"),
        ("pocket black pawn", "6", "black-pawn"),
        ("pocket black queen", "0", "black-queen"),
        ("pocket white knight", "0", "white-knight"),
    ] {
        let row = strip_row(svg, class);
        assert_eq!(drawn_count(row), count, "{row}");
        assert_contains(row, &format!(r##"<use xlink:href="#{piece}" transform="##));
        // A role held by none is faded, and still there.
        assert_eq!(row.contains(r#"opacity=".3""#), count == "0", "{row}");
    }
    // Ten rows, five a side; the pieces defined for them.
    assert_eq!(svg.matches(r#"<g class="pocket "#).count(), 10);
    assert_contains(svg, r#"<use id="black-rook" class="black rook""#);
    assert!(!svg.contains("class=\"checks"));
    // White's pocket nearer the bottom; turned, black's.
    let y = |svg: &str, class: &str| {
        let row = strip_row(svg, class);
        let at = &row[row.find("translate(").unwrap() + 10..];
        at.split([' ', ')']).nth(1).unwrap().parse::<u32>().unwrap()
    };
    assert!(y(svg, "pocket white pawn") > y(svg, "pocket black pawn"));
    let flipped = chess(&["svg", "--variant", "zh", "--flip", fen], "").stdout;
    assert!(y(&flipped, "pocket white pawn") < y(&flipped, "pocket black pawn"));
    // The start of Crazyhouse: empty pockets, drawn all the same.
    let start = chess(&["svg", "--variant", "crazyhouse"], "");
    assert_eq!(start.status, 0, "{}", start.stderr);
    assert_eq!(start.stdout.matches(r#"opacity=".3""#).count(), 10);
}

#[test]
fn three_check_draws_the_checks_left() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0";
    let out = chess(&["svg", "--variant", "3check", fen], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let svg = &out.stdout;
    assert_contains(svg, r#"viewBox="0 0 1032 872""#);
    // White has given two checks: one left; black three.
    let white = strip_row(svg, "checks white");
    assert_eq!(drawn_count(white), "1");
    assert_contains(white, r##"<use xlink:href="#white-king" transform="##);
    assert_eq!(drawn_count(strip_row(svg, "checks black")), "3");
    assert!(!svg.contains("class=\"pocket"));
    // X-FEN's spelling of the same counters.
    let xfen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let again = chess(&["svg", "--variant", "Three-check", xfen], "");
    assert_eq!(again.stdout, out.stdout, "{}", again.stderr);
}

#[test]
fn other_variants_draw_their_board_and_check_as_they_count_it() {
    // A bishop gives check in atomic; in antichess the king is a piece like any other.
    let fen = "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1";
    let atomic = chess(&["svg", "--variant", "atomic", fen], "");
    assert_eq!(atomic.status, 0, "{}", atomic.stderr);
    assert_contains(&atomic.stdout, r#"<rect class="check e1""#);
    let antichess = chess(&["svg", "--variant", "antichess", fen], "");
    assert_eq!(antichess.status, 0, "{}", antichess.stderr);
    assert!(!antichess.stdout.contains("class=\"check"));
    // Horde's start: 36 white pawns and no white king, on a square picture.
    let horde = chess(&["svg", "--variant", "horde", "--no-coordinates"], "");
    assert_eq!(horde.status, 0, "{}", horde.stderr);
    assert_contains(&horde.stdout, r#"viewBox="0 0 800 800""#);
    assert_eq!(
        horde
            .stdout
            .matches(r##"<use xlink:href="#white-pawn""##)
            .count(),
        36
    );
    assert!(!horde.stdout.contains("#white-king"));
    for (variant, white) in [("kingofthehill", 16), ("racingkings", 8)] {
        let out = chess(&["svg", "--variant", variant], "");
        assert_eq!(out.status, 0, "{variant}: {}", out.stderr);
        assert_eq!(
            out.stdout.matches("<use xlink:href=\"#white-").count(),
            white
        );
        assert!(!out.stdout.contains("class=\"pocket"));
    }
    // A FEN the variant does not allow is invalid input.
    let out = chess(&["svg", "--variant", "racingkings", fen], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "chess: fen: illegal racing kings position");
}

#[test]
fn a_crazyhouse_game_is_drawn_with_its_pockets_and_a_png_is_wider() {
    let dir = TempDir::new("cli-svg-crazyhouse");
    let games = dir.file(
        "crazyhouse.pgn",
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n\n\
         [Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *\n",
    );
    // After 3. exd5: white holds the pawn it took.
    let out = chess(&["svg", "--pgn", &games, "--ply", "3"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        drawn_count(strip_row(&out.stdout, "pocket white pawn")),
        "1"
    );
    assert_eq!(
        drawn_count(strip_row(&out.stdout, "pocket black pawn")),
        "0"
    );
    // At the end: the pawn dropped on d5, one square of the last move; black holds a pawn.
    let out = chess(&["svg", "--pgn", &games], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        drawn_count(strip_row(&out.stdout, "pocket white pawn")),
        "0"
    );
    assert_eq!(
        drawn_count(strip_row(&out.stdout, "pocket black pawn")),
        "1"
    );
    assert_eq!(out.stdout.matches("lastmove").count(), 1);
    assert_contains(&out.stdout, r#"<rect class="square light lastmove d5""#);
    // Three-check: the check given counted, the king marked.
    let out = chess(&["svg", "--pgn", &games, "--game", "2"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, r#"<rect class="check e8""#);
    assert_eq!(drawn_count(strip_row(&out.stdout, "checks white")), "2");
    // The PNG: 123 pixels high, wider by the strip.
    let path = dir.join("crazyhouse.png");
    let out = chess(
        &[
            "svg",
            "--pgn",
            &games,
            "--size",
            "123",
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let png = std::fs::read(&path).unwrap();
    assert!(png.starts_with(PNG_SIGNATURE));
    // 123 × 1032 / 872 = 145.6: 146 wide.
    assert_eq!(png[16..24], [0, 0, 0, 146, 0, 0, 0, 123]);
}
