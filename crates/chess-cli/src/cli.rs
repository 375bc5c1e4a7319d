//! The command line: subcommands and their options.

use std::path::PathBuf;

use chess_archive::Schema;
use chess_archive::split::{self, Split};
use chess_core::Square;
use chess_rules::variant::Variant;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Play chess in the terminal, check boards, count moves, and work with FEN and PGN.
///
/// Without a subcommand, `chess` starts a game in the terminal (see `chess play --help`).
#[derive(Parser, Debug)]
#[command(name = "chess", version)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the terminal (the default).
    Play(PlayArgs),
    /// Say for each king of a board whether it is in check, checkmated or stalemated.
    Check(CheckArgs),
    /// Count the leaf nodes of the legal move tree (the standard move generator test).
    Perft(PerftArgs),
    /// List the legal moves of a position.
    Moves(MovesArgs),
    /// Validate and normalise a FEN, and draw its board.
    Fen(FenArgs),
    /// Read PGN files: count, check, print final positions, or re-export them.
    Pgn(PgnArgs),
    /// Draw a position as a picture (SVG, or PNG): from a FEN or a game, with its last move,
    /// check, arrows and circles.
    Svg(SvgArgs),
    /// Speak the UCI protocol on stdin and stdout (for chess GUIs).
    Uci(UciArgs),
    /// Find the best line of a position.
    #[command(alias = "analyze")]
    Analyse(AnalyseArgs),
    /// Search a fixed list of positions to a fixed depth; print total nodes and nodes/s.
    Bench(BenchArgs),
    /// Annotate games with an engine: an evaluation after every move, and the mistakes
    /// marked with the better line.
    Annotate(AnnotateArgs),
    /// Play UCI engines against each other: a match or a round robin, with the standings,
    /// Elo differences and an optional sequential test.
    Match(MatchArgs),
    /// Pack a position or games into compact bytes (base64 lines, or raw with --raw).
    Encode(EncodeArgs),
    /// Unpack bytes from `chess encode` into FEN (positions) or PGN (games).
    Decode(DecodeArgs),
    /// Polyglot opening books: build one from games, merge two, list a position's moves.
    #[command(subcommand)]
    Book(BookCommand),
    /// Name the opening of a position or a line (ECO code and name).
    Opening(OpeningArgs),
    /// Look a position up in Syzygy endgame tablebases: its result, distance to zeroing, and
    /// the outcome of every move.
    Tb(TbArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
}

/// Where a position comes from: a FEN, a Chess960 start number, or the standard start.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// The position as a FEN (X-FEN and Shredder-FEN castling accepted; `-` reads it from
    /// stdin), as the FEN argument gives it.
    #[arg(long, value_name = "FEN", conflicts_with = "position")]
    pub fen: Option<String>,

    /// Whether `fen` came as the FEN argument (messages name it `fen`, else `--fen`).
    #[arg(skip)]
    pub fen_is_argument: bool,

    /// Chess960 rules: castling by Chess960 rules and king-takes-rook castling in UCI (e1h1).
    /// Without it, a FEN's castling rights must fit standard chess; `--chess960=auto` reads a
    /// FEN as Chess960 only when its rights can only mean Chess960.
    #[arg(long, value_enum, value_name = "auto", num_args = 0..=1, require_equals = true, default_missing_value = "yes")]
    pub chess960: Option<Chess960>,

    /// Start from Chess960 starting position N (0 to 959; 518 is the classical setup).
    #[arg(long, value_name = "N", value_parser = number(0_u32, 959))]
    pub position: Option<u32>,

    /// The rules: standard (the default), crazyhouse, atomic, antichess, giveaway, suicide,
    /// kingofthehill, 3check, horde, racingkings, or chess960 (as --chess960); python-chess's
    /// names and aliases are read too (`Three-check`, `koth`, `zh`). A FEN is read by these
    /// rules (pockets `[Qp]`, promoted pieces `Q~`, Three-check's counters).
    #[arg(long, value_name = "NAME", value_parser = VariantParser, hide_possible_values = true)]
    pub variant: Option<VariantName>,
}

/// A variant named on the command line: the rules, and whether the name was Chess960's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantName {
    /// The rules.
    pub variant: Variant,
    /// Whether Chess960 castling was named (`--variant chess960`).
    pub chess960: bool,
}

/// The value parser of `--variant`: chess-rules reads the name (Chess960's included, and
/// python-chess's aliases); shell completion offers the names the help lists.
#[derive(Clone, Copy, Debug)]
struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = VariantName;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<VariantName, clap::Error> {
        let read = |text: &str| {
            Variant::with_castling_mode(text)
                .map(|(variant, mode)| VariantName {
                    variant,
                    chess960: mode.is_chess960(),
                })
                .map_err(|e| e.to_string())
        };
        read.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let names = Variant::ALL.into_iter().map(|variant| match variant {
            Variant::Standard => "standard",
            other => other.uci_name(),
        });
        Some(Box::new(names.chain(["chess960"]).map(PossibleValue::new)))
    }
}

