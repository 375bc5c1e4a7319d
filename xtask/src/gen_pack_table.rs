//! `cargo xtask gen-tables`, the game format's rank code tables:
//! `crates/chess-notation/src/pack/table.rs`, the Huffman code lengths of the ranks of the
//! moves in each coding context, derived from a corpus of games the ranking model plays itself
//! (`chess_notation::pack::training`; `docs/formats.md` says how).
//!
//! The corpus needs the model, and xtask has no dependencies, so (as `match-openings` does with
//! the `chess` program) the rendering comes from a program of the workspace: chess-notation's
//! `pack_table` example, which prints the file. It is built with the dev profile (optimised
//! in this workspace) and takes about two seconds to run once built. The table is part of the
//! game format: in practice this part only confirms that the file is what the code says.
//!
//! The example's crate includes the file, so a file that does not compile (a bad merge) stops
//! the generator from building: the message says to restore it from git first.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::generated::{Mode, ensure_file};

/// The generated file.
pub const OUTPUT_PATH: &str = "crates/chess-notation/src/pack/table.rs";

/// The cargo arguments that run the generator (cargo's own lines, on stderr, show its build).
const GENERATOR: [&str; 5] = ["run", "-p", "chess-notation", "--example", "pack_table"];

/// Regenerates (or, in check mode, verifies) the table.
pub fn run(root: &Path, mode: Mode) -> Result<(), String> {
    let rendered = render(root)?;
    ensure_file(root, OUTPUT_PATH, &rendered, mode)
}

/// The file as the generator prints it.
fn render(root: &Path) -> Result<String, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let command = format!("cargo {}", GENERATOR.join(" "));
    let output = Command::new(cargo)
        .args(GENERATOR)
        .current_dir(root)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {command}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{command} failed ({}), so {OUTPUT_PATH} cannot be checked; if the file itself does \
             not compile, restore it (`git checkout -- {OUTPUT_PATH}`) and run this again",
            output.status
        ));
    }
    let text = String::from_utf8(output.stdout)
        .map_err(|_| format!("{command} printed something that is not UTF-8"))?;
    if !text.starts_with(crate::generated::HEADER) {
        return Err(format!(
            "{command} printed no `@generated` header: not a rendering of {OUTPUT_PATH}"
        ));
    }
    Ok(text)
}
