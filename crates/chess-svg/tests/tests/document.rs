//! The SVG text: its shape, what it holds, and a snapshot of a drawing with every kind of mark.

use chess_core::{Board, Color, Piece, Square};
use chess_svg::{Arrow, Drawing, Rgba, Theme};

use crate::support::{board, qh5_check};

/// The drawing the snapshot pins: 1. e4 f5 2. Qh5+ with the last move, the check, an arrow
/// and a circle.
fn marked() -> (Board, impl Fn(&Board) -> Drawing<'_>) {
    (qh5_check(), |board: &Board| {
        Drawing::new(board)
            .size(360)
            .last_move(Square::D1, Square::H5)
            .check(Square::E8)
            .arrow(Square::G7, Square::G6, Rgba::GREEN)
            .circle(Square::E8, Rgba::RED)
    })
}

/// Checks that `svg` is well-formed XML as far as this crate writes it: every tag closed in
/// order, attributes quoted, one root element. Returns the names of the elements, in order.
fn elements(svg: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        assert!(
            rest[..start].trim().is_empty(),
            "text outside a tag: {:?}",
            &rest[..start]
        );
        let end = rest[start..].find('>').expect("a tag ends") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name),
                "closing tag out of order"
            );
            if open.is_empty() {
                assert!(rest.trim().is_empty(), "content after the root element");
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split(' ').next().expect("a name").to_owned();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric()),
            "element name {name:?}"
        );
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        assert!(
            !open.is_empty() || names.is_empty(),
            "a second root element"
        );
        names.push(name.clone());
        if !self_closing {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed elements: {open:?}");
    names
}

