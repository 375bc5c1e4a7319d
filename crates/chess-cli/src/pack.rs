//! `chess encode` and `chess decode`: the compact binary formats of `chess_notation::pack`, as
//! base64 lines (the default) or raw bytes.
//!
//! Encode takes a position (`--fen`, `--position`, or the start), a file of FENs (`--fens`), or
//! PGN files (each game's mainline). Decode recognises the format by the first byte's tag and
//! prints a FEN for a position, the placement field for a board alone, and PGN for a game.

use std::io::{BufRead, IsTerminal, Read, Write};

use rayon::prelude::*;
use std::path::Path;

use chess_notation::pack::{self, Format, Packed};
use chess_notation::pgn::{GameBuilder, ParallelReader, PgnError, PgnGame, VisitorExt};
use chess_notation::{BoardFen, Fen, uci};
use chess_rules::{Move, Position};

use crate::cli::{DecodeArgs, EncodeArgs};
use crate::error::{CliError, Items, Result};
use crate::position_arg::{Chess960Default, parse_fen, resolve};
use chess_archive::json::Json;

/// Where the bytes go: base64 lines, or the raw bytes of exactly one value.
struct Sink<'a, W: Write + ?Sized> {
    out: &'a mut W,
    raw: bool,
    /// The raw value, held back until the input is known to hold no other: raw bytes have no
    /// separator, so a second value is an error and nothing may have been written by then.
    pending: Option<Vec<u8>>,
}

impl<W: Write + ?Sized> Sink<'_, W> {
    fn put(&mut self, bytes: &[u8]) -> Result<()> {
        if !self.raw {
            writeln!(self.out, "{}", pack::base64::encode(bytes))?;
        } else if self.pending.take().is_some() {
            return Err(CliError::input(
                "--raw",
                "the input holds more than one value, and raw bytes have no separator: leave out --raw for one base64 line per value",
            ));
        } else {
            self.pending = Some(bytes.to_vec());
        }
        Ok(())
    }

    /// Writes the raw value, if there is one.
    fn finish(&mut self) -> Result<()> {
        if let Some(bytes) = self.pending.take() {
            self.out.write_all(&bytes)?;
        }
        Ok(())
    }
}

pub fn encode(args: &EncodeArgs, out: &mut impl Write) -> Result<()> {
    if let Some(variant) = crate::position_arg::variant(&args.position) {
        return Err(crate::position_arg::standard_only(
            variant,
            "the pack format of chess encode",
        ));
    }
    let to_stdout = args.output.as_deref().is_none_or(|p| p.as_os_str() == "-");
    if args.raw() && to_stdout && std::io::stdout().is_terminal() {
        return Err(CliError::usage(
            "--raw: refusing to write binary data to a terminal; redirect the output to a file",
        ));
    }
    let inputs: Vec<_> = args.files.iter().chain(&args.fens).cloned().collect();
    crate::files::to_output(args.output.as_deref(), args.force, &inputs, out, |out| {
        let mut sink = Sink {
            out,
            raw: args.raw(),
            pending: None,
        };
        let result = encode_into(args, &mut sink);
        // Bad items do not stop the good value from being written; a second raw value has
        // already dropped the first.
        sink.finish()?;
        result
    })
}