/// A position given as an argument: the same as `--fen`.
#[derive(Args, Debug, Clone, Default)]
pub struct FenArg {
    /// The position as a FEN (quote it; `-` reads it from stdin), as --fen gives it.
    #[arg(id = "fen_arg", value_name = "FEN", conflicts_with_all = ["fen", "position"])]
    pub value: Option<String>,
}

impl PositionArgs {
    /// These arguments with the FEN argument, if given, as `--fen`.
    pub fn with(&self, arg: &FenArg) -> PositionArgs {
        PositionArgs {
            fen: arg.value.clone().or_else(|| self.fen.clone()),
            fen_is_argument: arg.value.is_some(),
            ..self.clone()
        }
    }

    /// Whether a position is named (a FEN or a Chess960 start), not left to the default.
    pub fn given(&self) -> bool {
        self.fen.is_some() || self.position.is_some()
    }
}

/// How `--chess960` reads a FEN.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chess960 {
    /// Chess960 rules.
    Yes,
    /// Standard chess when the castling rights fit it, Chess960 when they can only mean it.
    Auto,
}

/// Who plays the other side.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opponent {
    /// Another person at the same keyboard.
    #[default]
    Human,
    /// The built-in engine.
    Computer,
}

/// A side.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Side {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
}

#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Draw the board in plain ASCII with WP…BK labels and no colours.
    #[arg(long)]
    pub ascii: bool,

    /// Play against a person at the same keyboard or the computer [default: human, or the
    /// computer when an option only the computer uses is given: --level, --color,
    /// --movetime, --book, --syzygy, --engine].
    #[arg(long, value_enum)]
    pub vs: Option<Opponent>,

    /// The computer's strength, 1 (a beginner's opponent) to 10 (full strength) [default: 4,
    /// for a casual player].
    #[arg(long, value_name = "N", value_parser = number(1_u8, 10))]
    pub level: Option<u8>,

    /// Your side against the computer (the board is turned when you play black) [default:
    /// white].
    #[arg(long, value_enum)]
    pub color: Option<Side>,

    /// Play against an external UCI engine (for example /usr/games/stockfish).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// An argument for the external engine (repeatable).
    #[arg(
        long,
        value_name = "ARG",
        requires = "engine",
        allow_hyphen_values = true
    )]
    pub engine_arg: Vec<String>,

    /// How long the computer thinks per move, in milliseconds [default: 1000].
    #[arg(long, value_name = "MS", value_parser = number(1_u64, 3_600_000))]
    pub movetime: Option<u64>,

    /// The computer plays from this Polyglot book while the position is in it (a move drawn
    /// by weight), then thinks.
    #[arg(long, value_name = "BOOK.bin")]
    pub book: Option<PathBuf>,

    /// The built-in engine uses the Syzygy tablebases in this directory (repeatable).
    #[arg(long, value_name = "DIR")]
    pub syzygy: Vec<PathBuf>,

    /// Continue the game left unsaved last time (kept in $XDG_STATE_HOME/chess/autosave.pgn,
    /// or ~/.local/state/chess/autosave.pgn), or the game a `save` wrote to FILE, against the
    /// same opponent, level, side and move time; options given with it override the saved
    /// ones. A variant's game saved by `chess play --variant` is taken up between two people.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 0..=1,
        conflicts_with_all = ["fen", "position", "chess960", "variant"]
    )]
    pub resume: Option<Option<PathBuf>>,

    /// Fixes what is otherwise drawn at random for each session (the `--chess960` start, the
    /// weaker levels' choices), so that a session can be replayed. Hidden: for tests.
    #[arg(long, value_name = "N", hide = true)]
    pub seed: Option<u64>,
}

/// The computer's level when none is given: one a casual player can beat, and lose to.
pub const DEFAULT_LEVEL: u8 = 4;

