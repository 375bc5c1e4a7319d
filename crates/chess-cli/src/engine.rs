//! The computer side: `chess uci`, `chess analyse`, `chess bench`, and opponents for `play`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chess_engine::uci::Client;
use chess_engine::{
    Control, Level, Limits, Rng, Score, SearchInfo, Searcher, Tablebase, TablebaseSettings,
};
use chess_notation::SanPlus;
use chess_notation::polyglot::Book;
use chess_rules::{Game, Move, Position};

use crate::cli::{AnalyseArgs, BenchArgs, PlayArgs, UciArgs};
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve};

/// The Syzygy tables in `dirs`, for the engine (`None` without directories). A directory that
/// cannot be read is an error here, where it can be said plainly.
pub fn tablebases(dirs: &[PathBuf]) -> Result<Option<Arc<Tablebase>>> {
    if dirs.is_empty() {
        return Ok(None);
    }
    let mut tables = Tablebase::new();
    for dir in dirs {
        tables
            .add_directory(dir)
            .map_err(|e| CliError::input(dir.display(), e))?;
    }
    Ok(Some(Arc::new(tables)))
}

fn tablebase_settings(dirs: &[PathBuf]) -> Result<TablebaseSettings> {
    Ok(TablebaseSettings {
        tables: tablebases(dirs)?,
        ..TablebaseSettings::default()
    })
}

pub fn uci(args: &UciArgs) -> Result<()> {
    let mut options = Vec::new();
    tablebases(&args.syzygy)?;
    let separator = if cfg!(windows) { ";" } else { ":" };
    let path = args
        .syzygy
        .iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(separator);
    if !path.is_empty() {
        options.push(("SyzygyPath", path.as_str()));
    }
    let book = args.book.as_ref().map(|path| path.display().to_string());
    if let Some(path) = &book {
        // A bad book is an error here, where it can be said plainly, not an `info string`.
        Book::open(path).map_err(|e| CliError::input(path, e))?;
        options.extend([("BookFile", path.as_str()), ("OwnBook", "true")]);
    }
    chess_engine::uci::run_with_options(std::io::stdin().lock(), std::io::stdout(), &options)?;
    Ok(())
}

pub fn bench(args: &BenchArgs, out: &mut impl Write) -> Result<()> {
    let result = chess_engine::bench(args.depth);
    writeln!(out, "===========================")?;
    writeln!(out, "Total time (ms) : {}", result.time.as_millis())?;
    writeln!(out, "Nodes searched  : {}", result.nodes)?;
    writeln!(out, "Nodes/second    : {}", result.nps)?;
    Ok(())
}

/// A score for people: `+0.35`, `-1.20`, `#3` (mate in 3), `#-2` (mated in 2).
pub fn human_score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// A principal variation in SAN with move numbers: `12. Nf3 Nc6 13. Bb5`.
pub fn pv_san(pos: &Position, pv: &[Move]) -> String {
    chess_notation::san::variation(pos, pv)
}

/// A score with whose it is: engines score for the side to move (`+0.35 for black`).
pub fn scored(pos: &Position, score: Score) -> String {
    format!("{} for {}", human_score(score), pos.turn())
}

/// One line about a search iteration: depth, score, nodes, time and the line in SAN.
pub fn describe(pos: &Position, info: &SearchInfo) -> String {
    let multipv = if info.multipv > 1 {
        format!(" line {}", info.multipv)
    } else {
        String::new()
    };
    format!(
        "depth {}/{}{multipv} score {} nodes {} ({} kn/s) time {:.2} s: {}",
        info.depth,
        info.seldepth,
        scored(pos, info.score),
        info.nodes,
        info.nps / 1000,
        info.time.as_secs_f64(),
        pv_san(pos, &info.pv)
    )
}

pub fn analyse(args: &AnalyseArgs, out: &mut impl Write) -> Result<()> {
    let pos = resolve(&args.position, Chess960Default::Classical)?;
    if !pos.has_legal_moves() {
        let what = if pos.is_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        writeln!(out, "no legal move: {what}")?;
        return Ok(());
    }
    let mut searcher = Searcher::with_hash(args.hash as usize);
    searcher.set_multi_pv(args.multipv as usize);
    searcher.set_tablebases(tablebase_settings(&args.syzygy)?);
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(2000)),
    };
    let mut lines = Vec::new();
    let result = searcher.search(&pos, &[], &limits, &Control::new(), |info| {
        lines.push(describe(&pos, info));
    });
    for line in lines {
        writeln!(out, "{line}")?;
    }
    if let Some(best) = result.best_move {
        writeln!(
            out,
            "best move: {} (score {}, depth {})",
            SanPlus::from_move(&pos, best),
            scored(&pos, result.score),
            result.depth
        )?;
        writeln!(out, "best line: {}", pv_san(&pos, &result.pv))?;
    }
    Ok(())
}

