//! The pictures resvg makes of the drawings: where the pieces, marks, last move and check
//! land, read pixel by pixel (feature `png`).
//!
//! The drawings are 800 pixels wide without coordinates, so a square is 100 pixels and a1's
//! top left corner is at (0, 700) with white at the bottom.

use chess_core::{Board, Color, Piece, Square};
use chess_svg::{Drawing, PngError, Rgba, Theme};
use resvg::tiny_skia::Pixmap;

use crate::support::{board, qh5_check};

const THEME: Theme = Theme::DEFAULT;

/// A drawing of `board` that is 800 pixels wide, without coordinates.
fn plain(board: &Board) -> Drawing<'_> {
    Drawing::new(board).coordinates(false).size(800)
}

/// The drawing as resvg renders it, read back from its PNG bytes.
fn render(drawing: &Drawing<'_>) -> Pixmap {
    let png = drawing.to_png().expect("a png");
    let pixmap = Pixmap::decode_png(&png).expect("the png decodes");
    assert_eq!((pixmap.width(), pixmap.height()), drawing.dimensions());
    pixmap
}

/// The colour of a pixel (the pictures are opaque, so premultiplied is straight).
fn at(pixmap: &Pixmap, x: u32, y: u32) -> Rgba {
    let p = pixmap.pixel(x, y).expect("a pixel inside the picture");
    assert_eq!(p.alpha(), 255, "transparent pixel at ({x}, {y})");
    Rgba::rgb(p.red(), p.green(), p.blue())
}

/// `color` laid over the opaque `under`, as its alpha says.
fn over(color: Rgba, under: Rgba) -> Rgba {
    let a = f32::from(color.a) / 255.0;
    let mix =
        |top: u8, bottom: u8| (f32::from(top) * a + f32::from(bottom) * (1.0 - a)).round() as u8;
    Rgba::rgb(
        mix(color.r, under.r),
        mix(color.g, under.g),
        mix(color.b, under.b),
    )
}

/// Whether two colours are the same but for rounding.
fn near(a: Rgba, b: Rgba) -> bool {
    let close = |x: u8, y: u8| x.abs_diff(y) <= 3;
    close(a.r, b.r) && close(a.g, b.g) && close(a.b, b.b)
}

/// The pixels of a square (white at the bottom), with their coordinates.
fn pixels_of(pixmap: &Pixmap, square: Square) -> Vec<(u32, u32, Rgba)> {
    let x0 = square.file().index() as u32 * 100;
    let y0 = (7 - square.rank().index() as u32) * 100;
    let mut pixels = Vec::new();
    for y in y0..y0 + 100 {
        for x in x0..x0 + 100 {
            pixels.push((x, y, at(pixmap, x, y)));
        }
    }
    pixels
}

fn square_color(square: Square) -> Rgba {
    if square.is_light() {
        THEME.light
    } else {
        THEME.dark
    }
}

/// The colour laid over a square of the last move.
fn last_move_color(square: Square) -> Rgba {
    if square.is_light() {
        THEME.last_move_light
    } else {
        THEME.last_move_dark
    }
}

/// How many pixels of the square are near `color`.
fn count(pixmap: &Pixmap, square: Square, color: Rgba) -> usize {
    pixels_of(pixmap, square)
        .into_iter()
        .filter(|&(_, _, c)| near(c, color))
        .count()
}

/// Asserts that every pixel of the square is the plain square colour.
#[track_caller]
fn assert_empty(pixmap: &Pixmap, square: Square) {
    for (x, y, c) in pixels_of(pixmap, square) {
        assert_eq!(c, square_color(square), "{square} at ({x}, {y})");
    }
}

