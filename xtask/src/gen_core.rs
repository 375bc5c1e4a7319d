//! `cargo xtask gen-tables`, the chess-core tables: computes the attack tables and the Zobrist keys
//! with slow, obviously correct code and writes them as Rust source under
//! `crates/chess-core/src/`.
//!
//! Everything here works on raw `u64` bitboards and (file, rank) coordinates, on purpose: this
//! crate must not depend on chess-core, whose build includes the files it writes. The output is
//! deterministic (a fixed seed for the magic search, no timestamps), so running it twice changes
//! nothing.

use std::fmt::Write as _;
use std::path::Path;

use chess_testdata::Rng;

use crate::generated::{HEADER, Mode, ensure_file};

const ATTACKS_PATH: &str = "crates/chess-core/src/attacks/generated.rs";
const MAGIC_TABLE_PATH: &str = "crates/chess-core/src/attacks/magic_table.rs";
const PEXT_TABLE_PATH: &str = "crates/chess-core/src/attacks/pext_table.rs";
const ZOBRIST_PATH: &str = "crates/chess-core/src/zobrist/generated.rs";
/// The 781 Polyglot keys, one hexadecimal number per line: the data the Zobrist table is made of.
const POLYGLOT_KEYS_PATH: &str = "crates/chess-core/data/polyglot-random64.txt";

/// Regenerates (or, in check mode, verifies) every generated file.
pub fn run(root: &Path, mode: Mode) -> Result<(), String> {
    ensure_files(root, &render(root)?, mode)
}

/// Makes every rendered file under `root` hold its rendering; in check mode, fails naming the
/// first file that does not. Separate from [`run`] so tests can point it at a scratch copy.
fn ensure_files(root: &Path, files: &[(&str, String)], mode: Mode) -> Result<(), String> {
    for (path, contents) in files {
        ensure_file(root, path, contents, mode)?;
    }
    Ok(())
}

/// Renders every generated file: `(path relative to the root, contents)`.
pub fn render(root: &Path) -> Result<Vec<(&'static str, String)>, String> {
    let sliders = Sliders::compute();
    let keys_text = std::fs::read_to_string(root.join(POLYGLOT_KEYS_PATH))
        .map_err(|e| format!("cannot read {POLYGLOT_KEYS_PATH}: {e}"))?;
    let keys = parse_polyglot_keys(&keys_text)?;
    Ok(vec![
        (ATTACKS_PATH, render_attacks(&sliders)),
        (
            MAGIC_TABLE_PATH,
            render_slider_table("magic multiplication", &sliders.magic_table),
        ),
        (
            PEXT_TABLE_PATH,
            render_slider_table("`pext` (BMI2 parallel bit extract)", &sliders.pext_table),
        ),
        (ZOBRIST_PATH, render_zobrist(&keys)),
    ])
}

// ---------------------------------------------------------------------------------------------
// Geometry, the slow way.

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn bit(file: i32, rank: i32) -> u64 {
    1 << (rank * 8 + file)
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

fn coords(sq: usize) -> (i32, i32) {
    ((sq % 8) as i32, (sq / 8) as i32)
}

/// The squares reached by single steps `steps` from `sq`.
fn leaper(sq: usize, steps: &[(i32, i32)]) -> u64 {
    let (f, r) = coords(sq);
    steps
        .iter()
        .filter(|&&(df, dr)| on_board(f + df, r + dr))
        .map(|&(df, dr)| bit(f + df, r + dr))
        .fold(0, |acc, b| acc | b)
}

/// Walks each direction from `sq` until the edge or the first occupied square (included).
fn slide(sq: usize, occupied: u64, directions: &[(i32, i32)]) -> u64 {
    let (f, r) = coords(sq);
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut x, mut y) = (f + df, r + dr);
        while on_board(x, y) {
            attacks |= bit(x, y);
            if occupied & bit(x, y) != 0 {
                break;
            }
            x += df;
            y += dr;
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: its empty-board rays without the
/// last square of each ray (a blocker on the edge changes nothing).
fn relevant_mask(sq: usize, directions: &[(i32, i32)]) -> u64 {
    let (f, r) = coords(sq);
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut x, mut y) = (f + df, r + dr);
        while on_board(x + df, y + dr) {
            mask |= bit(x, y);
            x += df;
            y += dr;
        }
    }
    mask
}

