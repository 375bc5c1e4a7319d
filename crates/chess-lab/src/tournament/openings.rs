//! The openings a match starts its games from: positions of an EPD file, or the start and
//! mainline of each game of a PGN file.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use chess_engine::Rng;
use chess_notation::Epd;
use chess_notation::pgn::{GameReader, PgnGame};
use chess_rules::{CastlingMode, Move, Position};

/// Where the games of a pairing start: a position and the moves played from it before the
/// engines take over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchOpening {
    /// A name for the results and the PGN `Opening` tag (the PGN game's `Opening` tag, or the
    /// EPD line's `id`), if the file gave one.
    pub name: Option<String>,
    /// The starting position.
    pub start: Position,
    /// The moves played from it, legal in sequence.
    pub moves: Vec<Move>,
}

impl MatchOpening {
    /// An opening that is just a position.
    #[must_use]
    pub fn from_position(start: Position) -> MatchOpening {
        MatchOpening {
            name: None,
            start,
            moves: Vec::new(),
        }
    }

    /// The position where the engines take over.
    #[must_use]
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }
}

/// Shuffles `openings` (Fisher-Yates) with a generator seeded by `seed`: the same order for
/// the same seed, so that a match can be played again from the same openings.
///
/// ```
/// use chess_lab::tournament::{MatchOpening, shuffle};
/// use chess_rules::Position;
///
/// let openings: Vec<MatchOpening> = (0..960)
///     .map(|n| MatchOpening::from_position(Position::chess960(n).unwrap()))
///     .collect();
/// let (mut a, mut b) = (openings.clone(), openings.clone());
/// shuffle(&mut a, 7);
/// shuffle(&mut b, 7);
/// assert_eq!(a, b);
/// assert_ne!(a, openings);
/// ```
pub fn shuffle(openings: &mut [MatchOpening], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..openings.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        openings.swap(i, j);
    }
}

/// Why an openings file could not be read.
#[derive(Debug)]
pub struct OpeningsError {
    /// The file.
    pub path: PathBuf,
    /// Where in it: the line of an EPD file or the game of a PGN file, from 1.
    pub place: Option<(&'static str, u64)>,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some((what, n)) = self.place {
            write!(f, ": {what} {n}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for OpeningsError {}

/// Reads the openings of `path`: a PGN file (its first non-blank character is `[`, or it is
/// named `*.pgn`) gives each game's start and mainline, an EPD file each line's position. With
/// `plies`, longer lines are cut to that many moves. `mode` says how to read castling rights in
/// EPD positions and PGN `FEN` tags without a `Variant` tag.
///
/// A line or game that cannot be read is an error naming it: a match should not quietly play
/// other openings than the ones it was given.
///
/// # Errors
///
/// [`OpeningsError`] for an unreadable file, a bad line or game, or a file without openings.
pub fn read_openings(
    path: &Path,
    plies: Option<usize>,
    mode: CastlingMode,
) -> Result<Vec<MatchOpening>, OpeningsError> {
    let error = |place, message: String| OpeningsError {
        path: path.to_owned(),
        place,
        message,
    };
    let mut text = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut text))
        .map_err(|e| error(None, e.to_string()))?;
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        || text
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b'[');
    let mut openings = if is_pgn {
        read_pgn(&text, mode).map_err(|(game, message)| error(Some(("game", game)), message))?
    } else {
        read_epd(&text, mode).map_err(|(line, message)| error(Some(("line", line)), message))?
    };
    if openings.is_empty() {
        return Err(error(None, "no openings in the file".to_owned()));
    }
    if let Some(plies) = plies {
        for opening in &mut openings {
            opening.moves.truncate(plies);
        }
    }
    Ok(openings)
}

fn read_pgn(text: &[u8], mode: CastlingMode) -> Result<Vec<MatchOpening>, (u64, String)> {
    let mut openings = Vec::new();
    for (i, game) in GameReader::new(text).enumerate() {
        let number = i as u64 + 1;
        // The game's number is said once, by the error's place: here where and why.
        let game = game.map_err(|e| (number, format!("{}: {}", e.at, e.reason)))?;
        openings.push(opening_of_game(&game, mode).map_err(|m| (number, m))?);
    }
    Ok(openings)
}

