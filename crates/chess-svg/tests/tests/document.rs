//! The SVG text: its shape, what it holds, and a snapshot of a drawing with every kind of mark.

use chess_core::{Bitboard, Board, Color, Piece, Square};
use chess_svg::{Arrow, Drawing, PieceDrawing, Rgba, Theme, fragments};

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
/// order, attributes quoted, one root element, text only in a style sheet. Returns the names of the elements, in order.
pub fn elements(svg: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        // Text only in a style sheet, with no markup character left unescaped.
        let text = &rest[..start];
        if open.last().is_some_and(|name| name == "style") {
            assert!(!text.contains('>') && !text.contains("&&"), "{text:?}");
        } else {
            assert!(text.trim().is_empty(), "text outside a tag: {text:?}");
        }
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
    assert_eq!(svg.matches("<use xlink:href=\"#white-").count(), 16);
    assert_eq!(svg.matches("<use xlink:href=\"#black-").count(), 16);
    assert_eq!(svg.matches("<use id=").count(), 12);
    assert_eq!(svg.matches("<g id=").count(), 6);
    assert_eq!(svg.matches("<use xlink:href=\"#f").count(), 8);
    assert_eq!(svg.matches("<use xlink:href=\"#r").count(), 8);
    // Nothing that changes from one run to the next.
    assert_eq!(svg, Drawing::new(&board).to_svg());
    assert_eq!(svg, Drawing::new(&board).to_string());
    // Compact: the whole start position in under 9 KB (python-chess's takes 31 KB).
    assert!(svg.len() < 9_000, "{} bytes", svg.len());
}

