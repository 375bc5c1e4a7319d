//! Regenerates `src/pack/table.rs`, the rank code tables of the game format, from the generated
//! training corpus; with `--check`, only says whether the file is fresh.
//!
//! ```text
//! cargo run -p chess-notation --example pack_table [-- --check]
//! ```

#[path = "../tests/tests/pack/corpus.rs"]
mod corpus;

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let path = corpus::table_path();
    let fresh = corpus::render_table();
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current.replace("\r\n", "\n") == fresh {
        println!("{} is fresh", path.display());
    } else if check {
        eprintln!(
            "crates/chess-notation/src/pack/table.rs is stale: run `cargo run -p chess-notation --example pack_table` and commit"
        );
        std::process::exit(1);
    } else {
        std::fs::write(&path, fresh).expect("write the table");
        println!("wrote {}", path.display());
    }
}