#[test]
fn a_piece_is_drawn_on_its_square_and_empty_squares_are_plain() {
    let board = board(&[
        (Square::E1, Piece::WhiteKing),
        (Square::E8, Piece::BlackKing),
    ]);
    let pixmap = render(&plain(&board));
    // The king's square, dark: much of it the king's fill, with its outline around it.
    assert!(Square::E1.is_dark());
    let e1 = pixels_of(&pixmap, Square::E1);
    let fill = count(&pixmap, Square::E1, THEME.white_piece);
    let outline = count(&pixmap, Square::E1, THEME.black_piece);
    assert!(fill > 1_000, "{fill} pixels of the white fill");
    assert!(outline > 300, "{outline} pixels of the outline");
    // Its centre is the king, not the square.
    assert!(
        e1.iter()
            .filter(|&&(x, y, _)| (440..460).contains(&x) && (740..760).contains(&y))
            .all(|&(_, _, c)| c != THEME.dark)
    );
    // The black king: dark fill, and light inner lines that the white king has dark.
    let dark = count(&pixmap, Square::E8, THEME.black_piece);
    let lines = count(&pixmap, Square::E8, THEME.white_piece);
    assert!(dark > 1_000, "{dark} pixels of the black fill");
    assert!(
        lines > 50,
        "{lines} pixels of light lines on the black king"
    );
    // Empty squares, light and dark, are their colour to the last pixel.
    for square in [Square::D1, Square::F1, Square::E2, Square::A8, Square::H1] {
        assert_empty(&pixmap, square);
    }
}

#[test]
fn a_turned_board_puts_the_piece_on_the_mirrored_square() {
    let board = board(&[(Square::B1, Piece::WhiteKnight)]);
    let white = render(&plain(&board));
    let black = render(&plain(&board).orientation(Color::Black));
    // Turned, b1 is drawn where g8 is drawn the right way up, and the knight's pixels go
    // with it.
    assert!(count(&white, Square::B1, THEME.white_piece) > 800);
    assert_eq!(count(&white, Square::G8, THEME.white_piece), 0);
    assert!(count(&black, Square::G8, THEME.white_piece) > 800);
    assert_empty(&black, Square::B1);
    // The same square colours: a1 and h8 are both dark, at the bottom left either way.
    assert_eq!(at(&white, 1, 798), THEME.dark);
    assert_eq!(at(&black, 1, 798), THEME.dark);
    // The knight faces left either way: more of it on the left half of its square.
    let left_heavy = |pixmap: &Pixmap, square: Square| {
        let pixels = pixels_of(pixmap, square);
        let x0 = pixels[0].0;
        let inked = |left: bool| {
            pixels
                .iter()
                .filter(|&&(x, _, c)| (x < x0 + 50) == left && c != square_color(square))
                .count()
        };
        (inked(true), inked(false))
    };
    assert_eq!(
        left_heavy(&white, Square::B1),
        left_heavy(&black, Square::G8)
    );
}

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

#[test]
fn an_arrow_runs_between_the_centres_of_its_squares_and_nowhere_else() {
    let board = Board::empty();
    let pixmap = render(&plain(&board).arrow(Square::B2, Square::G6, Rgba::BLUE));
    let (from, to) = ((150.0, 650.0), (650.0, 250.0));
    let on_light = over(Rgba::BLUE, THEME.light);
    let on_dark = over(Rgba::BLUE, THEME.dark);
    // Along the line from b2's centre to g6's, whatever the square below.
    for step in 1..=16 {
        let t = step as f32 / 20.0;
        let (x, y) = (from.0 + t * (to.0 - from.0), from.1 + t * (to.1 - from.1));
        let c = at(&pixmap, x as u32, y as u32);
        assert!(near(c, on_light) || near(c, on_dark), "{c:?} at ({x}, {y})");
    }
    // The head: wider than the shaft, near the tip.
    let head = at(&pixmap, 650 - 32 + 14, 250 + 24 + 14);
    assert!(near(head, on_light) || near(head, on_dark), "{head:?}");
    // No pixel of its colour far from it, and a great many plain ones.
    let mut plain_pixels = 0;
    for y in 0..800 {
        for x in 0..800 {
            let c = at(&pixmap, x, y);
            let d = distance_to_segment((x as f32 + 0.5, y as f32 + 0.5), from, to);
            if near(c, on_light) || near(c, on_dark) {
                assert!(d < 26.0, "arrow colour at ({x}, {y}), {d} from the arrow");
            }
            if d > 30.0 {
                let square = Square::new(
                    chess_core::File::from_index(x as usize / 100).unwrap(),
                    chess_core::Rank::from_index(7 - y as usize / 100).unwrap(),
                );
                assert_eq!(c, square_color(square), "({x}, {y})");
                plain_pixels += 1;
            }
        }
    }
    assert!(plain_pixels > 500_000, "{plain_pixels}");
}

