//! Draws a position with every kind of mark into `board.svg`, and a Crazyhouse position with
//! its pockets into `crazyhouse.svg` (and both as PNG with the `png` feature): `cargo run -p
//! chess-svg --features png --example draw -- [DIR]`.

use chess_core::{Board, Color, Piece, Role, Square};
use chess_svg::{Drawing, Rgba};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    // 1. e4 f5 2. Qh5+: the black king is in check.
    let mut board = Board::standard();
    board.remove(Square::E2);
    board.put(Square::E4, Piece::WhitePawn);
    board.remove(Square::F7);
    board.put(Square::F5, Piece::BlackPawn);
    board.remove(Square::D1);
    board.put(Square::H5, Piece::WhiteQueen);
    let flipped = std::env::var_os("FLIP").is_some();
    let drawing = Drawing::new(&board)
        .orientation(if flipped { Color::Black } else { Color::White })
        .last_move(Square::D1, Square::H5)
        .check(Square::E8)
        .arrow(Square::G7, Square::G6, Rgba::GREEN)
        .arrow(Square::G1, Square::F3, Rgba::BLUE)
        .arrow(Square::H5, Square::E8, Rgba::RED)
        .arrow(Square::A2, Square::A4, Rgba::YELLOW)
        .circle(Square::E4, Rgba::RED)
        .circle(Square::D5, Rgba::YELLOW)
        .size(720);
    std::fs::write(dir.join("board.svg"), drawing.to_svg())?;
    #[cfg(feature = "png")]
    std::fs::write(dir.join("board.png"), drawing.to_png()?)?;
    // Crazyhouse, with the pieces taken in hand: white a knight and twelve pawns, black
    // a queen; black's other pockets empty, and faded.
    let crazyhouse = Drawing::new(&board)
        .orientation(if flipped { Color::Black } else { Color::White })
        .pockets(|color, role| match (color, role) {
            (Color::White, Role::Knight) => 1,
            (Color::White, Role::Pawn) => 12,
            (Color::Black, Role::Queen) => 1,
            _ => 0,
        })
        .size(720);
    std::fs::write(dir.join("crazyhouse.svg"), crazyhouse.to_svg())?;
    #[cfg(feature = "png")]
    std::fs::write(dir.join("crazyhouse.png"), crazyhouse.to_png()?)?;
    Ok(())
}