#[test]
fn without_coordinates_the_board_fills_the_picture() {
    let board = Board::standard();
    let svg = Drawing::new(&board).coordinates(false).size(200).to_svg();
    assert!(svg.contains(r#"width="200" height="200" viewBox="0 0 800 800""#));
    assert!(!svg.contains("id=\"fa\""));
    assert!(!svg.contains("translate"));
    // The white king at e1: column 4, bottom row.
    assert!(svg.contains(r##"<use xlink:href="#white-king" x="400" y="700"/>"##));
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
    assert!(svg.contains(r##"<use xlink:href="#black-rook" x="0" y="700"/>"##));
    assert!(svg.contains(r##"<use xlink:href="#white-king" x="300" y="0"/>"##));
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
    let king = at("#white-king\" x=");
    // The shaft a line, the head a triangle, drawn as one group in the arrow's colour.
    let e2e4 = at(
        r##"<g class="arrow e2e4" fill="#1d8a3a" stroke="#1d8a3a" opacity=".8"><line x1="450" y1="650" x2="450" y2="488" stroke-width="18"/><polygon stroke="none" points="474,490 450,450 426,490"/></g>"##,
    );
    let d1d8 = at(r##"<g class="arrow d1d8" fill="#cc2222""##);
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
        .find(r#"<rect class="square light lastmove d1" x="300" y="700""#)
        .unwrap();
    let h5 = svg
        .find(r#"<rect class="square light lastmove h5" x="700" y="300""#)
        .unwrap();
    let check = svg
        .find(
            r#"<rect class="check e8" x="400" y="0" width="100" height="100" fill="url(#check)"/>"#,
        )
        .unwrap();
    let first_piece = svg.find("<use xlink:href=\"#white-rook\"").unwrap();
    assert!(d1 < h5 && h5 < check && check < first_piece);
    assert!(svg.contains(r#"<radialGradient id="check">"#));
    // A drop, from and to the same square: highlighted once.
    let svg = Drawing::new(&board)
        .last_move(Square::E4, Square::E4)
        .to_svg();
    assert_eq!(svg.matches("lastmove e4").count(), 1);
    // Without check, no glow and no gradient.
    let svg = Drawing::new(&board).to_svg();
    assert!(!svg.contains("check"));
    assert!(!svg.contains("lastmove"));
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
    assert!(
        svg.contains(r##"<rect class="square light" width="800" height="800" fill="#010203"/>"##)
    );
    assert!(svg.contains(
        r##"<path class="square dark" fill="#040506" fill-opacity=".502" d="M0 700h100"##
    ));
    assert!(svg.contains(
        r##"<use id="white-king" class="white king" xlink:href="#king-shape" fill="#070809" stroke="#0a0b0c" color="#0a0b0c"/>"##
    ));
    assert!(svg.contains(
        r##"<use id="black-king" class="black king" xlink:href="#king-shape" fill="#0a0b0c" stroke="#0a0b0c" color="#070809"/>"##
    ));
    assert_eq!(Theme::default(), Theme::DEFAULT);
}

#[test]
fn filled_and_crossed_squares_lie_where_python_chess_puts_them() {
    let board = board(&[(Square::E4, Piece::WhiteKnight)]);
    let svg = Drawing::new(&board)
        .coordinates(false)
        .last_move(Square::E2, Square::E4)
        .fill(Square::E4, Rgba::rgb(0xcc, 0, 0).with_alpha(0xcc))
        .fill(Square::A1, Rgba::rgb(0, 0, 0xff))
        .crosses(Bitboard::from_square(Square::E4).with(Square::H8))
        .cross(Square::A1)
        .to_svg();
    elements(&svg);
    let at = |needle: &str| {
        svg.find(needle)
            .unwrap_or_else(|| panic!("{needle} in {svg}"))
    };
    let last_move = at(r#"<rect class="square light lastmove e4""#);
    let e4 = at(
        r##"<rect class="fill e4" x="400" y="400" width="100" height="100" fill="#cc0000" fill-opacity=".8"/>"##,
    );
    let a1 =
        at(r##"<rect class="fill a1" x="0" y="700" width="100" height="100" fill="#0000ff"/>"##);
    let knight = at(r##"<use xlink:href="#white-knight" x="400" y="400"/>"##);
    // The crosses over the pieces, a1 to h8, defined once.
    let crosses: Vec<usize> = svg
        .match_indices(r##"<use xlink:href="#xx""##)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(crosses.len(), 3);
    assert!(svg[crosses[0]..].starts_with(r##"<use xlink:href="#xx" x="0" y="700"/>"##));
    assert!(svg[crosses[2]..].starts_with(r##"<use xlink:href="#xx" x="700" y="0"/>"##));
    assert_eq!(svg.matches(r#"<g id="xx""#).count(), 1);
    assert!(last_move < e4 && e4 < a1 && a1 < knight && knight < crosses[0]);
    // Without crosses, no definition of one.
    assert!(!Drawing::new(&board).to_svg().contains("xx"));
}

#[test]
fn borders_frame_the_board_and_the_picture() {
    let board = Board::empty();
    // Without coordinates: one line around the board, 3 units wide.
    let svg = Drawing::new(&board)
        .coordinates(false)
        .borders(true)
        .to_svg();
    elements(&svg);
    assert!(svg.contains(r#"viewBox="0 0 806 806""#));
    assert!(svg.contains(
        r##"<rect x="1.5" y="1.5" width="803" height="803" fill="none" stroke="#241c15" stroke-width="3"/>"##
    ));
    assert!(svg.contains(r#"<g transform="translate(3 3)">"#));
    // With coordinates: a line around the picture, the margin, a line around the board; the
    // labels move in with the board.
    let svg = Drawing::new(&board).borders(true).to_svg();
    elements(&svg);
    assert!(svg.contains(r#"viewBox="0 0 884 884""#));
    let outer = svg
        .find(r#"<rect x="1.5" y="1.5" width="881" height="881" fill="none""#)
        .unwrap();
    let margin = svg
        .find(r##"<rect x="3" y="3" width="878" height="878" fill="#4a3b2e"/>"##)
        .unwrap();
    let inner = svg
        .find(r#"<rect x="40.5" y="40.5" width="803" height="803" fill="none""#)
        .unwrap();
    assert!(outer < margin && margin < inner);
    assert!(svg.contains(r#"<g transform="translate(42 42)">"#));
    assert!(svg.contains(r##"<use xlink:href="#fa" x="87" y="854"/>"##));
    assert!(svg.contains(r##"<use xlink:href="#r8" x="16" y="83"/>"##));
    // Without borders, as before: no line at all.
    let svg = Drawing::new(&board).to_svg();
    assert!(svg.contains(r#"viewBox="0 0 872 872""#));
    assert!(!svg.contains(r##"fill="none" stroke="#241c15""##));
    assert!(svg.contains(r##"<use xlink:href="#fa" x="81" y="845"/>"##));
}

#[test]
fn a_responsive_drawing_has_no_size_and_a_styled_one_its_sheet() {
    let board = Board::standard();
    let svg = Drawing::new(&board)
        .responsive()
        .style(".square.dark { fill: #8ca2ad }")
        .to_svg();
    elements(&svg);
    assert!(svg.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" viewBox=\"0 0 872 872\">\n<style>.square.dark { fill: #8ca2ad }</style>\n<defs>"
    ));
    // A size afterwards gives it one again.
    let svg = Drawing::new(&board).responsive().size(90).to_svg();
    assert!(svg.contains(r#"width="90" height="90""#));
}

#[test]
fn a_piece_alone_is_the_piece_of_a_board() {
    let svg = PieceDrawing::new(Piece::WhiteQueen).size(45).to_svg();
    elements(&svg);
    assert_eq!(
        svg,
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"45\" height=\"45\" viewBox=\"0 0 100 100\">\n{}\n</svg>\n",
            fragments::piece(Piece::WhiteQueen, &Theme::DEFAULT)
        )
    );
    // The same parts as the queen's shape on a board.
    let board = board(&[(Square::D1, Piece::WhiteQueen)]);
    let drawing = Drawing::new(&board).to_svg();
    let parts = |svg: &str, open: &str| {
        let start = svg.find(open).unwrap();
        let body = &svg[start..];
        let body = &body[body.find('>').unwrap() + 1..];
        body[..body.find("</g>").unwrap()].to_owned()
    };
    assert_eq!(
        parts(&svg, r#"<g id="white-queen""#),
        parts(&drawing, r#"<g id="queen-shape""#)
    );
}