fn encode_into(args: &EncodeArgs, sink: &mut Sink<'_, dyn Write + '_>) -> Result<()> {
    let mut bad = 0u64;
    let mut failed = false;
    if let Some(path) = &args.fens {
        let mut fens = 0u64;
        let name = input_name(path);
        let input = open(path)?;
        for (i, line) in std::io::BufReader::new(input).lines().enumerate() {
            let line = line.map_err(|e| CliError::input(&name, e))?;
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            fens += 1;
            match parse_fen(text, args.position.chess960) {
                Ok(pos) => sink.put(&encode_position(&pos, args.huffman))?,
                Err(e) => {
                    bad += 1;
                    crate::error::warn(format_args!("{name}: line {}: {e}", i + 1));
                }
            }
        }
        Items {
            total: fens,
            one: "FEN",
            many: "FENs",
            bad,
            what: "could not be encoded",
            input_failed: false,
        }
        .end()?;
    } else if args.files.is_empty()
        && (args.position.fen.is_some() || args.position.position.is_some())
    {
        let pos = resolve(&args.position, Chess960Default::Classical)?;
        sink.put(&encode_position(&pos, args.huffman))?;
    } else {
        let mut games = 0u64;
        let stdin = [std::path::PathBuf::from("-")];
        let files = if args.files.is_empty() {
            if std::io::stdin().is_terminal() {
                crate::error::warn(
                    "--fen or --position encodes a position; stdin is read for games",
                );
            }
            &stdin[..]
        } else {
            &args.files[..]
        };
        for path in files {
            let name = input_name(path);
            let crate::files::Input {
                reader, progress, ..
            } = crate::files::open(path, &name)?.read_ahead(&name, None)?;
            // Games are read and encoded on every core; their bytes come back in order.
            let builder = GameBuilder::new().allow_null_moves(true);
            let mut encoded_games =
                ParallelReader::new(reader).visit(move || builder.clone().map_output(encode_game));
            for (number, encoded) in (1..).zip(&mut encoded_games) {
                games += 1;
                progress.update();
                match encoded {
                    Ok(bytes) => sink.put(&bytes)?,
                    Err(message) => {
                        bad += 1;
                        // Reader errors start with their own "game N, line L, column C".
                        if message.starts_with("game ") {
                            crate::error::warn(format_args!("{name}: {message}"));
                        } else {
                            crate::error::warn(format_args!("{name}: game {number}: {message}"));
                        }
                    }
                }
            }
            if let Some(e) = encoded_games.take_error() {
                // The input failed part-way: the games before it are encoded.
                failed = true;
                crate::error::warn(format_args!("{name}: {e}"));
            }
        }
        Items {
            total: games,
            one: "game",
            many: "games",
            bad,
            what: "could not be encoded",
            input_failed: failed,
        }
        .end()?;
    }
    Ok(())
}

/// A game's mainline in the packed game format, or why it cannot be.
fn encode_game(
    game: std::result::Result<PgnGame, PgnError>,
) -> std::result::Result<Vec<u8>, String> {
    let game = game.map_err(|e| e.to_string())?;
    let moves: Option<Vec<Move>> = game.mainline_moves().collect();
    let moves = moves.ok_or_else(|| {
        "a null move (--): a game in the packed format has legal moves only".to_owned()
    })?;
    pack::encode_game(&game.initial, &moves).map_err(|e| e.to_string())
}

fn encode_position(pos: &Position, huffman: bool) -> Vec<u8> {
    if huffman {
        pack::huffman::encode_position(pos)
    } else {
        pack::encode_position(pos).as_bytes().to_vec()
    }
}

pub fn decode(args: &DecodeArgs, out: &mut impl Write) -> Result<()> {
    let mut inputs: Vec<_> = args.raw.iter().cloned().collect();
    inputs.extend(args.values.iter().map(std::path::PathBuf::from));
    crate::files::to_output(args.output.as_deref(), args.force, &inputs, out, |out| {
        decode_into(args, out)
    })
}

fn decode_into(args: &DecodeArgs, out: &mut dyn Write) -> Result<()> {
    let mut bad = 0u64;
    let mut values = 0u64;
    let mut each = |label: &str, decoded: std::result::Result<Packed, String>| -> Result<()> {
        values += 1;
        if let Err(message) = &decoded {
            bad += 1;
            crate::error::warn(format_args!("{label}: {message}"));
        }
        if args.json {
            writeln!(out, "{}", to_json(values, &decoded).to_line())?;
        } else if let Ok(value) = &decoded {
            write_text(value, out)?;
        }
        Ok(())
    };
    if let Some(path) = &args.raw {
        let name = input_name(path);
        let mut bytes = Vec::new();
        open(path)?
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::input(&name, e))?;
        each(&name, decode_bytes(Ok(bytes)))?;
    } else if args.values.is_empty() {
        decode_lines(Path::new("-"), &mut each)?;
    } else {
        for (i, text) in args.values.iter().enumerate() {
            // A file (or `-`) holds values a line; anything else is a value. Base64 never
            // holds a dot, which most file names do.
            let path = Path::new(text);
            if text == "-" || path.is_file() {
                decode_lines(path, &mut each)?;
            } else {
                each(
                    &format!("value {}", i + 1),
                    decode_bytes(base64(text.trim())),
                )?;
            }
        }
    }
    Items {
        total: values,
        one: "value",
        many: "values",
        bad,
        what: "could not be decoded",
        input_failed: false,
    }
    .end()
}