/// The computer side of a game: the built-in engine or an external UCI engine, with an
/// opening book it plays from first, if given.
pub struct Opponent {
    player: Player,
    book: Option<(Book, Rng)>,
}

/// Who thinks for the computer.
enum Player {
    Builtin {
        searcher: Box<Searcher>,
        movetime: Duration,
    },
    External {
        client: Box<Client>,
        movetime: Duration,
    },
}

/// What the computer thought about its last move.
#[derive(Default, Clone)]
pub struct Thought {
    pub lines: Vec<String>,
}

impl Opponent {
    /// The opponent `args` ask for; `seed` drives the built-in engine's random choices at the
    /// weaker levels.
    pub fn new(args: &PlayArgs, seed: u64) -> Result<Opponent> {
        let book = match &args.book {
            Some(path) => {
                let book = Book::open(path).map_err(|e| CliError::input(path.display(), e))?;
                Some((book, Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15)))
            }
            None => None,
        };
        let movetime = args.movetime();
        if let Some(path) = &args.engine {
            let mut client = Client::spawn(path, &args.engine_arg)
                .map_err(|e| CliError::input(path.display(), e))?;
            if !args.syzygy.is_empty() {
                // The engine probes the tables itself, if it can.
                tablebases(&args.syzygy)?;
                let separator = if cfg!(windows) { ";" } else { ":" };
                let dirs: Vec<String> = args
                    .syzygy
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect();
                client
                    .set_option("SyzygyPath", Some(&dirs.join(separator)))
                    .map_err(|e| CliError::usage(format!("--syzygy: {e}")))?;
            }
            let player = Player::External {
                client: Box::new(client),
                movetime,
            };
            return Ok(Opponent { player, book });
        }
        let mut searcher = Searcher::new();
        searcher.set_seed(seed);
        searcher.set_tablebases(tablebase_settings(&args.syzygy)?);
        if let Some(level) = Level::new(args.level()) {
            searcher.set_level(level);
        }
        let player = Player::Builtin {
            searcher: Box::new(searcher),
            movetime,
        };
        Ok(Opponent { player, book })
    }

    pub fn name(&self) -> String {
        let name = match &self.player {
            Player::Builtin { searcher, .. } => {
                format!("computer (level {})", searcher.level().get())
            }
            Player::External { client, .. } => client.name().unwrap_or("engine").to_owned(),
        };
        if self.book.is_some() {
            format!("{name} with a book")
        } else {
            name
        }
    }

    /// The computer's move in the game's position, with what it thought.
    pub fn reply(&mut self, game: &Game) -> std::result::Result<(Move, Thought), String> {
        let pos = game.position();
        if let Some((book, rng)) = &mut self.book {
            if let Some(choice) = book.weighted_choice(pos, rng.next_u64()) {
                let total: u64 = book.moves(pos).iter().map(|m| u64::from(m.weight)).sum();
                let line = format!(
                    "book move {} (weight {} of {total})",
                    SanPlus::from_move(pos, choice.m),
                    choice.weight
                );
                return Ok((choice.m, Thought { lines: vec![line] }));
            }
        }
        match &mut self.player {
            Player::Builtin { searcher, movetime } => {
                // The game's earlier positions, for repetitions inside the search.
                let history: Vec<u64> = game.history().iter().map(Position::zobrist_hash).collect();
                let mut thought = Thought::default();
                let result = searcher.search(
                    pos,
                    &history,
                    &Limits::movetime(*movetime),
                    &Control::new(),
                    |info| {
                        thought.lines.push(describe(pos, info));
                    },
                );
                let m = result.best_move.ok_or("the computer has no legal move")?;
                Ok((m, thought))
            }
            Player::External { client, movetime } => {
                client
                    .set_position(game.initial_position(), game.moves())
                    .map_err(|e| e.to_string())?;
                let mut thought = Thought::default();
                let answer = client
                    .go(&Limits::movetime(*movetime), |info| {
                        if let (Some(depth), Some(score)) = (info.depth, info.score) {
                            thought.lines.push(format!(
                                "depth {depth} score {}: {}",
                                scored(pos, score),
                                pv_san(pos, &info.pv)
                            ));
                        }
                    })
                    .map_err(|e| e.to_string())?;
                let m = answer.best.ok_or("the engine has no move")?;
                if !pos.is_legal(m) {
                    return Err(format!("the engine played an illegal move: {m}"));
                }
                Ok((m, thought))
            }
        }
    }

    /// Tells an external engine a new game starts.
    pub fn new_game(&mut self) {
        match &mut self.player {
            Player::External { client, .. } => {
                let _ = client.new_game();
            }
            Player::Builtin { searcher, .. } => searcher.clear(),
        }
    }
}
