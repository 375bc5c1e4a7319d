//! The strip beside the board: Crazyhouse's pockets and Three-check's checks left.

use chess_core::{Board, Color, Role};
use chess_svg::Drawing;

use crate::document::elements;

/// The pockets of the snapshots: white a knight and twelve pawns, black a queen and two rooks.
fn counts(color: Color, role: Role) -> u8 {
    match (color, role) {
        (Color::White, Role::Knight) => 1,
        (Color::White, Role::Pawn) => 12,
        (Color::Black, Role::Queen) => 1,
        (Color::Black, Role::Rook) => 2,
        _ => 0,
    }
}

/// The line of the document that draws `class`'s row of the strip.
fn row<'a>(svg: &'a str, class: &str) -> &'a str {
    let start = format!(r#"<g class="{class}""#);
    let mut lines = svg.lines().filter(|line| line.starts_with(&start));
    let line = lines
        .next()
        .unwrap_or_else(|| panic!("no row {class}: {svg}"));
    assert_eq!(lines.next(), None, "two rows {class}");
    line
}

/// The digits a row's count is drawn with, in order.
fn count_of(row: &str) -> String {
    let count = &row[row.find(r#"<g class="count""#).expect("a count")..];
    count
        .split(r##"<use xlink:href="#n"##)
        .skip(1)
        .map(|rest| rest.chars().next().expect("a digit"))
        .collect()
}

/// The top edge of the piece of a row (its `translate(x y)`).
fn piece_y(row: &str) -> u32 {
    let at = &row[row.find("transform=\"translate(").expect("a piece") + 21..];
    let at = &at[..at.find(')').expect("a translation")];
    at.split(' ').nth(1).expect("y").parse().expect("a number")
}

#[test]
fn snapshot_of_crazyhouse_pockets() {
    let board = Board::standard();
    let svg = Drawing::new(&board).size(360).pockets(counts).to_svg();
    elements(&svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn snapshot_of_three_check_turned() {
    let board = Board::standard();
    let svg = Drawing::new(&board)
        .orientation(Color::Black)
        .coordinates(false)
        .remaining_checks(1, 3)
        .to_svg();
    elements(&svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn the_strip_widens_the_picture_and_leaves_the_board_as_it_was() {
    let board = Board::standard();
    let plain = Drawing::new(&board).to_svg();
    let pockets = Drawing::new(&board).pockets(|_, _| 0).to_svg();
    assert!(plain.contains(r#"width="400" height="400" viewBox="0 0 872 872""#));
    assert!(pockets.contains(r#"width="473" height="400" viewBox="0 0 1032 872""#));
    assert_eq!(Drawing::STRIP, 1032 - 872);
    // Every line of the plain drawing is in the other, the board's squares and pieces
    // where they were.
    let lines: Vec<&str> = pockets.lines().collect();
    for line in plain.lines().skip(1) {
        assert!(lines.contains(&line), "{line}");
    }
    let bare = Drawing::new(&board).coordinates(false).size(200);
    assert_eq!(bare.dimensions(), (200, 200));
    assert_eq!(bare.clone().remaining_checks(3, 3).dimensions(), (240, 200));
    assert!(
        bare.remaining_checks(3, 3)
            .to_svg()
            .contains(r#"width="240" height="200" viewBox="0 0 960 800""#)
    );
    let responsive = Drawing::new(&board).pockets(counts).responsive().to_svg();
    assert!(responsive.contains(r#"version="1.1" viewBox="0 0 1032 872">"#));
}

#[test]
fn an_empty_pocket_shows_its_five_roles_faded_with_zeros() {
    let board = Board::standard();
    let svg = Drawing::new(&board).pockets(|_, _| 0).to_svg();
    for color in ["white", "black"] {
        for role in ["queen", "rook", "bishop", "knight", "pawn"] {
            let line = row(&svg, &format!("pocket {color} {role}"));
            assert!(line.contains(r#" opacity=".3">"#), "{line}");
            assert!(
                line.contains(&format!(r##"<use xlink:href="#{color}-{role}" "##)),
                "{line}"
            );
            assert_eq!(count_of(line), "0");
        }
        assert!(!svg.contains(&format!("pocket {color} king")));
    }
    assert!(svg.contains(r#"<rect class="tray white""#));
    assert!(svg.contains(r#"<path id="n0""#));
    assert!(!svg.contains(r#"<path id="n1""#));
    assert!(!svg.contains("class=\"checks"));
}

#[test]
fn counts_of_ten_and_more_are_drawn_with_every_digit() {
    let board = Board::empty();
    let svg = Drawing::new(&board)
        .pockets(|color, role| match (color, role) {
            (Color::White, Role::Pawn) => 16,
            (Color::Black, Role::Knight) => 10,
            (Color::Black, Role::Bishop) => 9,
            (Color::White, Role::Rook) => 255,
            _ => 1,
        })
        .to_svg();
    elements(&svg);
    let pawns = row(&svg, "pocket white pawn");
    assert_eq!(count_of(pawns), "16");
    assert!(!pawns.contains("opacity"), "{pawns}");
    // The second digit one glyph and a gap to the right of the first, both twice the size
    // of the coordinates.
    assert!(
        pawns.contains(
            r##"scale(2)"><use xlink:href="#n1"/><use xlink:href="#n6" x="13"/></g></g>"##
        ),
        "{pawns}"
    );
    assert_eq!(count_of(row(&svg, "pocket black knight")), "10");
    assert_eq!(count_of(row(&svg, "pocket black bishop")), "9");
    // Three digits are drawn smaller, to fit the strip.
    let rooks = row(&svg, "pocket white rook");
    assert_eq!(count_of(rooks), "255");
    assert!(rooks.contains("scale(1.3)"), "{rooks}");
    // The digits used are defined, each once, and no others.
    for digit in '0'..='9' {
        assert_eq!(
            svg.matches(&format!(r#"<path id="n{digit}""#)).count(),
            usize::from("012569".contains(digit)),
            "{digit}"
        );
    }
}

#[test]
fn the_bottom_sides_pocket_is_in_the_lower_half() {
    let board = Board::standard();
    for (bottom, top) in [(Color::White, "black"), (Color::Black, "white")] {
        let bottom_name = if top == "white" { "black" } else { "white" };
        let svg = Drawing::new(&board)
            .orientation(bottom)
            .pockets(counts)
            .to_svg();
        // The board from 36 to 836: the bottom side's queen at the bottom edge, its pawn
        // nearest the middle; the top side's the other way round.
        assert_eq!(
            piece_y(row(&svg, &format!("pocket {bottom_name} queen"))),
            756
        );
        assert_eq!(
            piece_y(row(&svg, &format!("pocket {bottom_name} pawn"))),
            436
        );
        assert_eq!(piece_y(row(&svg, &format!("pocket {top} queen"))), 36);
        assert_eq!(piece_y(row(&svg, &format!("pocket {top} pawn"))), 356);
    }
}

#[test]
fn checks_left_share_the_strip_with_the_pockets() {
    let board = Board::standard();
    let svg = Drawing::new(&board)
        .remaining_checks(2, 0)
        .pockets(counts)
        .to_svg();
    elements(&svg);
    let white = row(&svg, "checks white");
    assert_eq!(count_of(white), "2");
    assert!(
        white.contains(r##"<use xlink:href="#white-king" "##),
        "{white}"
    );
    assert!(white.contains(r#"fill="url(#check)""#), "{white}");
    assert!(svg.contains(r#"<radialGradient id="check">"#));
    assert_eq!(count_of(row(&svg, "checks black")), "0");
    // Six rows a side share half the board: 66 units each, the checks at the edge.
    assert_eq!(piece_y(white), 836 - 66);
    assert_eq!(piece_y(row(&svg, "checks black")), 36);
    assert_eq!(piece_y(row(&svg, "pocket black queen")), 36 + 66);
    assert!(row(&svg, "pocket black queen").contains("scale(0.66)"));
}
