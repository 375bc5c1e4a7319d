//! Draws a position with every kind of mark into `board.svg`, and `board.png` with the
//! `png` feature: `cargo run -p chess-svg --features png --example draw -- [DIR]`.

use chess_core::{Board, Color, Piece, Square};
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
    Ok(())
}