impl PlayArgs {
    /// Whether the computer (built in, or `--engine`) plays the other side: asked for with
    /// `--vs computer`, or implied by an option only the computer uses. `--vs human` with such
    /// an option is a usage error, which this says.
    pub fn computer_plays(&self) -> Result<bool, String> {
        let computer_options: Vec<&str> = [
            ("--level", self.level.is_some()),
            ("--color", self.color.is_some()),
            ("--movetime", self.movetime.is_some()),
            ("--book", self.book.is_some()),
            ("--syzygy", !self.syzygy.is_empty()),
            ("--engine", self.engine.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
        .collect();
        match self.vs {
            Some(Opponent::Computer) => Ok(true),
            Some(Opponent::Human) if !computer_options.is_empty() => Err(format!(
                "{} {} for a game against the computer, and --vs human asks for a person: \
                 drop one",
                computer_options.join(", "),
                if computer_options.len() == 1 {
                    "is"
                } else {
                    "are"
                }
            )),
            Some(Opponent::Human) => Ok(false),
            None => Ok(!computer_options.is_empty()),
        }
    }

    /// The computer's level (see [`DEFAULT_LEVEL`]).
    pub fn level(&self) -> u8 {
        self.level.unwrap_or(DEFAULT_LEVEL)
    }

    /// How long the computer thinks per move.
    pub fn movetime(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.movetime.unwrap_or(1000))
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// A file with a board in the plain 8-line format or a FEN; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Chess960 rules: a FEN's castling rights are read as Chess960's (a FEN whose castling
    /// field can only mean Chess960 is read so without it).
    #[arg(long)]
    pub chess960: bool,

    /// Judge the kings by a variant's rules (see `chess perft --help`): check as the variant
    /// counts it, a mate that a drop from the pocket can block is none, a king on the hill
    /// has already won. Antichess, Giveaway and Suicide have no royal king: refused.
    #[arg(long, value_name = "NAME", value_parser = VariantParser, hide_possible_values = true)]
    pub variant: Option<VariantName>,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Print the count below each legal move, then the total (Stockfish's format).
    #[arg(long)]
    pub divide: bool,

    /// Threads to count with.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number(1_u32, 1024))]
    pub threads: u32,

    /// Compare with a UCI engine's `go perft` (Stockfish's): where the counts differ, follow
    /// the first differing move down to the position where the move lists differ, and show it.
    /// Exit status 3 when they differ.
    #[arg(long, value_name = "ENGINE", conflicts_with = "divide")]
    pub compare: Option<PathBuf>,

    /// An argument for the engine of --compare (repeatable).
    #[arg(
        long,
        value_name = "ARG",
        requires = "compare",
        allow_hyphen_values = true
    )]
    pub engine_arg: Vec<String>,

    /// With --compare: write the result as one JSON object.
    #[arg(long, requires = "compare")]
    pub json: bool,

    /// The depth in plies.
    #[arg(value_name = "DEPTH", value_parser = number(0_u32, 20))]
    pub depth: u32,

    #[command(flatten)]
    pub fen_arg: FenArg,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub fen_arg: FenArg,

    #[command(flatten)]
    pub position: PositionArgs,

    /// List the moves in SAN (the default).
    #[arg(long, conflicts_with = "uci")]
    pub san: bool,

    /// List the moves in UCI notation.
    #[arg(long)]
    pub uci: bool,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct FenArgs {
    /// The FEN to check (quote it; `-` reads it from stdin), as --fen gives it.
    #[arg(id = "fen_arg", value_name = "FEN", conflicts_with = "fen")]
    pub fen_arg: Option<String>,

    /// The FEN to check (`-` reads it from stdin), as the FEN argument gives it.
    #[arg(long = "fen", id = "fen", value_name = "FEN")]
    pub fen: Option<String>,

    /// Validate under Chess960 rules (`--chess960=auto`: only when the castling rights can
    /// only mean Chess960; without it, they must fit standard chess).
    #[arg(long, value_enum, value_name = "auto", num_args = 0..=1, require_equals = true, default_missing_value = "yes")]
    pub chess960: Option<Chess960>,

    /// Accept spellings that are not canonical (two digits in a row such as `44`, castling
    /// letters out of order such as `kqKQ`), saying on stderr what was normalised.
    #[arg(long)]
    pub lenient: bool,

    /// Validate under a variant's rules (see `chess perft --help`): pockets, promoted pieces
    /// and Three-check's counters are read, and written back python-chess's way.
    #[arg(long, value_name = "NAME", value_parser = VariantParser, hide_possible_values = true)]
    pub variant: Option<VariantName>,

    /// Draw the board in plain ASCII.
    #[arg(long)]
    pub ascii: bool,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// What `chess pgn` does with each game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PgnAction {
    /// Count games and moves (the default).
    #[default]
    Stats,
    /// Print the final FEN of each game.
    Fens,
    /// Re-export every game as normalised PGN.
    Export,
    /// Only report bad games.
    Check,
    /// Write the games to a Parquet or JSON Lines file.
    Convert,
    /// Print how to cut the files into parts.
    Plan,
}

/// The formats `chess pgn` writes to a file.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnFormat {
    /// A Parquet file, one row per game (or position): see docs/formats.md.
    Parquet,
    /// JSON Lines, one row per game (or position), the columns of the Parquet file.
    Jsonl,
    /// The games re-exported as normalised PGN (as --export).
    Pgn,
}

impl PgnFormat {
    /// The format a file name's extension names, if any.
    pub fn from_extension(path: &std::path::Path) -> Option<PgnFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "parquet" => Some(PgnFormat::Parquet),
            "jsonl" | "ndjson" => Some(PgnFormat::Jsonl),
            "pgn" => Some(PgnFormat::Pgn),
            _ => None,
        }
    }
}

