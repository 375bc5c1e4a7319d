//! Helpers shared by the suites: a minimal FEN reader (FEN proper lives in chess-notation, which
//! depends on this crate) and perft data files. Random games come from chess-testdata.

use chess_core::{Board, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square};
use chess_rules::{CastlingMode, Position, PositionError, Setup};

/// Reads a FEN or EPD position (clocks optional), with `KQkq` or Shredder-FEN castling.
pub fn setup(fen: &str) -> Setup {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut board = Board::empty();
    for (i, rank_text) in fields[0].split('/').enumerate() {
        let rank = Rank::from_index(7 - i).expect("8 ranks");
        let mut file = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else {
                let piece = Piece::from_char(c).expect("piece letter");
                board.put(Square::new(File::from_index(file).unwrap(), rank), piece);
                file += 1;
            }
        }
    }
    let turn = Color::from_char(fields[1].chars().next().unwrap()).unwrap();
    let mut castling = CastlingRights::NONE;
    for c in fields[2].chars().filter(|&c| c != '-') {
        let color = Color::from_white(c.is_ascii_uppercase());
        let king = board
            .king_of(color)
            .unwrap_or(Square::new(File::E, Rank::First.relative_to(color)));
        let back = Rank::First.relative_to(color);
        let rook_file = match c.to_ascii_lowercase() {
            'k' => (king.file().index() + 1..8)
                .rev()
                .map(|f| File::from_index(f).unwrap())
                .find(|&f| {
                    board.piece_at(Square::new(f, back)) == Some(Piece::new(color, Role::Rook))
                })
                .unwrap_or(File::H),
            'q' => (0..king.file().index())
                .map(|f| File::from_index(f).unwrap())
                .find(|&f| {
                    board.piece_at(Square::new(f, back)) == Some(Piece::new(color, Role::Rook))
                })
                .unwrap_or(File::A),
            f => File::from_char(f).unwrap(),
        };
        let side = CastlingSide::from_king_and_rook(king, Square::new(rook_file, back));
        castling.add(color, side, rook_file);
    }
    let ep_square = fields.get(3).and_then(|s| s.parse().ok());
    let number = |i: usize, default: u32| {
        fields
            .get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves: number(4, 0),
        fullmoves: number(5, 1),
    }
}

/// The position of a FEN, allowing the impossible checks some perft suites contain on purpose
/// (for example two sliders checking along one diagonal from both sides).
pub fn perft_position(fen: &str) -> Position {
    position(fen)
        .or_else(|e| e.ignore(chess_rules::PositionErrorKinds::IMPOSSIBLE_CHECK))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position of a FEN, standard or Chess960 by the castling rights it needs.
pub fn position(fen: &str) -> Result<Position, PositionError> {
    let setup = setup(fen);
    let mode = CastlingMode::from_chess960(
        !setup.castling.is_standard() || {
            setup
                .castling
                .iter()
                .any(|(color, _, _)| setup.board.king_of(color).map(Square::file) != Some(File::E))
        },
    );
    Position::from_setup(setup, mode)
}

pub use chess_testdata::perft::{
    PerftRecord, fetched as fetched_perft, standard as standard_perft,
};
