//! Prints `src/pack/table.rs`, the rank code tables of the game format, as the training corpus
//! of `chess_notation::pack::training` gives them.
//!
//! `cargo xtask gen-tables` runs this and writes the output to the file (or, with `--check`, fails
//! when the file differs); the test `pack::rank_code_tables_are_fresh` compares the two too.
//! (Do not redirect the output onto the file by hand: the shell would empty the file before
//! the crate that includes it is built.)

use std::io::Write as _;

fn main() -> std::process::ExitCode {
    let table = chess_notation::pack::training::render_table();
    match std::io::stdout().lock().write_all(table.as_bytes()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot write the table: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
