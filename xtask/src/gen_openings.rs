//! `cargo xtask gen-tables`, the opening names: the Lichess opening names (CC0) as a Rust table
//! of `(ECO, name, moves)`, from the `eco`, `name` and `pgn` columns of the `[a-e].tsv` files
//! in `$CHESS_OPENINGS_DIR` or else `../shared/testdata/openings/` (beside the workspace). The
//! library plays each line on first use to index the names by position.
//!
//! The input lives outside the repository, so where it is absent, as on a clone of the
//! repository alone, this part (and its freshness test) says it skips, what it skipped and how
//! to provide the input; with `CHESS_REQUIRE_TEST_TOOLS=1` the skip is a failure.

use std::path::{Path, PathBuf};

use crate::generated::{HEADER, Mode, ensure_file, skip};

/// The generated file.
pub const OUTPUT_PATH: &str = "crates/chess-notation/src/openings/generated.rs";

/// The environment variable that names the input folder.
pub const DIR_VAR: &str = "CHESS_OPENINGS_DIR";

/// The input folder: `../shared/testdata/openings` beside the workspace root, or
/// `$CHESS_OPENINGS_DIR`.
pub fn input_dir(root: &Path) -> PathBuf {
    match std::env::var_os(DIR_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => root
            .join("..")
            .join("shared")
            .join("testdata")
            .join("openings"),
    }
}

/// Regenerates (or, in check mode, verifies) the table; skips, saying so, without the input.
pub fn run(root: &Path, mode: Mode) -> Result<(), String> {
    let dir = input_dir(root);
    if !dir.is_dir() {
        let from = if std::env::var_os(DIR_VAR).is_some_and(|d| !d.is_empty()) {
            format!("${DIR_VAR}")
        } else {
            format!("beside the workspace; ${DIR_VAR} is unset")
        };
        return skip(
            &format!(
                "{OUTPUT_PATH}: the Lichess opening names are not at {} ({from})",
                dir.display()
            ),
            &format!(
                "put the a.tsv to e.tsv files of lichess-org/chess-openings in \
                 ../shared/testdata/openings, or set {DIR_VAR} to their folder"
            ),
        );
    }
    let rendered = render(&dir)?;
    ensure_file(root, OUTPUT_PATH, &rendered, mode)
}

/// The generated source for the files of `dir`.
pub fn render(dir: &Path) -> Result<String, String> {
    let mut rows = Vec::new();
    for letter in ['a', 'b', 'c', 'd', 'e'] {
        let path = dir.join(format!("{letter}.tsv"));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        rows.extend(parse(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let mut out = String::new();
    out.push_str(HEADER);
    out.push_str(
        "//! The Lichess opening names (CC0 1.0): ECO code, name, and the moves of the line\n",
    );
    out.push_str(
        "//! in SAN, from the `[a-e].tsv` files of the lichess-org chess-openings data set.\n\n",
    );
    out.push_str(&format!(
        "/// The {} named lines, in the order of the files.\n",
        rows.len()
    ));
    out.push_str("#[rustfmt::skip]\n");
    out.push_str("pub(crate) static OPENINGS: &[(&str, &str, &str)] = &[\n");
    for (eco, name, moves) in rows {
        out.push_str(&format!("    ({eco:?}, {name:?}, {moves:?}),\n"));
    }
    out.push_str("];\n");
    Ok(out)
}

/// The rows of one file: a header `eco name pgn`, then three tab-separated columns per line.
pub fn parse(text: &str) -> Result<Vec<(String, String, String)>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, "eco\tname\tpgn")) => {}
        other => {
            return Err(format!(
                "line 1: expected the header \"eco\\tname\\tpgn\", found {:?}",
                other.map(|(_, l)| l)
            ));
        }
    }
    let mut rows = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [eco, name, moves] = fields[..] else {
            return Err(format!(
                "line {}: expected 3 tab-separated columns, found {}",
                i + 1,
                fields.len()
            ));
        };
        let eco_ok = eco.len() == 3
            && (b'A'..=b'E').contains(&eco.as_bytes()[0])
            && eco[1..].bytes().all(|b| b.is_ascii_digit());
        if !eco_ok || name.is_empty() || moves.is_empty() {
            return Err(format!(
                "line {}: expected an ECO code, a name and moves",
                i + 1
            ));
        }
        rows.push((eco.to_owned(), name.to_owned(), moves.to_owned()));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_openings_are_fresh() {
        let root = crate::project_root();
        run(&root, Mode::Check).unwrap();
    }

    #[test]
    fn malformed_files_are_refused_with_the_line() {
        assert!(parse("eco\tname\tpgn\nA00\tAmar\t1. Nh3\n").is_ok());
        let e = parse("eco\tname\tpgn\nA00\tAmar\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = parse("eco\tname\tpgn\nZ99\tX\t1. e4\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert!(parse("name\teco\n").is_err());
    }
}
