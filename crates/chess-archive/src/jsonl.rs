//! Game records as JSON Lines: one JSON object a line, with the fields of the
//! [`Schema`]'s columns, in the same order and with the same values as the
//! Parquet writer's (dates as `YYYY-MM-DD`, times as `HH:MM:SS`, binary as base64).
//!
//! ```
//! use chess_archive::jsonl::JsonlWriter;
//! use chess_archive::{RecordOptions, RecordVisitor, Schema};
//! use chess_notation::pgn::{GameBuilder, Reader};
//!
//! let pgn = "[White \"Ann\"]\n[WhiteElo \"1850\"]\n\n1. e4 e5 *\n";
//! let schema = Schema::Games { san: false, packed: false };
//! let mut visitor = RecordVisitor::new(GameBuilder::new(), schema.record_options());
//! let record = Reader::new(pgn.as_bytes()).read_game(&mut visitor)?.unwrap();
//! let mut writer = JsonlWriter::new(Vec::new(), schema);
//! assert_eq!(writer.write(&record, "games.pgn")?, 1);
//! let text = String::from_utf8(writer.finish()?)?;
//! assert!(text.starts_with(r#"{"event": null, "site": null"#));
//! assert!(text.contains(r#""white": "Ann""#) && text.contains(r#""white_elo": 1850"#));
//! assert!(text.contains(r#""moves_uci": ["e2e4", "e7e5"]"#));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use chess_notation::Fen;
use chess_notation::pack;
use chess_notation::pgn::{Date, Time};
use chess_notation::uci::UciMove;

use crate::Schema;
use crate::json::Json;
use crate::record::{GameRecord, TYPED_TAGS};
use chess_notation::pgn::Eval;

/// Writes game records as JSON Lines.
#[derive(Debug)]
pub struct JsonlWriter<W: Write> {
    out: W,
    schema: Schema,
    line: String,
}

impl<W: Write> JsonlWriter<W> {
    /// A writer of `schema` rows to `out` (buffer it: each row is one `write_all`).
    pub fn new(out: W, schema: Schema) -> JsonlWriter<W> {
        JsonlWriter {
            out,
            schema,
            line: String::new(),
        }
    }

    /// Writes the rows of `record` (read from `source_file`); returns how many.
    ///
    /// # Errors
    ///
    /// The error of writing to the output.
    pub fn write(&mut self, record: &GameRecord, source_file: &str) -> io::Result<u64> {
        let rows = match self.schema {
            Schema::Games { san, packed } => vec![game(record, source_file, san, packed)],
            Schema::Positions => positions(record, source_file),
            Schema::Lichess => vec![lichess(record)],
        };
        for row in &rows {
            self.line.clear();
            row.write(&mut self.line);
            self.line.push('\n');
            self.out.write_all(self.line.as_bytes())?;
        }
        Ok(rows.len() as u64)
    }