#[derive(Args, Debug)]
pub struct PgnArgs {
    /// PGN files (zstd, gzip and bzip2 are read as they are); `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write to this file instead of stdout: rows of a Parquet file (`.parquet`) or of JSON
    /// Lines (`.jsonl`), the games as PGN (`.pgn`), or what --stats, --fens, --check or --json
    /// print. The file appears when complete; an existing one is replaced only with --force.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// What to write, when the extension of --output does not say it (or to stdout: jsonl,
    /// pgn).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<PgnFormat>,

    /// Count games and moves (the default).
    #[arg(long, group = "action")]
    pub stats: bool,

    /// Print the final FEN of each game.
    #[arg(long, group = "action")]
    pub fens: bool,

    /// Re-export every game as normalised PGN.
    #[arg(long, group = "action")]
    pub export: bool,

    /// Only report bad games.
    #[arg(long, group = "action")]
    pub check: bool,

    /// Read games without a Variant tag as Chess960 (castling in UCI as king takes rook, e1h1).
    #[arg(long)]
    pub chess960: bool,

    /// Write one JSON object per game.
    #[arg(long)]
    pub json: bool,

    /// Read null moves (`--` and `Z0`, as analysis programs write them), which pass the turn.
    #[arg(long)]
    pub allow_null_moves: bool,

    /// Name each game's opening: set its ECO and Opening tags (with --export, --json or --to).
    #[arg(long)]
    pub classify: bool,

    /// Deprecated: `-o OUT` (the format from its extension) or `--format`. Writes the games
    /// to a file: `--to parquet OUT.parquet` or `--to jsonl OUT.jsonl` (`-`: stdout).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "OUT"], group = "action", conflicts_with_all = ["output", "format"])]
    pub to: Option<Vec<String>>,

    /// With Parquet or JSON Lines: one row per position instead of per game (game, ply, FEN,
    /// packed position, move, clock, eval, result, side to move).
    #[arg(long, conflicts_with = "schema")]
    pub positions: bool,

    /// With Parquet or JSON Lines: which columns.
    #[arg(long, value_parser = archive_schema())]
    pub schema: Option<Schema>,

    /// With Parquet or JSON Lines: add the moves in SAN (`moves_san`).
    #[arg(long)]
    pub san: bool,

    /// With Parquet or JSON Lines: add the compact game encoding (`packed`; costs about 4 µs
    /// a move).
    #[arg(long)]
    pub packed: bool,

    /// Replace the output file if it exists (even one of the inputs: the new file takes its
    /// place only when complete).
    #[arg(long)]
    pub force: bool,

    /// Threads to read games on, and with --to parquet as many to encode the rows on
    /// [default: one per core, which measures fastest]. The output is the same whatever N.
    #[arg(long, value_name = "N", value_parser = number(1_u32, 1024))]
    pub threads: Option<u32>,

    /// Read only the games whose first byte is at an offset from START up to, not including,
    /// END of a plain PGN file (one part of it, for workers that share a file: see
    /// docs/scale.md).
    #[arg(long, value_name = "START:END", value_parser = byte_range, conflicts_with = "frames", group = "part")]
    pub byte_range: Option<Split>,

    /// Read only the games whose first byte is in the zstd frames from FIRST up to, not
    /// including, LAST of a file of several frames (as pzstd writes, and Lichess publishes),
    /// counted from 0.
    #[arg(long, value_name = "FIRST:LAST", value_parser = frame_range, group = "part")]
    pub frames: Option<Split>,

    /// Print how to cut each file into parts of about SIZE bytes (`64M`, `1G`) for workers
    /// to read with --byte-range or --frames, one part a line (`FILE --frames 0:16`). With
    /// --json, each part also says the byte its stream starts at (see --stream-from). `-`
    /// plans what stdin holds, reading it whole.
    #[arg(long, value_name = "SIZE", value_parser = size, group = "action")]
    pub plan: Option<u64>,

    /// With --byte-range or --frames and `-` for the file: stdin holds the file from its byte
    /// OFFSET on (the part's `from` in --plan --json), as a worker streams it from where the
    /// file is stored (an object store, HDFS).
    #[arg(long, value_name = "OFFSET", requires = "part")]
    pub stream_from: Option<u64>,

    /// The name the input goes by in messages and in the `source_file` column (stdin is `-`
    /// otherwise): the file's own name when stdin streams it.
    #[arg(long, value_name = "NAME")]
    pub source_name: Option<String>,
}

fn byte_range(text: &str) -> std::result::Result<Split, String> {
    Split::parse_bytes(text).map_err(|e| e.to_string())
}

fn frame_range(text: &str) -> std::result::Result<Split, String> {
    Split::parse_frames(text).map_err(|e| e.to_string())
}

/// A size in bytes, with an optional K, M, G or T (powers of 1024): chess-archive reads it.
fn size(text: &str) -> std::result::Result<u64, String> {
    split::parse_size(text).map_err(|e| e.to_string())
}

/// The schemas `--schema` names (`--positions` is the third), read by chess-archive.
fn archive_schema() -> impl TypedValueParser<Value = Schema> {
    PossibleValuesParser::new([
        PossibleValue::new("games").help("The project's columns (docs/formats.md)"),
        PossibleValue::new("lichess")
            .help("Exactly the columns and types of the Lichess Parquet data set"),
    ])
    .try_map(|name| name.parse::<Schema>())
}

