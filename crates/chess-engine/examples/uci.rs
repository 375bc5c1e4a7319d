//! The engine as a UCI program on standard input and output, for GUIs and match runners:
//! `cargo run --release -p chess-engine --example uci`.

use std::io;

fn main() -> io::Result<()> {
    chess_engine::uci::run(io::stdin().lock(), io::stdout())
}