    /// Flushes the output and gives it back.
    ///
    /// # Errors
    ///
    /// The error of flushing.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

fn opt_int(value: Option<i32>) -> Json {
    value.map_or(Json::Null, |n| Json::Integer(n.into()))
}

/// A whole date as ISO 8601 writes it (`2024-01-31`).
fn date(value: Option<&str>) -> Json {
    let date = value.and_then(|v| v.trim().parse::<Date>().ok());
    Json::opt_str(date.and_then(|d| {
        Some(format!(
            "{:04}-{:02}-{:02}",
            d.year()?,
            d.month()?,
            d.day()?
        ))
    }))
}

fn time(value: Option<&str>) -> Json {
    Json::opt_str(value.and_then(|v| Some(v.trim().parse::<Time>().ok()?.to_string())))
}

fn eval(eval: Option<Eval>) -> Json {
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

/// A move in UCI, as a JSON string.
fn uci(m: UciMove) -> Json {
    let mut text = String::with_capacity(5);
    m.append_to(&mut text);
    Json::String(text)
}

fn words(text: &str) -> Json {
    Json::Array(
        text.split(' ')
            .filter(|w| !w.is_empty())
            .map(Json::str)
            .collect(),
    )
}

/// A row of the games schema.
fn game(r: &GameRecord, source: &str, san: bool, packed: bool) -> Json {
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
        ("utc_date", date(r.tag("UTCDate"))),
        ("utc_time", time(r.tag("UTCTime"))),
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
            Json::opt_str(r.packed.as_deref().map(pack::base64::encode)),
        ));
    }
    fields.push(("moves_uci", Json::Array(r.uci_moves().map(uci).collect())));
    if san {
        fields.push(("moves_san", words(r.moves_san.as_deref().unwrap_or(""))));
    }
    fields.extend([
        ("plies", Json::Number(u64::from(r.plies))),
        ("variant", Json::str(r.variant_name())),
        ("start_fen", Json::opt_str(r.start_fen.clone())),
        ("final_fen", Json::str(r.final_fen.clone())),
        ("outcome", Json::opt_str(r.outcome_name())),
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
            Json::Array(r.evals.iter().map(|&e| eval(e)).collect()),
        ),
        (
            "error",
            r.error.as_ref().map_or(Json::Null, |e| {
                Json::Object(vec![
                    ("kind", Json::str(e.kind.as_str())),
                    ("line", Json::Number(e.at.line)),
                    ("column", Json::Number(e.at.column)),
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

/// The rows of the positions schema, one per position.
fn positions(r: &GameRecord, source: &str) -> Vec<Json> {
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
                    Json::str(pack::base64::encode(pack::encode_position(pos).as_bytes())),
                ),
                (
                    "turn",
                    Json::str(if pos.turn().is_white() {
                        "white"
                    } else {
                        "black"
                    }),
                ),
                ("move_uci", r.uci_move(ply).map_or(Json::Null, uci)),
                (
                    "clock",
                    r.clocks
                        .get(ply)
                        .copied()
                        .flatten()
                        .map_or(Json::Null, |c| Json::Number(u64::from(c))),
                ),
                ("eval", eval(r.evals.get(ply).copied().flatten())),
                ("result", Json::str(r.result())),
            ])
        })
        .collect()
}

/// A row of the Lichess data set's columns.
fn lichess(r: &GameRecord) -> Json {
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
        ("UTCDate", date(r.tag("UTCDate"))),
        ("UTCTime", time(r.tag("UTCTime"))),
        ("ECO", tag("ECO")),
        ("Opening", tag("Opening")),
        ("Termination", tag("Termination")),
        ("TimeControl", tag("TimeControl")),
        ("movetext", Json::opt_str(r.movetext.clone())),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RecordOptions, RecordVisitor};
    use chess_notation::pgn::{GameBuilder, Reader};

    /// The keys of a row, in order.
    fn keys(row: &Json) -> Vec<&'static str> {
        match row {
            Json::Object(fields) => fields.iter().map(|(k, _)| *k).collect(),
            _ => panic!("a row is an object"),
        }
    }

    #[test]
    fn the_fields_are_the_schema_s_columns() {
        let pgn = "[Event \"e\"]\n\n1. e4 { [%clk 0:01:00] } e5 2. Nf3 *\n";
        for schema in crate::schema::EVERY {
            let options = RecordOptions {
                openings: false,
                ..schema.record_options()
            };
            let mut visitor = RecordVisitor::new(GameBuilder::new(), options);
            let record = Reader::new(pgn.as_bytes())
                .read_game(&mut visitor)
                .unwrap()
                .unwrap();
            let rows = match schema {
                Schema::Games { san, packed } => vec![game(&record, "x.pgn", san, packed)],
                Schema::Positions => positions(&record, "x.pgn"),
                Schema::Lichess => vec![lichess(&record)],
            };
            assert_eq!(rows.len() as u64, schema.rows(&record));
            for row in &rows {
                assert_eq!(keys(row), schema.columns(), "{schema:?}");
            }
        }
    }

    #[test]
    fn a_row_a_line() {
        let pgn = "1. e4 e5 *\n\n[Event \"second\"]\n\n1. d4 *\n";
        let mut visitor =
            RecordVisitor::new(GameBuilder::new(), Schema::Positions.record_options());
        let mut reader = Reader::new(pgn.as_bytes());
        let mut writer = JsonlWriter::new(Vec::new(), Schema::Positions);
        let mut rows = 0;
        while let Some(record) = reader.read_game(&mut visitor).unwrap() {
            rows += writer.write(&record, "x.pgn").unwrap();
        }
        let text = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(rows, 5);
        assert_eq!(text.lines().count(), 5);
        assert!(text.lines().all(|l| l.starts_with("{\"game_index\": ")));
        assert!(text.ends_with("\"result\": \"*\"}\n"));
    }
}