/// The squares strictly between `a` and `b` when they share a line, else nothing.
fn between(a: usize, b: usize) -> u64 {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return 0;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut squares = 0;
    let (mut x, mut y) = (fa + sf, ra + sr);
    while (x, y) != (fb, rb) {
        squares |= bit(x, y);
        x += sf;
        y += sr;
    }
    squares
}

/// The whole line (edge to edge) through `a` and `b` when they share one, else nothing.
fn line(a: usize, b: usize) -> u64 {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return 0;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut squares = bit(fa, ra);
    for (sf, sr) in [(sf, sr), (-sf, -sr)] {
        let (mut x, mut y) = (fa + sf, ra + sr);
        while on_board(x, y) {
            squares |= bit(x, y);
            x += sf;
            y += sr;
        }
    }
    squares
}

/// Deposits the low bits of `index` into the set bits of `mask`, lowest first: the inverse of
/// `pext`, written as a loop.
fn deposit(index: usize, mask: u64) -> u64 {
    let mut result = 0;
    let mut rest = mask;
    let mut i = 0;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if index >> i & 1 != 0 {
            result |= lowest;
        }
        rest &= rest - 1;
        i += 1;
    }
    result
}

// ---------------------------------------------------------------------------------------------
// Magic bitboards.

/// The parameters of one square of one slider.
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Sliders {
    rook: Vec<Entry>,
    bishop: Vec<Entry>,
    /// Attack sets indexed by `offset + (occupied & mask) * magic >> shift`.
    magic_table: Vec<u64>,
    /// Attack sets indexed by `offset + pext(occupied, mask)`.
    pext_table: Vec<u64>,
}