/// A PGN game's start and mainline; its start read as Chess960 when `mode` says so.
fn opening_of_game(game: &PgnGame, mode: CastlingMode) -> Result<MatchOpening, String> {
    if let Some(location) = game.truncated {
        return Err(format!("the file ends inside the game ({location})"));
    }
    let mut start = game.initial.clone();
    if mode == CastlingMode::Chess960 && !start.is_chess960() {
        start = chess_notation::Fen::from_position(&start)
            .into_position(CastlingMode::Chess960)
            .map_err(|e| e.to_string())?;
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (ply, m) in game.mainline_moves().enumerate() {
        let m = m.ok_or_else(|| format!("a null move at ply {}", ply + 1))?;
        if !pos.is_legal(m) {
            return Err(format!("an illegal move at ply {}", ply + 1));
        }
        pos.play_unchecked(m);
        moves.push(m);
    }
    let name = game
        .header("Opening")
        .filter(|n| !n.is_empty() && *n != "?")
        .map(str::to_owned);
    Ok(MatchOpening { name, start, moves })
}

fn read_epd(text: &[u8], mode: CastlingMode) -> Result<Vec<MatchOpening>, (u64, String)> {
    let mut openings = Vec::new();
    for (i, line) in BufReader::new(text).split(b'\n').enumerate() {
        let number = i as u64 + 1;
        let line = line.map_err(|e: io::Error| (number, e.to_string()))?;
        let line = line.trim_ascii();
        if line.is_empty() || line.starts_with(b"#") {
            continue;
        }
        let epd = Epd::from_ascii(line).map_err(|e| (number, e.to_string()))?;
        let start = epd
            .position_with(mode)
            .map_err(|e| (number, e.to_string()))?;
        openings.push(MatchOpening {
            name: epd.id().map(str::to_owned),
            start,
            moves: Vec::new(),
        });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffling_is_a_permutation_that_depends_on_the_seed() {
        let openings: Vec<MatchOpening> = (0..20)
            .map(|i| MatchOpening {
                name: Some(i.to_string()),
                ..MatchOpening::from_position(Position::standard())
            })
            .collect();
        let order = |seed| {
            let mut o = openings.clone();
            shuffle(&mut o, seed);
            o.into_iter().map(|o| o.name.unwrap()).collect::<Vec<_>>()
        };
        let (a, b) = (order(1), order(2));
        assert_eq!(a, order(1));
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort_by_key(|s| s.parse::<u32>().unwrap());
        assert_eq!(
            sorted,
            openings
                .iter()
                .map(|o| o.name.clone().unwrap())
                .collect::<Vec<_>>()
        );
    }
    use chess_testdata::TempDir;

    #[test]
    fn pgn_openings_keep_their_start_moves_and_names() {
        let dir = TempDir::new("openings-pgn");
        let path = dir.write(
            "two.pgn",
            "[Opening \"Sicilian\"]\n\n1. e4 c5 2. Nf3 *\n\n\
             [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e3 *\n",
        );
        let openings = read_openings(&path, None, CastlingMode::Standard).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].name.as_deref(), Some("Sicilian"));
        assert_eq!(openings[0].moves.len(), 3);
        assert_eq!(
            chess_notation::Fen::from_position(&openings[0].position()).to_string(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(openings[1].name, None);
        assert_eq!(openings[1].moves.len(), 1);
        let cut = read_openings(&path, Some(1), CastlingMode::Standard).unwrap();
        assert_eq!(cut[0].moves.len(), 1);
    }

    #[test]
    fn epd_openings_are_positions_with_their_ids() {
        let dir = TempDir::new("openings-epd");
        let path = dir.write(
            "two.epd",
            "# comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
             4k3/8/8/8/8/8/4P3/4K3 w - -\n",
        );
        let openings = read_openings(&path, None, CastlingMode::Standard).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].name.as_deref(), Some("e4"));
        assert!(openings[0].moves.is_empty());
        assert_eq!(openings[1].position().board().occupied().count(), 3);
    }

    #[test]
    fn bad_files_say_where() {
        let dir = TempDir::new("openings-bad");
        let path = dir.write("bad.epd", "4k3/8/8/8/8/8/4P3/4K3 w - -\nnot a position\n");
        let e = read_openings(&path, None, CastlingMode::Standard).unwrap_err();
        assert_eq!(e.place, Some(("line", 2)));
        assert!(e.to_string().contains("bad.epd: line 2: "), "{e}");

        let path = dir.write("bad.pgn", "1. e4 e5 *\n\n1. e4 Ke7 2. Ke3 *\n");
        let e = read_openings(&path, None, CastlingMode::Standard).unwrap_err();
        assert_eq!(e.place, Some(("game", 2)), "{e}");

        let path = dir.write("empty.epd", "\n# nothing\n");
        let e = read_openings(&path, None, CastlingMode::Standard).unwrap_err();
        assert!(e.to_string().ends_with("no openings in the file"), "{e}");

        let e = read_openings(
            Path::new("/nonexistent/x.pgn"),
            None,
            CastlingMode::Standard,
        )
        .unwrap_err();
        assert_eq!(e.place, None);
    }
}
