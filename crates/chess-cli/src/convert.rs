//! `chess pgn --to parquet|jsonl OUT FILES...`: games (or positions) as rows of a Parquet or
//! JSON Lines file, the schemas of docs/formats.md. Games are read and turned into records on
//! several threads and written in input order; the output is written under a temporary name
//! and renamed when complete.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use chess_archive::parquet::{GameWriter, Schema};
use chess_archive::{GameRecord, RecordOptions, RecordVisitor, TYPED_TAGS, parse_date, parse_time};
use chess_notation::Fen;
use chess_notation::pgn::{Eval, GameBuilder, ParallelReader};

use crate::cli::{ArchiveSchema, PgnArgs};
use crate::error::{CliError, Result};
use crate::json::Json;

/// Where the rows go.
enum Sink {
    Parquet(Box<GameWriter<BufWriter<File>>>),
    Jsonl(Box<dyn Write>),
}

/// The output file, written under a temporary name beside it until it is complete.
struct Output {
    temporary: Option<PathBuf>,
    path: PathBuf,
}

impl Output {
    fn create(path: &Path, force: bool) -> Result<(Output, File)> {
        if path.exists() && !force {
            return Err(CliError::invalid(format_args!(
                "{}: the file exists (--force replaces it)",
                path.display()
            )));
        }
        let temporary = crate::files::temporary_beside(path);
        let file = File::create(&temporary).map_err(|e| CliError::input(path.display(), e))?;
        Ok((
            Output {
                temporary: Some(temporary),
                path: path.to_owned(),
            },
            file,
        ))
    }