/// A magic candidate: numbers with few bits set make good ones (three numbers and-ed, so each
/// bit is set one time in eight).
fn sparse(rng: &mut Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

impl Sliders {
    fn compute() -> Sliders {
        // A fixed seed, so the magic search always finds the same numbers.
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut magic_table = Vec::new();
        let mut pext_table = Vec::new();
        let mut entries = |directions: &[(i32, i32)]| -> Vec<Entry> {
            (0..64)
                .map(|sq| {
                    let mask = relevant_mask(sq, directions);
                    let bits = mask.count_ones();
                    let offset = magic_table.len();
                    let size = 1usize << bits;
                    let occupancies: Vec<u64> = (0..size).map(|i| deposit(i, mask)).collect();
                    let attacks: Vec<u64> = occupancies
                        .iter()
                        .map(|&occ| slide(sq, occ, directions))
                        .collect();
                    pext_table.extend_from_slice(&attacks);
                    let (magic, table) = find_magic(&mut rng, &occupancies, &attacks, bits);
                    magic_table.extend_from_slice(&table);
                    Entry {
                        mask,
                        magic,
                        shift: 64 - bits,
                        offset,
                    }
                })
                .collect()
        };
        let rook = entries(&ROOK_DIRECTIONS);
        let bishop = entries(&BISHOP_DIRECTIONS);
        Sliders {
            rook,
            bishop,
            magic_table,
            pext_table,
        }
    }
}

/// Searches for a multiplier that maps every occupancy to a slot holding its attack set
/// (different occupancies may share a slot only when their attacks agree).
fn find_magic(rng: &mut Rng, occupancies: &[u64], attacks: &[u64], bits: u32) -> (u64, Vec<u64>) {
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    // `epoch[i] == attempt` marks slot `i` as filled in this attempt, so no clearing is needed.
    let mut epoch = vec![0u32; size];
    for attempt in 1.. {
        let magic = sparse(rng);
        let ok = occupancies.iter().zip(attacks).all(|(&occ, &att)| {
            let index = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                table[index] = att;
                true
            } else {
                table[index] == att
            }
        });
        if ok {
            // Slots no occupancy maps to are never read; make them 0 so the output is canonical.
            for (slot, &e) in table.iter_mut().zip(&epoch) {
                if e != attempt {
                    *slot = 0;
                }
            }
            return (magic, table);
        }
    }
    unreachable!("the attempt counter is unbounded")
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys.

fn parse_polyglot_keys(text: &str) -> Result<Vec<u64>, String> {
    let keys: Vec<u64> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let hex = line.trim_start_matches("0x").trim_start_matches("0X");
            u64::from_str_radix(hex, 16)
                .map_err(|e| format!("{POLYGLOT_KEYS_PATH}: key {}: {e}: {line:?}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    if keys.len() != 781 {
        return Err(format!(
            "{POLYGLOT_KEYS_PATH}: expected 781 keys, found {}",
            keys.len()
        ));
    }
    Ok(keys)
}

// ---------------------------------------------------------------------------------------------
// Rendering.

fn write_u64_array(out: &mut String, name: &str, doc: &str, values: &[u64]) {
    writeln!(out, "/// {doc}").unwrap();
    writeln!(out, "#[rustfmt::skip]").unwrap();
    writeln!(out, "pub(super) static {name}: [u64; {}] = [", values.len()).unwrap();
    write_u64_rows(out, values, "    ");
    out.push_str("];\n\n");
}

fn write_u64_rows(out: &mut String, values: &[u64], indent: &str) {
    for row in values.chunks(4) {
        out.push_str(indent);
        let cells: Vec<String> = row.iter().map(|v| format!("{v:#018x},")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
}

fn write_u64_table(out: &mut String, name: &str, doc: &str, table: &[Vec<u64>]) {
    writeln!(out, "/// {doc}").unwrap();
    writeln!(out, "#[rustfmt::skip]").unwrap();
    writeln!(
        out,
        "pub(super) static {name}: [[u64; {}]; {}] = [",
        table[0].len(),
        table.len()
    )
    .unwrap();
    for row in table {
        out.push_str("    [\n");
        write_u64_rows(out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n\n");
}

fn write_magics(out: &mut String, name: &str, doc: &str, entries: &[Entry]) {
    writeln!(out, "/// {doc}").unwrap();
    writeln!(out, "#[rustfmt::skip]").unwrap();
    writeln!(out, "pub(super) static {name}: [Magic; 64] = [").unwrap();
    for e in entries {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
            e.mask, e.magic, e.shift, e.offset
        )
        .unwrap();
    }
    out.push_str("];\n\n");
}

fn render_attacks(sliders: &Sliders) -> String {
    let knight: Vec<u64> = (0..64).map(|sq| leaper(sq, &KNIGHT_STEPS)).collect();
    let king: Vec<u64> = (0..64).map(|sq| leaper(sq, &KING_STEPS)).collect();
    let pawn: Vec<Vec<u64>> = [1, -1]
        .iter()
        .map(|&dr| (0..64).map(|sq| leaper(sq, &[(-1, dr), (1, dr)])).collect())
        .collect();
    let between: Vec<Vec<u64>> = (0..64)
        .map(|a| (0..64).map(|b| between(a, b)).collect())
        .collect();
    let line: Vec<Vec<u64>> = (0..64)
        .map(|a| (0..64).map(|b| line(a, b)).collect())
        .collect();

    let mut out = String::from(HEADER);
    out.push_str(
        "//! Leaper attacks, lines between squares and the parameters of the magic and `pext`\n\
         //! slider lookups. Both slider tables share these masks and offsets.\n\n\
         use super::magic::Magic;\n\n",
    );
    write_u64_array(
        &mut out,
        "KNIGHT",
        "Knight attacks from each square.",
        &knight,
    );
    write_u64_array(&mut out, "KING", "King attacks from each square.", &king);
    write_u64_table(
        &mut out,
        "PAWN",
        "Pawn captures from each square: white (north) first, then black (south).",
        &pawn,
    );
    let rook_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &ROOK_DIRECTIONS)).collect();
    let bishop_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &BISHOP_DIRECTIONS)).collect();
    write_u64_array(
        &mut out,
        "ROOK_RAYS",
        "Rook attacks from each square on an empty board.",
        &rook_rays,
    );
    write_u64_array(
        &mut out,
        "BISHOP_RAYS",
        "Bishop attacks from each square on an empty board.",
        &bishop_rays,
    );
    write_u64_table(
        &mut out,
        "BETWEEN",
        "The squares strictly between two squares on a common line, else empty.",
        &between,
    );
    write_u64_table(
        &mut out,
        "LINE",
        "The whole line through two squares, edge to edge, else empty.",
        &line,
    );
    write_magics(
        &mut out,
        "ROOK_MAGICS",
        "Rook lookup parameters of each square.",
        &sliders.rook,
    );
    write_magics(
        &mut out,
        "BISHOP_MAGICS",
        "Bishop lookup parameters of each square.",
        &sliders.bishop,
    );
    finish(out)
}

/// Leaves exactly one newline at the end, as rustfmt wants.
fn finish(mut out: String) -> String {
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

fn render_slider_table(indexing: &str, table: &[u64]) -> String {
    let mut out = String::from(HEADER);
    writeln!(
        out,
        "//! Rook and bishop attack sets for every relevant occupancy, indexed by {indexing}.\n"
    )
    .unwrap();
    write_u64_array(
        &mut out,
        "SLIDER_ATTACKS",
        "Attack sets; rook squares first, then bishop squares, at the offsets of `Magic`.",
        table,
    );
    finish(out)
}

fn render_zobrist(keys: &[u64]) -> String {
    // Polyglot orders its 768 piece keys by "kind" (black pawn 0, white pawn 1, black knight 2,
    // …), then square. Re-index them by `Piece::index()` (white pawn 0 … black king 11).
    let pieces: Vec<Vec<u64>> = (0..12)
        .map(|index| {
            let (white, role) = (index < 6, index % 6);
            let kind = 2 * role + usize::from(white);
            keys[64 * kind..64 * kind + 64].to_vec()
        })
        .collect();
    let castling_keys = &keys[768..772];
    // One key per set of castling sides (bit 0 white king side … bit 3 black queen side).
    let castling: Vec<u64> = (0..16usize)
        .map(|set| {
            (0..4)
                .filter(|i| set >> i & 1 != 0)
                .fold(0, |acc, i| acc ^ castling_keys[i])
        })
        .collect();

    let mut out = String::from(HEADER);
    out.push_str(
        "//! The Polyglot Zobrist keys, from `crates/chess-core/data/polyglot-random64.txt`, and the\n\
         //! cuckoo table of the reversible moves' key differences.\n\n",
    );
    write_u64_table(
        &mut out,
        "PIECE",
        "Keys of a piece on a square, by `Piece::index()` then square.",
        &pieces,
    );
    write_u64_array(
        &mut out,
        "CASTLING",
        "Keys of each set of castling sides, by `CastlingSides::bits()`.",
        &castling,
    );
    write_u64_array(
        &mut out,
        "EN_PASSANT",
        "Keys of the en passant file.",
        &keys[772..780],
    );
    writeln!(
        out,
        "/// The key XORed in when white is to move.\n\
         pub(super) const WHITE_TO_MOVE: u64 = {:#018x};\n",
        keys[780]
    )
    .unwrap();
    let (cuckoo_keys, cuckoo_squares) = cuckoo(&pieces, keys[780]);
    write_u64_array(
        &mut out,
        "CUCKOO_KEYS",
        "The hash differences of the reversible moves, in their cuckoo slots (0 where empty).",
        &cuckoo_keys,
    );
    writeln!(
        out,
        "/// The two squares of the move in each slot of `CUCKOO_KEYS`, the lower in bits 0 to 5.\n\
         #[rustfmt::skip]\n\
         pub(super) static CUCKOO_SQUARES: [u16; {CUCKOO_SIZE}] = ["
    )
    .unwrap();
    for row in cuckoo_squares.chunks(12) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:#06x},")).collect();
        writeln!(out, "    {}", cells.join(" ")).unwrap();
    }
    out.push_str("];\n");
    out
}

/// Slots of the cuckoo table of reversible moves: a power of two, over twice the 3 668 moves.
const CUCKOO_SIZE: usize = 8192;

/// The two slots a hash difference may occupy.
fn cuckoo_slots(key: u64) -> [usize; 2] {
    [(key & 0x1fff) as usize, ((key >> 16) & 0x1fff) as usize]
}

/// The cuckoo table of the moves a knight, bishop, rook, queen or king of either colour makes
/// between two squares on an empty board, keyed by the change of the hash (the piece's two
/// keys and the side to move's): Marcel van Kervinck's table, which Stockfish uses to see a
/// repetition one move away. Each key sits in one of its two slots; an insertion that finds
/// the slot taken moves the occupant to its other slot, and so on until a slot is free.
fn cuckoo(pieces: &[Vec<u64>], white_to_move: u64) -> (Vec<u64>, Vec<u16>) {
    let mut keys = vec![0u64; CUCKOO_SIZE];
    let mut squares = vec![0u16; CUCKOO_SIZE];
    let mut count = 0;
    for (index, piece_keys) in pieces.iter().enumerate() {
        let targets = |sq: usize| match index % 6 {
            1 => leaper(sq, &KNIGHT_STEPS),
            2 => slide(sq, 0, &BISHOP_DIRECTIONS),
            3 => slide(sq, 0, &ROOK_DIRECTIONS),
            4 => slide(sq, 0, &BISHOP_DIRECTIONS) | slide(sq, 0, &ROOK_DIRECTIONS),
            5 => leaper(sq, &KING_STEPS),
            _ => 0,
        };
        for a in 0..64 {
            for b in a + 1..64 {
                if targets(a) >> b & 1 == 0 {
                    continue;
                }
                let mut key = piece_keys[a] ^ piece_keys[b] ^ white_to_move;
                let mut move_squares = (a | b << 6) as u16;
                let mut slot = cuckoo_slots(key)[0];
                loop {
                    std::mem::swap(&mut keys[slot], &mut key);
                    std::mem::swap(&mut squares[slot], &mut move_squares);
                    if key == 0 {
                        break;
                    }
                    let [first, second] = cuckoo_slots(key);
                    slot = if slot == first { second } else { first };
                }
                count += 1;
            }
        }
    }
    assert_eq!(count, 3668, "the reversible moves of an empty board");
    (keys, squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tables_are_fresh() {
        let root = crate::project_root();
        run(&root, Mode::Check).unwrap();
    }

    /// Writes `files` under `root`, creating their directories.
    fn write_all(root: &Path, files: &[(&str, String)]) {
        for (path, contents) in files {
            let full = root.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, contents).unwrap();
        }
    }

    #[test]
    fn check_fails_naming_the_stale_file_and_write_repairs_it() {
        let files = render(&crate::project_root()).unwrap();
        let scratch = chess_testdata::TempDir::new("xtask-gen-tables-check");
        let root = scratch.path();
        write_all(root, &files);
        // A fresh copy, also with Windows line endings, passes.
        ensure_files(root, &files, Mode::Check).unwrap();
        let crlf = files[0].1.replace('\n', "\r\n");
        std::fs::write(root.join(files[0].0), crlf).unwrap();
        ensure_files(root, &files, Mode::Check).unwrap();

        // One changed key in the Zobrist file (Polyglot's first key, a black pawn on a1, with its
        // last digit off by one): the check names that file.
        let stale = root.join(ZOBRIST_PATH);
        let text = std::fs::read_to_string(&stale).unwrap();
        let edited = text.replacen("0x9d39247e33776d41", "0x9d39247e33776d40", 1);
        assert_ne!(edited, text);
        std::fs::write(&stale, &edited).unwrap();
        let error = ensure_files(root, &files, Mode::Check).unwrap_err();
        assert_eq!(
            error,
            format!("{ZOBRIST_PATH} is stale: run `cargo xtask gen-tables` and commit")
        );
        // The check changed nothing.
        assert_eq!(std::fs::read_to_string(&stale).unwrap(), edited);

        // A missing file is stale too.
        std::fs::remove_file(root.join(PEXT_TABLE_PATH)).unwrap();
        let error = ensure_files(root, &files, Mode::Check).unwrap_err();
        assert!(
            error.starts_with(&format!("{PEXT_TABLE_PATH} is stale")),
            "{error}"
        );

        // Writing restores both, after which the check passes.
        ensure_files(root, &files, Mode::Write).unwrap();
        ensure_files(root, &files, Mode::Check).unwrap();
        let restored = std::fs::read_to_string(&stale).unwrap();
        assert_eq!(
            restored,
            files.iter().find(|f| f.0 == ZOBRIST_PATH).unwrap().1
        );
    }

    #[test]
    fn every_generated_file_starts_with_the_header() {
        let files = render(&crate::project_root()).unwrap();
        let paths: Vec<&str> = files.iter().map(|f| f.0).collect();
        assert_eq!(
            paths,
            [
                ATTACKS_PATH,
                MAGIC_TABLE_PATH,
                PEXT_TABLE_PATH,
                ZOBRIST_PATH
            ]
        );
        for (path, contents) in &files {
            assert!(
                contents.starts_with("// @generated by cargo xtask gen-tables. Do not edit.\n//! "),
                "{path}"
            );
        }
    }

    #[test]
    fn rendering_is_deterministic() {
        let root = crate::project_root();
        assert_eq!(render(&root).unwrap(), render(&root).unwrap());
    }

    #[test]
    fn slow_geometry() {
        // e4 = 28: a knight reaches 8 squares, a rook on an empty board 14.
        assert_eq!(leaper(28, &[(1, 2), (2, 1), (-1, 2)]).count_ones(), 3);
        assert_eq!(slide(28, 0, &ROOK_DIRECTIONS).count_ones(), 14);
        assert_eq!(relevant_mask(0, &ROOK_DIRECTIONS).count_ones(), 12);
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 10), 0);
        assert_eq!(line(0, 9).count_ones(), 8);
        assert_eq!(deposit(0b101, 0b1110), 0b1010);
    }
}