#[test]
fn snapshot_of_a_position_with_every_mark() {
    let (board, drawing) = marked();
    let svg = drawing(&board).to_svg();
    elements(&svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_drawing_is_a_standalone_svg_1_1_document() {
    let board = Board::standard();
    let svg = Drawing::new(&board).to_svg();
    assert!(svg.starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="400" height="400" viewBox="0 0 872 872">"#
    ));
    let names = elements(&svg);
    assert_eq!(names[0], "svg");
    assert_eq!(names[1], "defs");
    // 32 pieces placed, 12 coloured pieces defined from 6 shapes, 16 coordinate labels.
    assert_eq!(svg.matches("<use xlink:href=\"#w").count(), 16);
    assert_eq!(svg.matches("<use xlink:href=\"#b").count(), 16);
    assert_eq!(svg.matches("<use id=").count(), 12);
    assert_eq!(svg.matches("<g id=").count(), 6);
    assert_eq!(svg.matches("<use xlink:href=\"#f").count(), 8);
    assert_eq!(svg.matches("<use xlink:href=\"#r").count(), 8);
    // Nothing that changes from one run to the next.
    assert_eq!(svg, Drawing::new(&board).to_svg());
    assert_eq!(svg, Drawing::new(&board).to_string());
    // Compact: the whole start position in under 8 KB.
    assert!(svg.len() < 8_000, "{} bytes", svg.len());
}

#[test]
fn without_coordinates_the_board_fills_the_picture() {
    let board = Board::standard();
    let svg = Drawing::new(&board).coordinates(false).size(200).to_svg();
    assert!(svg.contains(r#"width="200" height="200" viewBox="0 0 800 800""#));
    assert!(!svg.contains("id=\"fa\""));
    assert!(!svg.contains("translate"));
    // The white king at e1: column 4, bottom row.
    assert!(svg.contains(r##"<use xlink:href="#wK" x="400" y="700"/>"##));
}

#[test]
fn turned_boards_put_h8_at_the_bottom_left() {
    let board = board(&[
        (Square::E1, Piece::WhiteKing),
        (Square::H8, Piece::BlackRook),
    ]);
    let svg = Drawing::new(&board)
        .coordinates(false)
        .orientation(Color::Black)
        .to_svg();
    assert!(svg.contains(r##"<use xlink:href="#bR" x="0" y="700"/>"##));
    assert!(svg.contains(r##"<use xlink:href="#wK" x="300" y="0"/>"##));
    // The labels turn too: h first along the bottom, 1 at the top.
    let svg = Drawing::new(&board).orientation(Color::Black).to_svg();
    let files: Vec<&str> = svg
        .match_indices("<use xlink:href=\"#f")
        .map(|(i, _)| &svg[i + 19..i + 20])
        .collect();
    assert_eq!(files, ["h", "g", "f", "e", "d", "c", "b", "a"]);
    let first_rank = svg.find("<use xlink:href=\"#r").unwrap();
    assert_eq!(&svg[first_rank + 19..first_rank + 20], "1");
}

#[test]
fn marks_are_drawn_in_order_above_the_pieces() {
    let board = board(&[(Square::E1, Piece::WhiteKing)]);
    let svg = Drawing::new(&board)
        .coordinates(false)
        .arrow(Square::E2, Square::E4, Rgba::GREEN)
        .arrows([
            Arrow::new(Square::D1, Square::D8, Rgba::RED),
            // An arrow from a square to itself is a circle.
            Arrow::new(Square::E4, Square::E4, Rgba::BLUE),
        ])
        .circle(Square::A1, Rgba::YELLOW)
        .to_svg();
    let at = |needle: &str| {
        svg.find(needle)
            .unwrap_or_else(|| panic!("{needle} in {svg}"))
    };
    let king = at("#wK\" x=");
    let e2e4 = at(
        r##"<path class="arrow e2e4" fill="#1d8a3a" fill-opacity=".8" d="M459 650 459 490 474 490 450 450 426 490 441 490 441 650z"/>"##,
    );
    let d1d8 = at(r##"<path class="arrow d1d8" fill="#cc2222""##);
    let e4 =
        at(r##"<circle class="circle e4" cx="450" cy="450" r="45" fill="none" stroke="#1e5fc8""##);
    let a1 = at(r#"<circle class="circle a1" cx="50" cy="750""#);
    assert!(king < e2e4 && e2e4 < d1d8 && d1d8 < e4 && e4 < a1);
    assert_eq!(svg.matches("class=\"arrow").count(), 2);
    assert_eq!(svg.matches("class=\"circle").count(), 2);
}

#[test]
fn last_move_and_check_are_under_the_pieces() {
    let (board, drawing) = marked();
    let svg = drawing(&board).to_svg();
    let d1 = svg
        .find(r#"<rect class="last-move d1" x="300" y="700""#)
        .unwrap();
    let h5 = svg
        .find(r#"<rect class="last-move h5" x="700" y="300""#)
        .unwrap();
    let check = svg
        .find(
            r#"<rect class="check e8" x="400" y="0" width="100" height="100" fill="url(#check)"/>"#,
        )
        .unwrap();
    let first_piece = svg.find("<use xlink:href=\"#wR\"").unwrap();
    assert!(d1 < h5 && h5 < check && check < first_piece);
    assert!(svg.contains(r#"<radialGradient id="check">"#));
    // Without check, no glow and no gradient.
    let svg = Drawing::new(&board).to_svg();
    assert!(!svg.contains("check"));
    assert!(!svg.contains("last-move"));
}

#[test]
fn themes_colour_the_squares_and_pieces() {
    let board = Board::standard();
    let theme = Theme {
        light: Rgba::rgb(1, 2, 3),
        dark: Rgba::rgb(4, 5, 6).with_alpha(128),
        white_piece: Rgba::rgb(7, 8, 9),
        black_piece: Rgba::rgb(10, 11, 12),
        ..Theme::DEFAULT
    };
    let svg = Drawing::new(&board).theme(theme).to_svg();
    assert!(svg.contains(r##"<rect width="800" height="800" fill="#010203"/>"##));
    assert!(svg.contains(r##"<path fill="#040506" fill-opacity=".502" d="M0 700h100"##));
    assert!(svg.contains(
        r##"<use id="wK" xlink:href="#K" fill="#070809" stroke="#0a0b0c" color="#0a0b0c"/>"##
    ));
    assert!(svg.contains(
        r##"<use id="bK" xlink:href="#K" fill="#0a0b0c" stroke="#0a0b0c" color="#070809"/>"##
    ));
    assert_eq!(Theme::default(), Theme::DEFAULT);
}