impl PgnArgs {
    /// The part of the file to read, if only one is.
    pub fn split(&self) -> Option<Split> {
        self.byte_range.or(self.frames)
    }

    /// The format written: `--format`, or the extension of `--output` when no other action is
    /// asked for (`--to` says its own).
    pub fn format(&self) -> Option<PgnFormat> {
        if self.format.is_some() {
            return self.format;
        }
        if self.stats || self.fens || self.check || self.json || self.plan.is_some() {
            return None;
        }
        self.output.as_deref().and_then(PgnFormat::from_extension)
    }

    /// The files read: stdin (`-`) when none is named.
    pub fn inputs(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }

    pub fn action(&self) -> PgnAction {
        if self.export || self.format() == Some(PgnFormat::Pgn) {
            return PgnAction::Export;
        }
        if matches!(self.format(), Some(PgnFormat::Parquet | PgnFormat::Jsonl)) {
            return PgnAction::Convert;
        }
        if self.fens {
            PgnAction::Fens
        } else if self.export {
            PgnAction::Export
        } else if self.check {
            PgnAction::Check
        } else if self.to.is_some() {
            PgnAction::Convert
        } else if self.plan.is_some() {
            PgnAction::Plan
        } else {
            PgnAction::Stats
        }
    }
}

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub fen_arg: FenArg,

    #[command(flatten)]
    pub position: PositionArgs,

    /// Search to this depth.
    #[arg(long, value_name = "N", conflicts_with = "movetime", value_parser = number(1_u32, 64))]
    pub depth: Option<u32>,

    /// Search for this many milliseconds (the default is 2000).
    #[arg(long, value_name = "MS", value_parser = number(1_u64, 86_400_000))]
    pub movetime: Option<u64>,

    /// Show this many best lines.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number(1_u32, 64))]
    pub multipv: u32,

    /// Transposition table size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = number(1_u64, 65536))]
    pub hash: u64,

    /// Search on this many threads (the engine's Threads option).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number(1_u32, 256))]
    pub threads: u32,

    /// Use the Syzygy tablebases in this directory (repeatable).
    #[arg(long, value_name = "DIR")]
    pub syzygy: Vec<PathBuf>,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Print the analysis as one JSON object (see docs/cli.md).
    #[arg(long)]
    pub json: bool,
}

/// Which engine analyses: the built-in one, or a UCI engine.
#[derive(Args, Debug, Clone, Default)]
pub struct EngineArgs {
    /// Analyse with this UCI engine (for example /usr/games/stockfish) instead of the built-in
    /// one.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// An argument for the engine (repeatable).
    #[arg(
        long,
        value_name = "ARG",
        requires = "engine",
        allow_hyphen_values = true
    )]
    pub engine_arg: Vec<String>,

    /// A UCI option for the engine, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "engine")]
    pub options: Vec<String>,
}

/// `chess annotate`: games written back with an engine's judgement of every move.
#[derive(Args, Debug)]
#[command(
    after_help = "Every position of each game's mainline is analysed. After every move the \
evaluation is written as a [%eval] command (from white's side, as Lichess writes it); a move that gives \
away at least 0.1, 0.2 or 0.3 of its side's winning chances (on Lichess's scale from -1 to 1) is an \
inaccuracy ($6, ?!), a mistake ($2, ?) or a blunder ($4, ??), with the engine's line as a variation."
)]
pub struct AnnotateArgs {
    /// The PGN file (zstd, gzip and bzip2 are read as they are); `-` or none reads stdin.
    #[arg(value_name = "GAMES", default_value = "-", hide_default_value = true)]
    pub file: PathBuf,

    /// Write the annotated games to this file [default: stdout]; it appears when complete.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,

    /// Think this many milliseconds about each position [default: 1000].
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"], value_parser = number(1_u64, 86_400_000))]
    pub movetime: Option<u64>,

    /// Search each position to this depth.
    #[arg(long, value_name = "N", conflicts_with = "nodes", value_parser = number(1_u32, 64))]
    pub depth: Option<u32>,

    /// Search this many nodes in each position.
    #[arg(long, value_name = "N", value_parser = number_from(1_u64))]
    pub nodes: Option<u64>,

    /// Analyse on this many threads, one engine each.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number(1_u32, 64))]
    pub threads: u32,

    /// Transposition table size of each engine in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = number(1_u64, 65536))]
    pub hash: u64,

    /// Use the Syzygy tablebases in this directory (repeatable).
    #[arg(long, value_name = "DIR")]
    pub syzygy: Vec<PathBuf>,

    #[command(flatten)]
    pub engine: EngineArgs,
}

