//! `chess pgn`: read PGN files game by game (on several threads); count, check, print final
//! positions or re-export; report each bad or cut-off game with file, game number, line and
//! column, and go on.

use std::io::Write;

use chess_notation::pgn::{
    GameBuilder, GameResult, Location, ParallelReader, PgnError, PgnErrorReason, PgnGame,
    VisitorExt,
};
use chess_notation::{Fen, VariantFen, uci};
use chess_rules::variant::Playable;

use crate::cli::{PgnAction, PgnArgs, PgnFormat};
use crate::error::{CliError, EXIT_INVALID_INPUT, Result};
use crate::words::plural;
use chess_archive::input::Source;
use chess_archive::json::Json;
use chess_archive::split::{Planned, Split};

/// What one game comes to, made on the thread that read it (the game itself is dropped there).
#[derive(Default)]
struct Summary {
    /// The plies of its mainline, when it was read whole.
    plies: u64,
    bad: bool,
    truncated: bool,
    /// What to report on stderr: where (line and column) and why, for the error, the cut-off
    /// end, each variation dropped and the text read as its author meant.
    reports: Vec<String>,
    /// The line for stdout, without the file and game number that JSON starts with.
    output: Option<String>,
}

/// Totals over all files.
#[derive(Default, Clone, Copy)]
struct Totals {
    games: u64,
    plies: u64,
    bad: u64,
    truncated: u64,
}

pub fn run(args: &PgnArgs, out: &mut impl Write) -> Result<()> {
    check_output_options(args)?;
    if args.split().is_some() && args.files.len() > 1 {
        return Err(CliError::usage(
            "--byte-range and --frames cut one file: name one",
        ));
    }
    if args.source_name.is_some() && args.files.len() > 1 {
        return Err(CliError::usage("--source-name names one input: give one"));
    }
    match args.action() {
        PgnAction::Convert => return crate::convert::run(args),
        PgnAction::Plan => return plan(args, out),
        _ => {}
    }
    if args.classify && !(args.json || args.export) {
        return Err(CliError::usage(
            "--classify sets the ECO and Opening tags of what --export or --json writes",
        ));
    }
    let mut totals = Totals::default();
    let mut unreadable = false;
    for path in &args.inputs() {
        let name = args
            .source_name
            .clone()
            .unwrap_or_else(|| path.display().to_string());
        let before = totals;
        let result = crate::files::open_split(path, &name, args.split(), args.stream_from)
            .and_then(|input| input.read_ahead(&name, args.threads))
            .and_then(|input| read_file(&name, input, args, &mut totals, out));
        match result {
            Ok(()) => {}
            Err(e) if e.code == EXIT_INVALID_INPUT && e.io_kind.is_none() => {
                crate::error::warn(&e);
                unreadable = true;
                // The games read before the failure still count, and are said to.
                if args.action() == PgnAction::Stats && !args.json && totals.games > before.games {
                    writeln!(out, "{name}: {} before the error", tally(totals, before))?;
                }
                continue;
            }
            // The output failed (a closed pipe ends quietly, in main).
            Err(e) => return Err(e),
        }
        if args.action() == PgnAction::Stats && !args.json {
            writeln!(out, "{name}: {}", tally(totals, before))?;
        }
    }
    if args.action() == PgnAction::Stats && !args.json && args.files.len() > 1 {
        writeln!(out, "total: {}", tally(totals, Totals::default()))?;
    }
    crate::error::Items {
        total: totals.games,
        one: "game",
        many: "games",
        bad: totals.bad + totals.truncated,
        what: "could not be read",
        input_failed: unreadable,
    }
    .end()
}

/// The options of what is written, where they do not go together.
fn check_output_options(args: &PgnArgs) -> Result<()> {
    let actions = [
        ("--stats", args.stats),
        ("--fens", args.fens),
        ("--export", args.export),
        ("--check", args.check),
        ("--json", args.json),
        ("--plan", args.plan.is_some()),
    ];
    let asked: Vec<&str> = actions
        .iter()
        .filter_map(|&(name, given)| given.then_some(name))
        .collect();
    if let Some(format) = args.format {
        let fits = match format {
            PgnFormat::Pgn => asked.iter().all(|&a| a == "--export"),
            PgnFormat::Parquet | PgnFormat::Jsonl => asked.is_empty(),
        };
        if !fits {
            return Err(CliError::usage(format_args!(
                "--format {} and {} write different things: choose one",
                format_name(format),
                asked.join(", ")
            )));
        }
    }
    if let Some(path) = &args.output
        && asked.is_empty()
        && args.format().is_none()
    {
        return Err(CliError::usage(format_args!(
            "{}: say what to write with --format (parquet, jsonl or pgn) or an action (--stats, \
             --fens, --check, --json): the file's extension names no format",
            path.display()
        )));
    }
    let columns = [
        ("--positions", args.positions),
        ("--schema", args.schema.is_some()),
        ("--san", args.san),
        ("--packed", args.packed),
    ];
    if args.action() != PgnAction::Convert
        && let Some((name, _)) = columns.iter().find(|(_, given)| *given)
    {
        return Err(CliError::usage(format_args!(
            "{name} chooses columns of Parquet or JSON Lines output: add -o OUT.parquet, \
             -o OUT.jsonl or --format jsonl"
        )));
    }
    Ok(())
}