#[test]
fn a_circle_is_a_ring_on_its_square() {
    let board = Board::empty();
    let pixmap = render(&plain(&board).circle(Square::D4, Rgba::RED));
    let ring = over(Rgba::RED, square_color(Square::D4));
    let (cx, cy) = (350.0_f32, 450.0_f32);
    for degrees in (0..360).step_by(30) {
        let (sin, cos) = (degrees as f32).to_radians().sin_cos();
        let on_ring = at(&pixmap, (cx + 45.0 * cos) as u32, (cy + 45.0 * sin) as u32);
        assert!(near(on_ring, ring), "{on_ring:?} at {degrees}°");
        let inside = at(&pixmap, (cx + 30.0 * cos) as u32, (cy + 30.0 * sin) as u32);
        assert_eq!(inside, square_color(Square::D4), "inside at {degrees}°");
    }
    // The same with an arrow from d4 to d4.
    let same = render(&plain(&board).arrow(Square::D4, Square::D4, Rgba::RED));
    assert_eq!(pixmap.data(), same.data());
    assert_empty(&pixmap, Square::D5);
    assert_empty(&pixmap, Square::C4);
}

#[test]
fn the_last_move_colours_both_of_its_squares() {
    let board = board(&[(Square::E4, Piece::WhitePawn)]);
    let pixmap = render(&plain(&board).last_move(Square::E2, Square::E4));
    for square in [Square::E2, Square::E4] {
        let marked = over(last_move_color(square), square_color(square));
        assert_ne!(marked, square_color(square));
        // Its corner, where no piece reaches.
        let (_, _, corner) = pixels_of(&pixmap, square)[5 * 100 + 5];
        assert!(near(corner, marked), "{square}: {corner:?} vs {marked:?}");
    }
    // e2 is empty: all of it the highlight.
    let e2 = over(last_move_color(Square::E2), square_color(Square::E2));
    assert_eq!(count(&pixmap, Square::E2, e2), 100 * 100);
    assert_empty(&pixmap, Square::E3);
    assert_empty(&pixmap, Square::D2);
}

#[test]
fn a_king_in_check_glows_red_on_its_square() {
    let board = qh5_check();
    let calm = render(&plain(&board));
    let checked = render(&plain(&board).check(Square::E8));
    let redness = |c: Rgba| i32::from(c.r) - i32::from(c.g);
    // Beside the king (e8's square runs from (400, 0) to (500, 100)): red, and more so nearer
    // the centre of the square.
    let plain_square = at(&calm, 425, 30);
    assert_eq!(plain_square, square_color(Square::E8));
    let near_centre = at(&checked, 425, 30);
    let near_edge = at(&checked, 410, 50);
    assert!(
        redness(near_centre) > redness(plain_square) + 60,
        "{near_centre:?}"
    );
    assert!(redness(near_edge) > redness(plain_square), "{near_edge:?}");
    assert!(redness(near_centre) > redness(near_edge));
    // The king is still drawn over it, and the glow stays in its square.
    assert!(count(&checked, Square::E8, THEME.black_piece) > 1_000);
    for (x, y) in [(400, 1), (499, 1), (400, 99), (499, 99)] {
        assert_eq!(at(&checked, x, y), at(&calm, x, y), "corner ({x}, {y})");
    }
    assert_eq!(
        pixels_of(&checked, Square::D8),
        pixels_of(&calm, Square::D8)
    );
    assert_eq!(
        pixels_of(&checked, Square::E7),
        pixels_of(&calm, Square::E7)
    );
}

