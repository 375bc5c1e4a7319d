//! `chess tb`: a position looked up in Syzygy tablebases.

use std::io::Write;

use chess_notation::{Fen, SanPlus, uci};
use chess_syzygy::{Material, RootOptions, SyzygyError, Wdl};

use crate::cli::TbArgs;
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve};
use crate::words::plural;
use chess_archive::json::Json;

/// The name of a result in `--json`.
fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Loss => "loss",
        Wdl::BlessedLoss => "blessed_loss",
        Wdl::Draw => "draw",
        Wdl::CursedWin => "cursed_win",
        Wdl::Win => "win",
    }
}

pub fn run(args: &TbArgs, out: &mut impl Write) -> Result<()> {
    let Some(tables) = crate::engine::tablebases(&args.syzygy)? else {
        return Err(CliError::usage("--syzygy: name a directory of tables"));
    };
    let position = args.position.with(&args.fen_arg);
    if !position.given() {
        return Err(CliError::usage(
            "name the position: a FEN (quoted), --fen FEN, or `-` to read it from stdin",
        ));
    }
    let pos = resolve(&position, Chess960Default::Classical)?;
    let name = if position.fen_is_argument {
        "fen"
    } else {
        "--fen"
    };
    // A missing table is the tables directory's lack, not the position's fault.
    let not_in_tables = |e: SyzygyError| match e {
        SyzygyError::MissingTable { .. } => CliError::input(
            "--syzygy",
            format_args!(
                "{e}: no directory given holds it ({})",
                args.syzygy
                    .iter()
                    .map(|dir| dir.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        e => CliError::input(name, e),
    };
    let wdl = tables.probe_wdl(&pos).map_err(not_in_tables)?;
    // Without its DTZ table, the result alone.
    let dtz = match tables.probe_dtz(&pos) {
        Ok(dtz) => Some(dtz),
        Err(SyzygyError::MissingTable { .. }) => None,
        Err(e) => return Err(not_in_tables(e)),
    };
    let root = tables
        .probe_root(&pos, RootOptions::default())
        .map_err(not_in_tables)?;
    let best = root.best_moves().len();
    let material = Material::from_board(pos.board()).to_string();
    if args.json {
        let moves = root
            .moves()
            .iter()
            .enumerate()
            .map(|(i, rm)| {
                Json::Object(vec![
                    ("uci", Json::str(uci::format(&pos, rm.m))),
                    ("san", Json::str(SanPlus::from_move(&pos, rm.m).to_string())),
                    ("wdl", Json::str(wdl_name(rm.wdl))),
                    (
                        "dtz",
                        rm.dtz.map_or(Json::Null, |d| Json::Integer(d.0.into())),
                    ),
                    ("best", Json::Bool(i < best)),
                ])
            })
            .collect();
        let value = Json::Object(vec![
            ("fen", Json::str(Fen::from_position(&pos).to_string())),
            ("material", Json::str(material)),
            ("wdl", Json::str(wdl_name(wdl))),
            ("dtz", dtz.map_or(Json::Null, |d| Json::Integer(d.0.into()))),
            ("moves", Json::Array(moves)),
        ]);
        writeln!(out, "{}", value.to_line())?;
        return Ok(());
    }
    let side = if pos.turn().is_white() {
        "white"
    } else {
        "black"
    };
    let dtz_text = dtz.map_or_else(
        || "dtz unknown (no DTZ table)".to_owned(),
        |d| format!("dtz {d}"),
    );
    writeln!(out, "{material}, {side} to move: {wdl}, {dtz_text}")?;
    if let Some(now) = root.wdl().filter(|&now| now != wdl) {
        let gone = plural(pos.halfmoves(), "halfmove", "halfmoves");
        writeln!(out, "with {gone} gone: {now}")?;
    }
    for (i, rm) in root.moves().iter().enumerate() {
        let dtz = rm.dtz.map_or_else(String::new, |d| format!("dtz {d}"));
        let mark = if i < best { "  best" } else { "" };
        let line = format!(
            "{:<8} {:<6} {:<13} {:<9}{mark}",
            SanPlus::from_move(&pos, rm.m).to_string(),
            uci::format(&pos, rm.m),
            rm.wdl.to_string(),
            dtz
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
