//! `cargo xtask match-openings`: balanced openings for engine matches (`chess match
//! --openings`), chosen from the Lichess opening names beside the workspace (see
//! [`gen_openings`]).
//!
//! Every named line of 6 to 16 plies whose final position the project's engine scores within
//! ±0.70 at depth 9 is kept, then the lines are shuffled (a fixed seed: the same input and
//! engine give the same file) so that a match of any length samples every family of openings.
//! The output is not checked in: it depends on the engine, and matches that compare two
//! builds want the same file for both, made once (`target/match-openings.pgn` by default).
//!
//! xtask depends on none of the chess library crates, so the chess knowledge comes from the
//! `chess` program it builds: `chess pgn --fens` plays the lines (and refuses an illegal one) and
//! `chess uci` scores them.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::gen_openings;

/// What to choose and where to write it.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The output file.
    pub out: PathBuf,
    /// The search depth that scores each line's final position.
    pub depth: u32,
    /// The largest score kept, in centipawns either way.
    pub max_eval: i32,
    /// The shortest and longest lines kept, in plies.
    pub plies: (usize, usize),
    /// The seed of the shuffle.
    pub seed: u64,
}

impl Options {
    /// The defaults, writing under `root`'s `target/`.
    pub fn new(root: &Path) -> Options {
        Options {
            out: root.join("target").join("match-openings.pgn"),
            depth: 9,
            max_eval: 70,
            plies: (6, 16),
            seed: 7,
        }
    }

    /// The defaults changed by `args` (`--out FILE`, `--depth N`, `--max-eval CP`,
    /// `--plies MIN-MAX`, `--seed N`).
    pub fn parse(root: &Path, args: &[&str]) -> Result<Options, String> {
        let mut options = Options::new(root);
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            let mut value = || {
                args.next()
                    .copied()
                    .ok_or_else(|| format!("{arg} needs a value"))
            };
            let number = |text: &str| -> Result<u64, String> {
                text.parse()
                    .map_err(|_| format!("{arg}: expected a number, found {text:?}"))
            };
            match arg {
                "--out" => options.out = PathBuf::from(value()?),
                "--depth" => options.depth = number(value()?)?.clamp(1, 64) as u32,
                "--max-eval" => options.max_eval = number(value()?)?.min(10_000) as i32,
                "--seed" => options.seed = number(value()?)?,
                "--plies" => {
                    let text = value()?;
                    let (min, max) = text
                        .split_once('-')
                        .ok_or_else(|| format!("--plies: expected MIN-MAX, found {text:?}"))?;
                    let (min, max) = (number(min)? as usize, number(max)? as usize);
                    if min > max {
                        return Err(format!("--plies: {min} is more than {max}"));
                    }
                    options.plies = (min, max);
                }
                _ => return Err(format!("match-openings: unknown argument {arg:?}")),
            }
        }
        Ok(options)
    }
}

/// A named line of the Lichess set.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    name: String,
    /// The moves in SAN with move numbers, as the set writes them.
    moves: String,
}

/// The number of plies of `moves` (SAN with move numbers).
fn plies(moves: &str) -> usize {
    moves
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .count()
}

/// Writes the balanced openings.
pub fn run(root: &Path, options: &Options) -> Result<(), String> {
    let dir = gen_openings::input_dir(root);
    let mut lines = Vec::new();
    for letter in ['a', 'b', 'c', 'd', 'e'] {
        let path = dir.join(format!("{letter}.tsv"));
        let text = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "cannot read {}: {e} (the Lichess opening names; set CHESS_OPENINGS_DIR)",
                path.display()
            )
        })?;
        for (_, name, moves) in
            gen_openings::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
        {
            let n = plies(&moves);
            if options.plies.0 <= n && n <= options.plies.1 {
                lines.push(Line { name, moves });
            }
        }
    }
    eprintln!(
        "{} lines of {} to {} plies",
        lines.len(),
        options.plies.0,
        options.plies.1
    );

    let chess = build_chess(root)?;
    let fens = final_fens(root, &chess, &lines)?;
    let mut engine = Engine::start(&chess)?;
    let mut kept = Vec::new();
    for (i, (line, fen)) in lines.iter().zip(&fens).enumerate() {
        if let Some(score) = engine.score(fen, options.depth)? {
            if score.abs() <= options.max_eval {
                kept.push(line);
            }
        }
        if (i + 1) % 500 == 0 {
            eprintln!("scored {}/{}: {} kept", i + 1, lines.len(), kept.len());
        }
    }
    engine.quit();
    shuffle(&mut kept, options.seed);

    let mut out = String::new();
    for line in &kept {
        out.push_str(&render(line));
    }
    if let Some(dir) = options.out.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(&options.out, out)
        .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
    eprintln!(
        "wrote {} openings within ±{} cp at depth {} to {}",
        kept.len(),
        options.max_eval,
        options.depth,
        options.out.display()
    );
    Ok(())
}

/// One opening as a PGN game.
fn render(line: &Line) -> String {
    let name = line.name.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "[Event \"balanced openings\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Opening \"{name}\"]\n\n{} *\n\n",
        line.moves
    )
}

/// Builds the `chess` program (release) and returns its path.
fn build_chess(root: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "chess-cli"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p chess-cli failed".into());
    }
    let exe = root
        .join("target")
        .join("release")
        .join(format!("chess{}", std::env::consts::EXE_SUFFIX));
    Ok(exe)
}