/// `chess match`: engines against each other, as cutechess-cli plays them.
#[derive(Args, Debug)]
#[command(
    after_help = "ENGINE is `builtin` (this program's engine) or the path of a UCI engine, \
followed by comma-separated settings: name=NAME, arg=ARG (repeatable), option.NAME=VALUE (a UCI option), \
syzygy=DIR (tablebases, as SyzygyPath; repeatable), level=N (the built-in engine's level, 1 to 10), \
book=FILE (the built-in engine's Polyglot book), tc=TC, movetime=MS, depth=N, nodes=N (its own time control). Example:

  chess match --engine builtin --engine /usr/games/stockfish,name=sf2000,option.UCI_LimitStrength=true,option.UCI_Elo=2000 \\
      --tc 10+0.1 --games 200 --openings examples/openings.pgn --concurrency 2 --pgn games.pgn

Each pair of engines plays each opening twice, colours swapped; with more engines, every pair meets."
)]
pub struct MatchArgs {
    /// An engine: `builtin` or a path, with comma-separated settings (see below). Two or more.
    #[arg(long = "engine", short = 'e', value_name = "ENGINE", required = true)]
    pub engines: Vec<String>,

    /// Settings for every engine, in the same form (`option.Hash=64`), before each one's own.
    #[arg(long, value_name = "SETTINGS")]
    pub each: Vec<String>,

    /// The time control, seconds: BASE+INCREMENT, or MOVES/BASE[+INCREMENT] for a period.
    #[arg(long, value_name = "TC", default_value = "10+0.1", conflicts_with_all = ["movetime", "depth", "nodes"])]
    pub tc: String,

    /// A fixed time per move, in milliseconds, instead of a clock.
    #[arg(long, value_name = "MS", value_parser = number(1_u64, 86_400_000))]
    pub movetime: Option<u64>,

    /// A fixed depth per move instead of a clock.
    #[arg(long, value_name = "N", value_parser = number(1_u32, 100))]
    pub depth: Option<u32>,

    /// A fixed node count per move instead of a clock.
    #[arg(long, value_name = "N", value_parser = number_from(1_u64))]
    pub nodes: Option<u64>,

    /// Games each pair of engines plays (default: every opening twice).
    #[arg(long, short = 'n', value_name = "N", value_parser = number(1_u32, 1_000_000))]
    pub games: Option<u32>,

    /// The openings: an EPD file (one position a line) or a PGN file (each game's start and
    /// mainline). Default: the standard start.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Play at most this many plies of each opening line.
    #[arg(long, value_name = "N")]
    pub plies: Option<usize>,

    /// Take the openings in a random order (shuffled with --seed) instead of the file's.
    #[arg(long)]
    pub random_openings: bool,

    /// The seed of --random-openings.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,

    /// Play each opening once, not twice with colours swapped (colours still alternate).
    #[arg(long)]
    pub no_repeat: bool,

    /// Games played at once (each with its own engine processes).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number(1_u32, 64))]
    pub concurrency: u32,

    /// How many milliseconds past its time an engine may answer before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub time_margin: u64,

    /// Adjudicate a loss when an engine scores at most -SCORE for COUNT moves in a row:
    /// `movecount=COUNT,score=CP[,twosided]` (twosided: the winner's engine must agree).
    #[arg(long, value_name = "RULE")]
    pub resign: Option<String>,

    /// Adjudicate a draw when from move NUMBER on both engines score within SCORE of zero for
    /// COUNT moves each: `movenumber=NUMBER,movecount=COUNT,score=CP`.
    #[arg(long, value_name = "RULE")]
    pub draw: Option<String>,

    /// Adjudicate a draw after this many moves.
    #[arg(long, value_name = "N", value_parser = number_from(1_u32))]
    pub max_moves: Option<u32>,

    /// Adjudicate by these Syzygy tablebases once a position is in them (repeatable).
    #[arg(long, value_name = "DIR")]
    pub syzygy: Vec<PathBuf>,

    /// Stop when a sequential probability ratio test decides between two Elo differences of
    /// the first engine over the second: `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`.
    #[arg(long, value_name = "TEST")]
    pub sprt: Option<String>,

    /// Append the games to this PGN file, as they end.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,

    /// The PGN Event tag.
    #[arg(long, value_name = "NAME", default_value = "chess match")]
    pub event: String,

    /// Chess960: the openings' castling rights read as Chess960.
    #[arg(long)]
    pub chess960: bool,

    /// Print each game and the final standings as JSON lines (see docs/cli.md).
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The search depth.
    #[arg(long, value_name = "N", default_value_t = chess_engine::DEFAULT_BENCH_DEPTH, value_parser = number(1_u32, 30))]
    pub depth: u32,
}

/// `chess encode`: see `docs/formats.md` for the formats.
#[derive(Args, Debug)]
#[command(
    after_help = "Without FILEs or --fens, encodes the position of --fen or --position (the standard start by default). \
A game keeps its start position and mainline moves, not its tags, comments or variations."
)]
pub struct EncodeArgs {
    /// PGN files whose games to encode, one value per game; `-` reads stdin.
    #[arg(value_name = "FILE", conflicts_with_all = ["fen", "position", "fens", "huffman"])]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub position: PositionArgs,