fn format_name(format: PgnFormat) -> &'static str {
    match format {
        PgnFormat::Parquet => "parquet",
        PgnFormat::Jsonl => "jsonl",
        PgnFormat::Pgn => "pgn",
    }
}

/// `chess pgn --plan SIZE FILES`: the parts of each file, one a line, as the options that
/// read them (`FILE --frames 0:16`), or as JSON.
fn plan(args: &PgnArgs, out: &mut impl Write) -> Result<()> {
    let size = args.plan.unwrap_or(u64::MAX);
    for path in &args.inputs() {
        let name = args
            .source_name
            .clone()
            .unwrap_or_else(|| path.display().to_string());
        let source = if path.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::Path(path.clone())
        };
        let planned = source.plan(size).map_err(|e| CliError::input(&name, e))?;
        for Planned { split, from } in planned {
            let (option, range) = match split {
                Split::Bytes { start, end } => ("--byte-range", format!("{start}:{end}")),
                Split::Frames { first, last } => ("--frames", format!("{first}:{last}")),
            };
            if args.json {
                let line = Json::Object(vec![
                    ("file", Json::str(name.clone())),
                    ("option", Json::str(option)),
                    ("range", Json::str(range)),
                    (
                        "from",
                        Json::Integer(i64::try_from(from).unwrap_or(i64::MAX)),
                    ),
                ]);
                writeln!(out, "{}", line.to_line())?;
            } else {
                writeln!(out, "{name} {option} {range}")?;
            }
        }
    }
    Ok(())
}

/// `6 games, 519 plies, 0 bad` (and `, 1 truncated` when a game is cut off): the plies are
/// the half-moves of the mainlines of the games read whole.
fn tally(now: Totals, before: Totals) -> String {
    let mut line = format!(
        "{}, {}, {} bad",
        plural(now.games - before.games, "game", "games"),
        plural(now.plies - before.plies, "ply", "plies"),
        now.bad - before.bad
    );
    if now.truncated > before.truncated {
        line += &format!(", {} truncated", now.truncated - before.truncated);
    }
    line
}

fn read_file(
    name: &str,
    input: crate::files::Input,
    args: &PgnArgs,
    totals: &mut Totals,
    out: &mut impl Write,
) -> Result<()> {
    let crate::files::Input {
        reader: input,
        progress,
        ..
    } = input;
    let builder = GameBuilder::new()
        .chess960(args.chess960)
        .allow_null_moves(args.allow_null_moves);
    let (action, json, classify) = (args.action(), args.json, args.classify);
    let mut summaries = ParallelReader::new(input)
        .threads(args.threads.map_or(0, |n| n as usize))
        .visit(move || {
            builder
                .clone()
                .map_output(move |game| summarise(game, action, json, classify))
        });
    let file_json = Json::str(name).to_line();
    for (number, summary) in (1..).zip(&mut summaries) {
        totals.games += 1;
        totals.plies += summary.plies;
        totals.bad += u64::from(summary.bad);
        totals.truncated += u64::from(summary.truncated && !summary.bad);
        for report in &summary.reports {
            crate::error::warn(format_args!("{name}: game {number}, {report}"));
        }
        match summary.output {
            Some(output) if json => {
                writeln!(out, "{{\"file\": {file_json}, \"game\": {number}, {output}")?;
            }
            Some(output) => writeln!(out, "{output}")?,
            None => {}
        }
        progress.update();
    }
    match summaries.take_error() {
        // The input failed part-way (a cut or corrupt compressed stream, a read error): the
        // games before it have been reported.
        Some(e) => Err(CliError::input(name, e)),
        None => Ok(()),
    }
}