/// Decodes the base64 values of `path` (`-`: stdin), one a line, blank lines skipped.
fn decode_lines(
    path: &Path,
    each: &mut impl FnMut(&str, std::result::Result<Packed, String>) -> Result<()>,
) -> Result<()> {
    let name = input_name(path);
    let input = crate::files::open(path, &name)?;
    let progress = input.progress;
    let mut lines = std::io::BufReader::new(input.reader).lines().enumerate();
    loop {
        // A batch of lines decoded on every core, written in order.
        let mut batch = Vec::with_capacity(DECODE_BATCH);
        for (i, line) in lines.by_ref() {
            let line = line.map_err(|e| CliError::input(&name, e))?;
            if !line.trim().is_empty() {
                batch.push((i + 1, line));
            }
            if batch.len() == DECODE_BATCH {
                break;
            }
        }
        if batch.is_empty() {
            return Ok(());
        }
        let decoded: Vec<_> = batch
            .par_iter()
            .map(|(_, line)| decode_bytes(base64(line.trim())))
            .collect();
        for ((number, _), value) in batch.iter().zip(decoded) {
            each(&format!("{name}: line {number}"), value)?;
        }
        progress.update();
    }
}

/// Lines decoded together on the threads.
const DECODE_BATCH: usize = 4096;

fn decode_bytes(
    bytes: std::result::Result<Vec<u8>, String>,
) -> std::result::Result<Packed, String> {
    let packed = pack::decode(&bytes?).map_err(|e| e.to_string())?;
    match packed {
        Packed::Position { .. } | Packed::Board(_) | Packed::Game { .. } => Ok(packed),
        // A format added to the library but not yet to the program.
        other => Err(format!(
            "{} values are not written by this version of the program",
            other.format().name()
        )),
    }
}

fn base64(text: &str) -> std::result::Result<Vec<u8>, String> {
    pack::base64::decode(text).map_err(|e| e.to_string())
}

fn write_text(value: &Packed, out: &mut dyn Write) -> Result<()> {
    match value {
        Packed::Position { position, .. } => writeln!(out, "{}", Fen::from_position(position))?,
        Packed::Board(board) => writeln!(out, "{}", BoardFen(board))?,
        // The game with its result by the rules; the Seven Tag Roster unknown.
        Packed::Game { .. } => {
            if let Some(game) = value.to_pgn() {
                writeln!(out, "{game}")?;
            }
        }
        // Refused by `decode_bytes`.
        _ => {}
    }
    Ok(())
}

/// `{"value": n, "format": …, "fen": …, "moves": […] | null, "final_fen": … | null,
/// "error": … | null}`; a board alone has its placement field as `fen`.
fn to_json(number: u64, decoded: &std::result::Result<Packed, String>) -> Json {
    let (format, fen, moves, final_fen, error) = match decoded {
        Ok(Packed::Position { format, position }) => (
            Json::str(format.name()),
            Json::str(Fen::from_position(position).to_string()),
            Json::Null,
            Json::Null,
            Json::Null,
        ),
        Ok(Packed::Board(board)) => (
            Json::str(Format::HuffmanBoard.name()),
            Json::str(BoardFen(board).to_string()),
            Json::Null,
            Json::Null,
            Json::Null,
        ),
        Ok(Packed::Game { start, moves }) => {
            let (line, end) = uci::format_line(start, moves.iter().copied().map(Some));
            (
                Json::str(Format::Game.name()),
                Json::str(Fen::from_position(start).to_string()),
                Json::Array(line.into_iter().map(Json::String).collect()),
                Json::str(Fen::from_position(&end).to_string()),
                Json::Null,
            )
        }
        // Refused by `decode_bytes`.
        Ok(_) => (Json::Null, Json::Null, Json::Null, Json::Null, Json::Null),
        Err(message) => (
            Json::Null,
            Json::Null,
            Json::Null,
            Json::Null,
            Json::str(message.clone()),
        ),
    };
    Json::Object(vec![
        ("value", Json::Number(number)),
        ("format", format),
        ("fen", fen),
        ("moves", moves),
        ("final_fen", final_fen),
        ("error", error),
    ])
}

fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_owned()
    } else {
        path.display().to_string()
    }
}

fn open(path: &Path) -> Result<Box<dyn Read>> {
    let input = crate::files::open(path, &input_name(path))?;
    Ok(Box::new(std::io::BufReader::new(input.reader)))
}