#[test]
fn every_drawing_is_svg_that_resvg_reads() {
    let board = qh5_check();
    let empty = Board::empty();
    let drawings = [
        Drawing::new(&board),
        Drawing::new(&board).coordinates(false),
        Drawing::new(&board)
            .orientation(Color::Black)
            .last_move(Square::D1, Square::H5)
            .check(Square::E8)
            .arrow(Square::G1, Square::F3, Rgba::YELLOW)
            .circle(Square::E4, Rgba::GREEN),
        Drawing::new(&empty),
        Drawing::new(&board)
            .borders(true)
            .fill(Square::E4, Rgba::RED)
            .crosses(chess_core::Bitboard::FULL)
            .style(".arrow > line { stroke-width: 9 } .square.dark { fill: teal }")
            .arrow(Square::A1, Square::H8, Rgba::BLUE),
    ];
    for drawing in drawings {
        let svg = drawing.to_svg();
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("{e}: {svg}"));
        assert_eq!(tree.size().width(), 400.0);
        assert_eq!(tree.size().height(), 400.0);
    }
}

#[test]
fn coordinates_are_drawn_in_the_margin() {
    // At 872 pixels a unit of the drawing is a pixel: the board from 36 to 836.
    let board = Board::empty();
    let pixmap = render(&Drawing::new(&board).size(872));
    assert_eq!(at(&pixmap, 5, 5), THEME.frame);
    assert_eq!(at(&pixmap, 36 + 50, 36 + 50), THEME.light);
    // The label "a" under the a-file and "1" beside the first rank, in the label colour.
    let inked = |x0: u32, y0: u32, w: u32, h: u32| {
        (y0..y0 + h)
            .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
            .filter(|&(x, y)| near(at(&pixmap, x, y), THEME.coordinates))
            .count()
    };
    assert!(inked(36 + 40, 836 + 6, 20, 26) > 20);
    assert!(inked(8, 736 + 36, 20, 28) > 20);
    // Nothing of that colour between the labels.
    assert_eq!(inked(36 + 70, 836 + 6, 60, 26), 0);
}

#[test]
fn sizes_out_of_range_are_errors() {
    let board = Board::standard();
    for size in [0, Drawing::MAX_PNG_SIZE + 1] {
        let error = Drawing::new(&board).size(size).to_png().unwrap_err();
        assert!(matches!(error, PngError::Size { size: s } if s == size));
        assert_eq!(
            error.to_string(),
            format!("cannot make a png of {size}x{size} pixels: the size must be 1 to 8192")
        );
    }
    let png = Drawing::new(&board).size(1).to_png().unwrap();
    assert_eq!(Pixmap::decode_png(&png).unwrap().width(), 1);
}