    /// Puts the complete file under its name.
    fn commit(mut self) -> Result<()> {
        if let Some(temporary) = self.temporary.take() {
            std::fs::rename(&temporary, &self.path)
                .map_err(|e| CliError::input(self.path.display(), e))?;
        }
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // Not committed: nothing half-written is left.
        if let Some(temporary) = &self.temporary {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

pub fn run(args: &PgnArgs) -> Result<()> {
    let [format, out_path] = args.to.as_deref().unwrap_or_default() else {
        return Err(CliError::usage("--to: expected a format and a file"));
    };
    if args.json {
        return Err(CliError::usage(
            "--json and --to write different things: choose one",
        ));
    }
    let schema = if args.positions {
        Schema::Positions
    } else if args.schema == Some(ArchiveSchema::Lichess) {
        Schema::Lichess
    } else {
        Schema::Games {
            san: args.san,
            packed: args.packed,
        }
    };
    if (args.san || args.packed) && !matches!(schema, Schema::Games { .. }) {
        return Err(CliError::usage(
            "--san and --packed add columns to the games schema, not to --positions or --schema lichess",
        ));
    }
    let to_stdout = out_path == "-";
    let (output, mut sink) = match format.as_str() {
        "parquet" if to_stdout => {
            return Err(CliError::usage(
                "--to parquet: name a file (a Parquet file is not a stream)",
            ));
        }
        "parquet" => {
            let (output, file) = Output::create(Path::new(out_path), args.force)?;
            let mut writer = GameWriter::new(BufWriter::with_capacity(1 << 20, file), schema)
                .map_err(|e| CliError::input(out_path, e))?;
            if args.threads != Some(1) {
                // Encoding is a third of the work: off the thread that gathers the rows.
                writer = writer.with_encoder_thread();
            }
            (Some(output), Sink::Parquet(Box::new(writer)))
        }
        "jsonl" if to_stdout => (
            None,
            Sink::Jsonl(Box::new(BufWriter::new(std::io::stdout()))),
        ),
        "jsonl" => {
            let (output, file) = Output::create(Path::new(out_path), args.force)?;
            (
                Some(output),
                Sink::Jsonl(Box::new(BufWriter::with_capacity(1 << 20, file))),
            )
        }
        other => {
            return Err(CliError::usage(format_args!(
                "--to {other}: expected parquet or jsonl"
            )));
        }
    };

    let options = RecordOptions {
        openings: args.classify,
        ..schema.record_options()
    };
    let (mut games, mut rows, mut bad, mut unreadable) = (0u64, 0u64, 0u64, false);
    for path in &args.files {
        let name = args
            .source_name
            .clone()
            .unwrap_or_else(|| path.display().to_string());
        let input = match crate::files::open_split(path, &name, args.split(), args.stream_from) {
            Ok(input) => input,
            Err(e) => {
                crate::error::warn(&e);
                unreadable = true;
                continue;
            }
        };
        let visitor = RecordVisitor::new(
            GameBuilder::new()
                .chess960(args.chess960)
                .allow_null_moves(args.allow_null_moves),
            options,
        );
        let mut converted = ParallelReader::new(input.reader)
            .threads(args.threads.map_or(0, |n| n as usize))
            .visit(move || visitor.clone());
        for (number, mut record) in (1..).zip(&mut converted) {
            record.game_index = number;
            record.byte_offset += input.offset;
            if let Some(e) = &record.error {
                crate::error::warn(format_args!(
                    "{name}: game {number}, line {}, column {}: {}",
                    e.line, e.column, e.message
                ));
            } else if record.truncated {
                crate::error::warn(format_args!(
                    "{name}: game {number}: the input ends inside the game"
                ));
            }
            bad += u64::from(record.error.is_some() || record.truncated);
            games += 1;
            rows += write(&mut sink, &record, &name, schema)
                .map_err(|e| CliError::input(out_path, e))?;
            input.progress.update();
        }
        if let Some(e) = converted.take_error() {
            crate::error::warn(format_args!(
                "{name}: game {}, line {}: {}",
                e.game, e.at.line, e.reason
            ));
            unreadable = true;
        }
    }
    match sink {
        Sink::Parquet(writer) => {
            let mut file = writer.finish().map_err(|e| CliError::input(out_path, e))?;
            file.flush().map_err(|e| CliError::input(out_path, e))?;
        }
        Sink::Jsonl(mut writer) => writer.flush()?,
    }
    if let Some(output) = output {
        output.commit()?;
    }
    let what = if schema == Schema::Positions {
        "positions"
    } else {
        "games"
    };
    crate::error::warn(format_args!(
        "{out_path}: {rows} {what} written from {games} games{}",
        if bad > 0 {
            format!(" ({bad} with errors)")
        } else {
            String::new()
        }
    ));
    if bad > 0 || unreadable {
        return Err(CliError::invalid(format_args!(
            "{} of {games} games could not be read whole{}",
            bad,
            if unreadable {
                ", and an input failed"
            } else {
                ""
            }
        )));
    }
    Ok(())
}

/// Writes the rows of a record; returns how many.
fn write(
    sink: &mut Sink,
    record: &GameRecord,
    source: &str,
    schema: Schema,
) -> std::result::Result<u64, Box<dyn std::error::Error>> {
    match sink {
        Sink::Parquet(writer) => {
            writer.write(record, source)?;
            Ok(match schema {
                Schema::Positions => record.positions.len() as u64,
                _ => 1,
            })
        }
        Sink::Jsonl(out) => {
            let objects = match schema {
                Schema::Games { san, packed } => vec![game_json(record, source, san, packed)],
                Schema::Positions => position_json(record, source),
                Schema::Lichess => vec![lichess_json(record)],
            };
            for object in &objects {
                writeln!(out, "{}", object.to_line())?;
            }
            Ok(objects.len() as u64)
        }
    }
}

fn opt_int(value: Option<i32>) -> Json {
    value.map_or(Json::Null, |n| Json::Integer(n.into()))
}

fn date_json(value: Option<&str>) -> Json {
    Json::opt_str(
        value
            .and_then(parse_date)
            .map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
    )
}

fn time_json(value: Option<&str>) -> Json {
    Json::opt_str(
        value
            .and_then(parse_time)
            .map(|s| format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)),
    )
}

fn eval_json(eval: Option<Eval>) -> Json {
    match eval {
        None => Json::Null,
        Some(Eval::Centipawns(cp)) => {
            Json::Object(vec![("cp", Json::Integer(cp.into())), ("mate", Json::Null)])
        }
        Some(Eval::Mate(n)) => {
            Json::Object(vec![("cp", Json::Null), ("mate", Json::Integer(n.into()))])
        }
    }
}

fn words(text: &str) -> Json {
    Json::Array(
        text.split(' ')
            .filter(|w| !w.is_empty())
            .map(Json::str)
            .collect(),
    )
}

/// The games schema as JSON: the same fields, in the same order, as the Parquet columns.
fn game_json(r: &GameRecord, source: &str, san: bool, packed: bool) -> Json {
    let tag = |name: &str| Json::opt_str(r.tag(name));
    let control = r.time_control();
    let mut fields = vec![
        ("event", tag("Event")),
        ("site", tag("Site")),
        ("date", tag("Date")),
        ("round", tag("Round")),
        ("white", tag("White")),
        ("black", tag("Black")),
        ("result", Json::str(r.result())),
        ("white_elo", opt_int(r.tag_i32("WhiteElo"))),
        ("black_elo", opt_int(r.tag_i32("BlackElo"))),
        ("white_rating_diff", opt_int(r.tag_i32("WhiteRatingDiff"))),
        ("black_rating_diff", opt_int(r.tag_i32("BlackRatingDiff"))),
        ("white_title", tag("WhiteTitle")),
        ("black_title", tag("BlackTitle")),
        ("eco", tag("ECO")),
        ("opening", tag("Opening")),
        ("time_control", tag("TimeControl")),
        (
            "base_seconds",
            opt_int(control.and_then(|(b, _)| i32::try_from(b).ok())),
        ),
        (
            "increment_seconds",
            opt_int(control.and_then(|(_, i)| i32::try_from(i).ok())),
        ),
        ("termination", tag("Termination")),
        ("utc_date", date_json(r.tag("UTCDate"))),
        ("utc_time", time_json(r.tag("UTCTime"))),
        (
            "headers",
            Json::Map(
                r.headers
                    .iter()
                    .filter(|(k, _)| !TYPED_TAGS.contains(k))
                    .map(|(k, v)| (k.to_owned(), Json::str(v)))
                    .collect(),
            ),
        ),
    ];
    if packed {
        fields.push((
            "packed",
            Json::opt_str(
                r.packed
                    .as_deref()
                    .map(chess_notation::pack::base64::encode),
            ),
        ));
    }
    fields.push(("moves_uci", words(&r.moves_uci)));
    if san {
        fields.push(("moves_san", words(r.moves_san.as_deref().unwrap_or(""))));
    }
    fields.extend([
        ("plies", Json::Number(u64::from(r.plies))),
        ("start_fen", Json::opt_str(r.start_fen.clone())),
        ("final_fen", Json::str(r.final_fen.clone())),
        ("outcome", Json::opt_str(r.outcome)),
        (
            "clocks",
            Json::Array(
                r.clocks
                    .iter()
                    .map(|c| c.map_or(Json::Null, |c| Json::Number(u64::from(c))))
                    .collect(),
            ),
        ),
        (
            "evals",
            Json::Array(r.evals.iter().map(|&e| eval_json(e)).collect()),
        ),
        (
            "error",
            r.error.as_ref().map_or(Json::Null, |e| {
                Json::Object(vec![
                    ("kind", Json::str(e.kind)),
                    ("line", Json::Number(e.line)),
                    ("column", Json::Number(e.column)),
                    ("message", Json::str(e.message.clone())),
                ])
            }),
        ),
        ("truncated", Json::Bool(r.truncated)),
        ("source_file", Json::str(source)),
        ("game_index", Json::Number(r.game_index)),
        ("byte_offset", Json::Number(r.byte_offset)),
    ]);
    Json::Object(fields)
}

/// The positions schema as JSON, one object per position.
fn position_json(r: &GameRecord, source: &str) -> Vec<Json> {
    let uci: Vec<&str> = r.moves_uci.split(' ').filter(|w| !w.is_empty()).collect();
    r.positions
        .iter()
        .enumerate()
        .map(|(ply, pos)| {
            Json::Object(vec![
                ("game_index", Json::Number(r.game_index)),
                ("source_file", Json::str(source)),
                ("ply", Json::Number(ply as u64)),
                ("fen", Json::str(Fen::from_position(pos).to_string())),
                (
                    "packed",
                    Json::str(chess_notation::pack::base64::encode(
                        chess_notation::pack::encode_position(pos).as_bytes(),
                    )),
                ),
                (
                    "turn",
                    Json::str(if pos.turn().is_white() {
                        "white"
                    } else {
                        "black"
                    }),
                ),
                ("move_uci", Json::opt_str(uci.get(ply).copied())),
                (
                    "clock",
                    r.clocks
                        .get(ply)
                        .copied()
                        .flatten()
                        .map_or(Json::Null, |c| Json::Number(u64::from(c))),
                ),
                ("eval", eval_json(r.evals.get(ply).copied().flatten())),
                ("result", Json::str(r.result())),
            ])
        })
        .collect()
}

/// The Lichess data set's columns as JSON.
fn lichess_json(r: &GameRecord) -> Json {
    let tag = |name: &str| Json::opt_str(r.tag(name));
    let small = |name: &str| opt_int(r.tag_i32(name).filter(|n| i16::try_from(*n).is_ok()));
    Json::Object(vec![
        ("Event", tag("Event")),
        ("Site", tag("Site")),
        ("White", tag("White")),
        ("Black", tag("Black")),
        ("Result", Json::str(r.result())),
        ("WhiteTitle", tag("WhiteTitle")),
        ("BlackTitle", tag("BlackTitle")),
        ("WhiteElo", small("WhiteElo")),
        ("BlackElo", small("BlackElo")),
        ("WhiteRatingDiff", small("WhiteRatingDiff")),
        ("BlackRatingDiff", small("BlackRatingDiff")),
        ("UTCDate", date_json(r.tag("UTCDate"))),
        ("UTCTime", time_json(r.tag("UTCTime"))),
        ("ECO", tag("ECO")),
        ("Opening", tag("Opening")),
        ("Termination", tag("Termination")),
        ("TimeControl", tag("TimeControl")),
        ("movetext", Json::opt_str(r.movetext.clone())),
    ])
}