/// The final position of every line, by `chess pgn --fens`.
fn final_fens(root: &Path, chess: &Path, lines: &[Line]) -> Result<Vec<String>, String> {
    let dir = root.join("target").join("xtask");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let pgn = dir.join("match-openings-candidates.pgn");
    let text: String = lines.iter().map(render).collect();
    std::fs::write(&pgn, text).map_err(|e| format!("cannot write {}: {e}", pgn.display()))?;
    let output = Command::new(chess)
        .arg("pgn")
        .arg("--fens")
        .arg(&pgn)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", chess.display()))?;
    if !output.status.success() {
        return Err(format!(
            "chess pgn --fens {} failed: {}",
            pgn.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let fens: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    if fens.len() != lines.len() {
        return Err(format!(
            "chess pgn --fens gave {} positions for {} lines",
            fens.len(),
            lines.len()
        ));
    }
    Ok(fens)
}

/// The project's engine over UCI.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(chess: &Path) -> Result<Engine, String> {
        let mut child = Command::new(chess)
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {} uci: {e}", chess.display()))?;
        let input = child.stdin.take().ok_or("no stdin for the engine")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout for the engine")?);
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("setoption name Hash value 16")?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.input, "{command}").map_err(|e| format!("engine: {e}"))
    }

    /// Reads lines until one starts with `word`; returns the lines read.
    fn wait_for(&mut self, word: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine: {e}"))?;
            if n == 0 {
                return Err(format!("the engine quit before {word}"));
            }
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// The score of `fen` for white at `depth`, in centipawns; `None` for a mate score or a
    /// position without moves.
    fn score(&mut self, fen: &str, depth: u32) -> Result<Option<i32>, String> {
        self.send("ucinewgame")?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let lines = self.wait_for("bestmove")?;
        let white = fen.split_whitespace().nth(1) != Some("b");
        let score = lines.iter().rev().find_map(|line| parse_score(line));
        Ok(match score {
            Some(Score::Centipawns(cp)) => Some(if white { cp } else { -cp }),
            Some(Score::Mate) | None => None,
        })
    }

    fn quit(mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// A UCI `info` line's score.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Score {
    Centipawns(i32),
    Mate,
}

/// The score of a UCI `info` line, if it has one (and is not a bound).
fn parse_score(line: &str) -> Option<Score> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let words: Vec<&str> = words.collect();
    if words.contains(&"lowerbound") || words.contains(&"upperbound") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    match (words.get(at + 1), words.get(at + 2)) {
        (Some(&"cp"), Some(n)) => n.parse().ok().map(Score::Centipawns),
        (Some(&"mate"), Some(_)) => Some(Score::Mate),
        _ => None,
    }
}

/// Shuffles `items` (Fisher-Yates) with a splitmix64 stream from `seed`.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_skip_move_numbers() {
        assert_eq!(plies("1. e4 e5 2. Nf3 Nc6 3. Bb5"), 5);
        assert_eq!(plies("1. d4"), 1);
    }

    #[test]
    fn scores_come_from_exact_info_lines() {
        assert_eq!(
            parse_score("info depth 9 seldepth 12 score cp -35 nodes 100 pv e2e4"),
            Some(Score::Centipawns(-35))
        );
        assert_eq!(
            parse_score("info depth 9 score mate -3 pv e2e4"),
            Some(Score::Mate)
        );
        assert_eq!(parse_score("info depth 9 score cp 20 lowerbound"), None);
        assert_eq!(parse_score("info string hello score cp"), None);
        assert_eq!(parse_score("bestmove e2e4"), None);
    }

    #[test]
    fn the_shuffle_is_a_fixed_permutation() {
        let mut a: Vec<u32> = (0..100).collect();
        let mut b = a.clone();
        shuffle(&mut a, 7);
        shuffle(&mut b, 7);
        assert_eq!(a, b);
        assert_ne!(a, (0..100).collect::<Vec<_>>());
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        let mut c: Vec<u32> = (0..100).collect();
        shuffle(&mut c, 8);
        assert_ne!(a, c);
    }

    #[test]
    fn options_parse_and_refuse() {
        let root = Path::new("/r");
        let o =
            Options::parse(root, &["--depth", "7", "--plies", "4-10", "--out", "x.pgn"]).unwrap();
        assert_eq!(
            (o.depth, o.plies, o.out),
            (7, (4, 10), PathBuf::from("x.pgn"))
        );
        assert_eq!(Options::parse(root, &[]).unwrap(), Options::new(root));
        assert!(Options::parse(root, &["--plies", "10-4"]).is_err());
        assert!(Options::parse(root, &["--depth"]).is_err());
        assert!(Options::parse(root, &["--depth", "x"]).is_err());
        assert!(Options::parse(root, &["--bogus"]).is_err());
    }

    #[test]
    fn openings_render_as_pgn_with_their_name() {
        let text = render(&Line {
            name: "Ruy \"Spanish\" Lopez".into(),
            moves: "1. e4 e5 2. Nf3 Nc6 3. Bb5".into(),
        });
        assert!(text.contains("[Opening \"Ruy \\\"Spanish\\\" Lopez\"]\n\n1. e4 e5"));
        assert!(text.ends_with("3. Bb5 *\n\n"));
    }
}