#[test]
fn fills_crosses_and_borders_show_where_they_are_put() {
    let board = board(&[(Square::E4, Piece::WhiteKnight)]);
    let red = Rgba::rgb(0xc0, 0x10, 0x10);
    let pixmap = render(
        &plain(&board)
            .fill(Square::C3, red)
            .fill(Square::D4, red.with_alpha(0x80))
            .cross(Square::F6)
            .cross(Square::E4),
    );
    // A fill covers its square, over the square's own colour.
    assert_eq!(count(&pixmap, Square::C3, red), 100 * 100);
    let half = over(red.with_alpha(0x80), square_color(Square::D4));
    assert_eq!(count(&pixmap, Square::D4, half), 100 * 100);
    // A cross: dark strokes through the centre and the corners' diagonals, a light edge, the
    // square's colour elsewhere.
    let f6 = pixels_of(&pixmap, Square::F6);
    let (x0, y0) = (f6[0].0, f6[0].1);
    assert_eq!(at(&pixmap, x0 + 50, y0 + 50), THEME.black_piece);
    assert_eq!(at(&pixmap, x0 + 35, y0 + 35), THEME.black_piece);
    assert_eq!(at(&pixmap, x0 + 65, y0 + 35), THEME.black_piece);
    assert_eq!(at(&pixmap, x0 + 50, y0 + 5), square_color(Square::F6));
    assert_eq!(at(&pixmap, x0 + 5, y0 + 50), square_color(Square::F6));
    assert!(count(&pixmap, Square::F6, THEME.white_piece) > 100);
    // Over a piece, the cross is on top.
    let (ex, ey) = (400, 400);
    assert_eq!(at(&pixmap, ex + 50, ey + 50), THEME.black_piece);
    assert_empty(&pixmap, Square::E5);

    // Borders: at 884 pixels a unit is a pixel; the outer line, the margin, the inner line,
    // the board.
    let empty = Board::empty();
    let pixmap = render(&Drawing::new(&empty).borders(true).size(884));
    assert_eq!(at(&pixmap, 1, 400), THEME.outer_border);
    assert_eq!(at(&pixmap, 10, 400), THEME.frame);
    assert_eq!(at(&pixmap, 40, 400), THEME.inner_border);
    assert_eq!(at(&pixmap, 41, 441), THEME.inner_border);
    assert_eq!(at(&pixmap, 43, 43), THEME.light);
    assert_eq!(at(&pixmap, 882, 882), THEME.outer_border);
}

#[test]
fn a_style_sheet_overrides_the_theme() {
    let board = Board::empty();
    let teal = Rgba::rgb(0, 0x80, 0x80);
    let pixmap = render(&plain(&board).style(".square.dark { fill: teal }"));
    assert_eq!(at(&pixmap, 50, 750), teal);
    assert_eq!(at(&pixmap, 150, 750), THEME.light);
}

#[test]
fn pockets_stand_on_their_trays_beside_the_board() {
    // 800 pixels high without coordinates: a unit is a pixel, the strip from 800 to 960.
    let board = Board::standard();
    let drawing = plain(&board).pockets(|color, role| {
        u8::from(color == Color::White && role == chess_core::Role::Pawn) * 16
    });
    let pixmap = render(&drawing);
    assert_eq!((pixmap.width(), pixmap.height()), (960, 800));
    // The board as without the strip: h1's corner light, a1's dark.
    assert_eq!(at(&pixmap, 795, 795), THEME.light);
    assert_eq!(at(&pixmap, 5, 795), THEME.dark);
    // The strip's background, then the tray (from 812, 80 wide) at its corners' inside.
    assert_eq!(at(&pixmap, 805, 400), THEME.frame);
    assert_eq!(at(&pixmap, 955, 10), THEME.frame);
    assert_eq!(at(&pixmap, 815, 795), THEME.light);
    // White's pawns (a row from 400 to 480, the pawn's body about its middle) are drawn in
    // full, black's faded pawn (320 to 400) over the tray shows less of its colour.
    let dark_in = |y0: u32| {
        (812..892)
            .flat_map(|x| (y0..y0 + 80).map(move |y| (x, y)))
            .filter(|&(x, y)| near(at(&pixmap, x, y), THEME.black_piece))
            .count()
    };
    assert!(dark_in(400) > 200, "{}", dark_in(400));
    assert!(dark_in(320) < 20, "{}", dark_in(320));
    // The digits of 16 in the coordinates' colour, right of the tray.
    let digits = (904..950)
        .flat_map(|x| (400..480).map(move |y| (x, y)))
        .filter(|&(x, y)| near(at(&pixmap, x, y), THEME.coordinates))
        .count();
    assert!(digits > 150, "{digits}");
}