    /// A file of FENs, one per line, to encode one by one; `-` reads stdin.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "position"])]
    pub fens: Option<PathBuf>,

    /// Code positions with the Huffman board code instead of the compact format.
    #[arg(long)]
    pub huffman: bool,

    /// Write the raw bytes of a single value instead of base64 lines (also when the name of
    /// --output ends in `.bin`).
    #[arg(long)]
    pub raw: bool,

    /// Write to this file instead of stdout (it appears when complete).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,
}

impl EncodeArgs {
    /// Whether one value is written as raw bytes: `--raw`, or an output named `*.bin`.
    pub fn raw(&self) -> bool {
        self.raw
            || self
                .output
                .as_deref()
                .and_then(|p| p.extension())
                .is_some_and(|e| e.eq_ignore_ascii_case("bin"))
    }
}

/// `chess decode`.
#[derive(Args, Debug)]
#[command(after_help = "The format of each value is read from its first byte. \
Positions print as FEN, a board alone as the FEN placement field, games as PGN.")]
pub struct DecodeArgs {
    /// Base64 values to decode; without any (and without --raw), reads one per line from stdin.
    #[arg(value_name = "BASE64")]
    pub values: Vec<String>,

    /// Read one value as raw bytes from this file; `-` reads stdin.
    #[arg(long, value_name = "FILE", conflicts_with = "values")]
    pub raw: Option<PathBuf>,

    /// Write one JSON object per value.
    #[arg(long)]
    pub json: bool,

    /// Write to this file instead of stdout (it appears when complete).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct UciArgs {
    /// Play from this Polyglot book (sets the options BookFile and OwnBook).
    #[arg(long, value_name = "BOOK.bin")]
    pub book: Option<PathBuf>,

    /// Use the Syzygy tablebases in this directory (sets SyzygyPath; repeatable).
    #[arg(long, value_name = "DIR")]
    pub syzygy: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct TbArgs {
    /// A directory of Syzygy tables (`KQvK.rtbw`, `KQvK.rtbz`...; repeatable).
    #[arg(long, value_name = "DIR", required = true)]
    pub syzygy: Vec<PathBuf>,

    #[command(flatten)]
    pub fen_arg: FenArg,

    #[command(flatten)]
    pub position: PositionArgs,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `chess book`.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Build a book from PGN games, weighting moves by results as Polyglot's make-book does.
    Build(BookBuildArgs),
    /// Merge two books; where both have a position, the first book's moves are kept.
    Merge(BookMergeArgs),
    /// List the book moves of a position with their weights.
    Probe(BookProbeArgs),
}

/// Whose moves go into a book.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlyColor {
    /// Only white's moves.
    White,
    /// Only black's moves.
    Black,
}

#[derive(Args, Debug)]
pub struct BookBuildArgs {
    /// PGN files (zstd, gzip and bzip2 are read as they are); `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The book to write (it appears when complete).
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "BOOK.bin"
    )]
    pub out: PathBuf,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,

    /// Only the first N plies of each game.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_ply: usize,

    /// Only moves played in at least N games.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub min_games: u32,

    /// Only the moves of one side.
    #[arg(long, value_enum, value_name = "COLOR")]
    pub only: Option<OnlyColor>,

    /// Give every kept move weight 1, whatever it scored.
    #[arg(long)]
    pub uniform: bool,

    /// Read games without a Variant tag as Chess960.
    #[arg(long)]
    pub chess960: bool,

    /// Threads to read games on [default: one per core].
    #[arg(long, value_name = "N", value_parser = number(1_u32, 1024))]
    pub threads: Option<u32>,
}

#[derive(Args, Debug)]
pub struct BookMergeArgs {
    /// The first book (its moves win where both books have a position).
    #[arg(value_name = "A.bin")]
    pub first: PathBuf,

    /// The second book.
    #[arg(value_name = "B.bin")]
    pub second: PathBuf,

    /// The book to write (it appears when complete).
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "C.bin"
    )]
    pub out: PathBuf,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct BookProbeArgs {
    /// The book.
    #[arg(value_name = "BOOK.bin")]
    pub book: PathBuf,

    #[command(flatten)]
    pub position: PositionArgs,

    /// Moves to play from the position first (SAN or UCI). A FEN first (quoted; or `-` to
    /// read it from stdin) is the position, as --fen gives it.
    #[arg(value_name = "[FEN] MOVES")]
    pub moves: Vec<String>,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Names come from the Lichess opening names (CC0). A line is named by the \
last named position it reaches, so transpositions count."
)]
pub struct OpeningArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Moves from the start, in SAN or UCI; move numbers are skipped (`1. e4 c5 2. Nf3`). A
    /// FEN first (quoted; or `-` to read it from stdin) is the position to start from, as
    /// --fen gives it.
    #[arg(value_name = "[FEN] MOVES")]
    pub moves: Vec<String>,

    /// Write the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `chess svg`: a picture of a position.