/// What to say on stderr about a game: where (line and column) and why, for its error, its
/// cut-off end, each variation dropped and the text read as its author meant (the first of each
/// kind: `1–0`, `Ng1-f3`, `<br />`, …).
pub fn reports(
    game: Option<&PgnGame>,
    error: Option<&PgnError>,
    truncated: Option<Location>,
) -> Vec<String> {
    let at = |at: Location, why: &dyn std::fmt::Display| format!("{at}: {why}");
    let mut reports = Vec::new();
    match (error, truncated) {
        (Some(e), _) => reports.push(at(e.at, &e.reason)),
        (None, Some(end)) => reports.push(at(end, &PgnErrorReason::Truncated)),
        (None, None) => {}
    }
    // `line 7, column 3: variation dropped: illegal move …`, `line 1, column 9: read as 1-0: …`
    reports.extend(
        game.iter()
            .flat_map(|g| &g.diagnostics)
            .map(ToString::to_string),
    );
    reports
}

/// What a game comes to for `action`.
fn summarise(
    game: Result<PgnGame, PgnError>,
    action: PgnAction,
    json: bool,
    classify: bool,
) -> Summary {
    let (mut game, error) = match game {
        Ok(game) => (Some(game), None),
        Err(e) => (e.partial.to_game(), Some(e)),
    };
    if classify {
        if let Some(game) = &mut game {
            chess_notation::openings::tag(game);
        }
    }
    let truncated = game.as_ref().and_then(|g| g.truncated);
    let truncated = truncated.or_else(|| error.as_ref().and_then(|e| e.partial.truncated));
    let reports = reports(game.as_ref(), error.as_ref(), truncated);
    let complete = game.as_ref().filter(|_| error.is_none());
    let output = match (json, complete, action) {
        (true, ..) => Some(json_tail(
            game.as_ref(),
            error.as_ref(),
            truncated.is_some(),
        )),
        (false, Some(game), PgnAction::Fens) => Some(final_fen(game)),
        (false, Some(game), PgnAction::Export) => Some(game.to_string()),
        _ => None,
    };
    Summary {
        plies: complete.map_or(0, |g| g.mainline.moves.len() as u64),
        bad: error.is_some(),
        truncated: truncated.is_some(),
        reports,
        output,
    }
}

/// The FEN of the position at the end of `game`'s mainline: a variant FEN (pockets, checks)
/// for a variant's game.
fn final_fen(game: &PgnGame) -> String {
    match &game.variant_initial {
        Some(_) => VariantFen::from_position(&game.final_variant_position()).to_string(),
        None => Fen::from_position(&game.final_position()).to_string(),
    }
}

/// The JSON object of a game after its `"file"` and `"game"` keys (see docs/cli.md).
fn json_tail(game: Option<&PgnGame>, error: Option<&PgnError>, truncated: bool) -> String {
    let headers = match (game, error) {
        (Some(game), _) => &game.headers,
        (None, Some(e)) => &e.partial.headers,
        (None, None) => unreachable!("a game or its error"),
    };
    let header_result = headers
        .iter()
        .find(|(k, _)| k == "Result")
        .and_then(|(_, v)| GameResult::from_token(v));
    let (moves, final_fen) = game.map_or((Vec::new(), Json::Null), |game| {
        let line = match &game.variant_initial {
            // A variant's game: its moves by its rules (drops as `N@f3`), and its variant FEN.
            Some(start) => {
                let mut pos = start.clone();
                let mut line = Vec::new();
                for m in game.mainline_moves().map_while(|m| m) {
                    line.push(uci::format_variant(&pos, m));
                    pos.play_unchecked(m);
                }
                line
            }
            None => uci::format_line(&game.initial, game.mainline_moves()).0,
        };
        let fen = Json::str(final_fen(game));
        (line.into_iter().map(Json::String).collect(), fen)
    });
    let result = game
        .and_then(|g| g.result)
        .or(header_result)
        .unwrap_or(GameResult::Unknown);
    let located = |kind: &str, at: Location, message: String| {
        Json::Object(vec![
            ("kind", Json::str(kind)),
            ("line", Json::Number(at.line)),
            ("column", Json::Number(at.column)),
            ("message", Json::str(message)),
        ])
    };
    let error = error.map_or(Json::Null, |e| {
        located(e.kind().as_str(), e.at, e.reason.to_string())
    });
    let diagnostics = game.map_or(Vec::new(), |g| {
        g.diagnostics
            .iter()
            .map(|d| located(d.kind().as_str(), d.at, d.reason.to_string()))
            .collect()
    });
    let fields = Json::Object(vec![
        (
            "headers",
            Json::Map(
                headers
                    .iter()
                    .map(|(k, v)| (k.clone(), Json::str(v.clone())))
                    .collect(),
            ),
        ),
        ("moves", Json::Array(moves)),
        ("final_fen", final_fen),
        ("result", Json::str(result.as_str())),
        ("error", error),
        ("truncated", Json::Bool(truncated)),
        ("diagnostics", Json::Array(diagnostics)),
    ]);
    let line = fields.to_line();
    line[1..].to_owned()
}
