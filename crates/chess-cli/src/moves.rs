//! `chess moves`: the legal moves of a position.

use std::io::Write;

use chess_notation::{SanPlus, VariantFen, uci};
use chess_rules::variant::{Playable, Variant};

use crate::cli::MovesArgs;
use crate::error::Result;
use crate::position_arg::{Chess960Default, resolve_variant};
use chess_archive::json::Json;

pub fn run(args: &MovesArgs, out: &mut impl Write) -> Result<()> {
    let pos = resolve_variant(
        &args.position.with(&args.fen_arg),
        Chess960Default::Classical,
    )?;
    let moves = pos.legal_moves();
    if args.json {
        let list = moves
            .iter()
            .map(|&m| {
                Json::Object(vec![
                    ("uci", Json::str(uci::format_variant(&pos, m))),
                    (
                        "san",
                        Json::str(SanPlus::from_variant_move(&pos, m).to_string()),
                    ),
                ])
            })
            .collect();
        let value = Json::Object(vec![
            (
                "fen",
                Json::str(VariantFen::from_position(&pos).to_string()),
            ),
            ("moves", Json::Array(list)),
            ("check", Json::Bool(pos.is_check())),
            ("checkmate", Json::Bool(pos.is_checkmate())),
            ("stalemate", Json::Bool(pos.is_stalemate())),
            (
                "insufficient_material",
                Json::Bool(pos.is_insufficient_material()),
            ),
            ("variant", Json::str(pos.variant().name())),
            (
                "result",
                pos.outcome()
                    .map_or(Json::Null, |o| Json::str(o.result().to_string())),
            ),
        ]);
        writeln!(out, "{}", value.to_line())?;
        return Ok(());
    }
    if moves.is_empty() {
        // The list stays empty for scripts; the person reading is told why.
        let why = if pos.is_checkmate() {
            format!("checkmate: {} is mated", pos.turn())
        } else if pos.is_stalemate() && pos.variant() == Variant::Standard {
            format!("stalemate: {} is not in check and cannot move", pos.turn())
        } else {
            // A variant's own end (an exploded king, a third check), or its stalemate.
            pos.outcome().map_or_else(
                || format!("{} cannot move", pos.turn()),
                |outcome| crate::words::describe_end(&outcome),
            )
        };
        crate::error::warn(format_args!("no legal moves: {why}"));
    }
    for &m in moves.iter() {
        if args.uci {
            writeln!(out, "{}", uci::format_variant(&pos, m))?;
        } else {
            writeln!(out, "{}", SanPlus::from_variant_move(&pos, m))?;
        }
    }
    Ok(())
}
