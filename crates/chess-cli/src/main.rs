//! The `chess` command-line program.

fn main() {
    print!("{}", chess_core::Board::standard());
}
