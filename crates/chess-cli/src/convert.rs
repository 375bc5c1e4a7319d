//! `chess pgn --to parquet|jsonl OUT FILES...`: games (or positions) as rows of a Parquet or
//! JSON Lines file, the schemas of docs/formats.md: the words and wiring around
//! chess-archive's `Conversion` (the loop the Python package's `write_parquet` runs too). The
//! output is written under a temporary name and renamed when complete.

use core::ops::ControlFlow;
use std::io::{BufWriter, Write};
use std::path::Path;

use chess_archive::{
    Conversion, ConvertError, OutputFormat, ReadOptions, RecordWriter, Records, Schema, Totals,
    WriteError,
};

use crate::cli::{PgnArgs, PgnFormat};
use crate::error::{CliError, Result};
use crate::files::{Output, Staging};
use crate::words::plural;

pub fn run(args: &PgnArgs) -> Result<()> {
    let (format, out_path) = match args.to.as_deref() {
        Some([format, out_path]) => {
            let format: OutputFormat = format
                .parse()
                .map_err(|e| CliError::usage(format_args!("--to: {e}")))?;
            (format, out_path.as_str().to_owned())
        }
        Some(_) => return Err(CliError::usage("--to: expected a format and a file")),
        None => {
            let format = match args.format() {
                Some(PgnFormat::Parquet) => OutputFormat::Parquet,
                _ => OutputFormat::JsonLines,
            };
            let out_path = args
                .output
                .as_ref()
                .map_or_else(|| "-".to_owned(), |p| p.display().to_string());
            (format, out_path)
        }
    };
    if args.json {
        return Err(CliError::usage(
            "--json and Parquet or JSON Lines output write different things: choose one",
        ));
    }
    let schema = if args.positions {
        Schema::Positions
    } else {
        args.schema.unwrap_or(Schema::Games {
            san: false,
            packed: false,
        })
    }
    .with_extra(args.san, args.packed)
    .map_err(|_| {
        CliError::usage(
            "--san and --packed add columns to the games schema, not to --positions or --schema lichess",
        )
    })?;
    let to_stdout = out_path == "-";
    if to_stdout && format == OutputFormat::Parquet {
        return Err(CliError::usage(
            "Parquet output: name a file (a Parquet file is not a stream)",
        ));
    }
    let inputs = args.inputs();
    let (staging, out): (Option<Staging>, Box<dyn Write + Send>) = if to_stdout {
        (None, Box::new(BufWriter::new(std::io::stdout())))
    } else {
        let (file, staging) =
            Output::create(Path::new(&out_path), args.force, &inputs)?.into_file()?;
        (
            Some(staging),
            Box::new(BufWriter::with_capacity(1 << 20, file)),
        )
    };
    let threads = args.threads.map_or(0, |n| n as usize);
    // Encoding is a third of the work or more: on as many threads as read.
    let writer = RecordWriter::new(out, format, schema)
        .map_err(|e| write_error(&out_path, e))?
        .with_threads(threads);
    let mut conversion = Conversion::new(writer);

    let mut options = ReadOptions::new(chess_archive::RecordOptions {
        openings: args.classify,
        ..schema.record_options()
    });
    options.chess960 = args.chess960;
    options.allow_null_moves = args.allow_null_moves;
    options.threads = threads;
    let mut unreadable = false;
    for path in &inputs {
        let name = args
            .source_name
            .clone()
            .unwrap_or_else(|| path.display().to_string());
        let input = match crate::files::open_split(path, &name, args.split(), args.stream_from)
            .and_then(|input| input.read_ahead(&name, args.threads))
        {
            Ok(input) => input,
            Err(e) => {
                crate::error::warn(&e);
                unreadable = true;
                continue;
            }
        };
        options.offset = input.offset;
        let progress = input.progress;
        let mut records = Records::new(input.reader, &options);
        let added = conversion.add(&mut records, &name, |record| {
            if let Some(e) = &record.error {
                crate::error::warn(format_args!("{name}: game {}, {e}", record.game_index));
            } else if record.truncated {
                crate::error::warn(format_args!(
                    "{name}: game {}: the input ends inside the game",
                    record.game_index
                ));
            }
            progress.update();
            ControlFlow::Continue(())
        });
        match added {
            Ok(_) => {}
            Err(ConvertError::Read(e)) => {
                crate::error::warn(format_args!("{name}: {e}"));
                unreadable = true;
            }
            Err(ConvertError::Write(e)) => return Err(write_error(&out_path, e)),
            Err(e) => return Err(CliError::input(&out_path, e)),
        }
    }
    let (out, totals) = conversion.finish().map_err(|e| write_error(&out_path, e))?;
    drop(out);
    if let Some(staging) = staging {
        staging.commit()?;
    }
    let Totals { games, rows, bad } = totals;
    let rows = if schema == Schema::Positions {
        plural(rows, "position", "positions")
    } else {
        plural(rows, "game", "games")
    };
    crate::error::warn(format_args!(
        "{out_path}: {rows} written from {}{}",
        plural(games, "game", "games"),
        if bad > 0 {
            format!(" ({bad} with errors)")
        } else {
            String::new()
        }
    ));
    crate::error::Items {
        total: games,
        one: "game",
        many: "games",
        bad,
        what: "could not be read whole",
        input_failed: unreadable,
    }
    .end()
}

/// The error of writing `out_path`, keeping its kind: a reader that went away (`| head`) ends
/// the program quietly, as for the other outputs.
fn write_error(out_path: &str, e: impl Into<WriteError>) -> CliError {
    let e = e.into();
    let kind = match &e {
        WriteError::Io(e) => Some(e.kind()),
        _ => None,
    };
    CliError {
        io_kind: kind,
        ..CliError::input(out_path, e)
    }
}