#[derive(Args, Debug)]
#[command(
    after_help = "MARK is a colour's letter, G (green), R (red), Y (yellow) or B (blue), \
followed by squares, as the [%cal] and [%csl] commands of PGN comments write them: --arrow Ge2e4, \
--circle Rd5. With --pgn, the arrows and circles of the comment after the ply are drawn too, and \
the last move and a check come from the game. With --variant (or a game's Variant tag), \
Crazyhouse's pockets and Three-check's checks left are drawn in a strip to the right of the board."
)]
pub struct SvgArgs {
    #[command(flatten)]
    pub fen_arg: FenArg,

    #[command(flatten)]
    pub position: PositionArgs,

    /// Draw a position of a game from this PGN file (`-` reads stdin).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen_arg", "fen", "position"])]
    pub pgn: Option<PathBuf>,

    /// With --pgn: the game, counted from 1 [default: 1].
    #[arg(long, value_name = "N", requires = "pgn", value_parser = number_from(1_u64))]
    pub game: Option<u64>,

    /// With --pgn: the position after this many plies (half-moves; 0 is the start) [default:
    /// the last].
    #[arg(long, value_name = "N", requires = "pgn")]
    pub ply: Option<usize>,

    /// Black at the bottom (--orientation black).
    #[arg(long, conflicts_with = "orientation")]
    pub flip: bool,

    /// The side at the bottom [default: white].
    #[arg(long, value_enum, value_name = "SIDE")]
    pub orientation: Option<Side>,

    /// Leave out the file letters and rank digits, and the margin they stand in.
    #[arg(long)]
    pub no_coordinates: bool,

    /// The height of the picture in pixels, and its width too but for a variant's strip of
    /// pockets or checks left beside the board.
    #[arg(long, value_name = "PX", default_value_t = 400, value_parser = number(16_u32, 8192))]
    pub size: u32,

    /// Highlight the two squares of the last move, like e2e4 (with a FEN: a game's own last
    /// move is highlighted without it).
    #[arg(long, value_name = "MOVE", conflicts_with = "pgn", value_parser = two_squares)]
    pub last_move: Option<(Square, Square)>,

    /// Draw an arrow, as [%cal] writes one: a colour and two squares, like Ge2e4 (repeatable).
    #[arg(long, value_name = "MARK", value_parser = chess_notation::pgn::Mark::parse_arrow)]
    pub arrow: Vec<chess_notation::pgn::Mark>,

    /// Draw a circle, as [%csl] writes one: a colour and a square, like Rd5 (repeatable).
    #[arg(long, value_name = "MARK", value_parser = chess_notation::pgn::Mark::parse_square)]
    pub circle: Vec<chess_notation::pgn::Mark>,

    /// Write the picture to this file [default: stdout]: PNG when its name ends in `.png`.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// SVG or PNG [default: from the extension of --output, else SVG].
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "png")]
    pub format: Option<PictureFormat>,

    /// Write PNG instead of SVG (to stdout only when it is not a terminal): --format png.
    #[arg(long)]
    pub png: bool,

    /// Replace the output file if it exists (even an input: the new file takes its place only
    /// when complete).
    #[arg(long)]
    pub force: bool,
}

/// The formats of `chess svg`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image.
    Png,
}

impl SvgArgs {
    /// Whether the picture is PNG: `--png`, `--format png`, or an output named `*.png`.
    pub fn png(&self) -> bool {
        match self.format {
            Some(format) => format == PictureFormat::Png,
            None => {
                self.png
                    || self
                        .output
                        .as_deref()
                        .and_then(|p| p.extension())
                        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
            }
        }
    }
}

/// The value parser of a whole number from `low` to `high`, both included, whose error says the
/// range as people write it: "expected a whole number from 0 to 959" (clap's own range parser
/// says "960 is not in 0..960").
fn number<T: Whole>(low: T, high: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync {
    move |text| {
        text.parse()
            .ok()
            .filter(|n| (low..=high).contains(n))
            .ok_or_else(|| format!("expected a whole number from {low} to {high}"))
    }
}

/// The value parser of a whole number of at least `low`, whose error says so in words.
fn number_from<T: Whole>(low: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync {
    move |text| {
        text.parse()
            .ok()
            .filter(|n| *n >= low)
            .ok_or_else(|| format!("expected a whole number of {low} or more"))
    }
}

/// The integer types of the options' numbers.
trait Whole: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static {}

impl<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static> Whole
    for T
{
}

/// `--last-move`: two squares, like e2e4.
fn two_squares(text: &str) -> std::result::Result<(Square, Square), String> {
    let squares = text
        .get(..2)
        .zip(text.get(2..))
        .and_then(|(from, to)| Some((from.parse::<Square>().ok()?, to.parse::<Square>().ok()?)));
    squares.ok_or_else(|| "expected two squares, like e2e4".to_owned())
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
