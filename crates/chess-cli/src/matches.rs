//! `chess match`: engines against each other (the words and wiring around
//! `chess_lab::tournament`).

use std::fs::OpenOptions;
use std::io::Write;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use chess_archive::json::Json;
use chess_lab::TimeControl;
use chess_lab::player::{PlayerSpec, builtin_command};
use chess_lab::settings::ParseSettingsError;
use chess_lab::stats::{EloEstimate, Sprt, SprtStatus};
use chess_lab::tournament::{
    Adjudication, GameRecord, MatchOpening, Standings, Tournament, read_openings, shuffle,
};
use chess_rules::{CastlingMode, Position};

use crate::cli::MatchArgs;
use crate::error::{CliError, Result};
use crate::words::plural;

pub fn run(args: &MatchArgs, out: &mut impl Write) -> Result<()> {
    if args.engines.len() < 2 {
        return Err(CliError::usage(
            "--engine: a match needs at least two engines",
        ));
    }
    let engines = args
        .engines
        .iter()
        .map(|spec| player_spec(spec, &args.each))
        .collect::<Result<Vec<_>>>()?;
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut openings = match &args.openings {
        Some(path) => read_openings(path, args.plies, mode).map_err(CliError::invalid)?,
        None => vec![MatchOpening::from_position(if args.chess960 {
            Position::chess960(518).unwrap_or_else(Position::standard)
        } else {
            Position::standard()
        })],
    };
    if args.random_openings {
        shuffle(&mut openings, args.seed);
    }
    let mut tournament = Tournament::new(engines, openings);
    let exe = std::env::current_exe()
        .map_err(|e| CliError::usage(format!("--engine builtin: cannot find this program: {e}")))?;
    tournament.builtin = Some(builtin_command(&exe));
    tournament.time_control = time_control(args)?;
    if let Some(games) = args.games {
        tournament.games = games as usize;
    } else if args.no_repeat {
        tournament.games = tournament.openings.len();
    }
    tournament.repeat = !args.no_repeat;
    tournament.concurrency = args.concurrency as usize;
    tournament.time_margin = Duration::from_millis(args.time_margin);
    tournament.event.clone_from(&args.event);
    tournament.adjudication = adjudication(args)?;
    let sprt: Option<Sprt> = parsed("--sprt", args.sprt.as_deref())?;
    if sprt.is_some() && tournament.engines.len() != 2 {
        return Err(CliError::usage(
            "--sprt: a sequential test needs exactly two engines",
        ));
    }
    if let (Some(pgn), Some(openings)) = (&args.pgn, &args.openings)
        && crate::files::same_file(pgn, openings)
    {
        // Games are appended as they end: the openings would grow with them.
        return Err(CliError::usage(format_args!(
            "{}: --pgn appends the games to the file of --openings: name another",
            pgn.display()
        )));
    }
    let mut pgn = match &args.pgn {
        Some(path) => Some((
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::input(path.display(), e))?,
            path,
        )),
        None => None,
    };

    let total = tournament.schedule().len();
    let date = chess_notation::pgn::Date::today().to_string();
    if !args.json {
        writeln!(
            out,
            "{} engines, {} at {}, {}, {} at a time",
            tournament.engines.len(),
            plural(total, "game", "games"),
            tournament.time_control.describe(),
            plural(tournament.openings.len(), "opening", "openings"),
            tournament.concurrency
        )?;
        out.flush()?;
    }
    let mut decided = None;
    let mut failure: Option<CliError> = None;
    let standings = tournament
        .run(|record, standings| {
            let result = report_game(out, args.json, record, standings, total, sprt.as_ref())
                .and_then(|()| {
                    let Some((file, path)) = &mut pgn else {
                        return Ok(());
                    };
                    let tc = tournament.time_control_of(record.white);
                    let game = record.to_pgn(standings.names(), &tournament.event, &date, &tc);
                    writeln!(file, "{game}")
                        .and_then(|()| file.flush())
                        .map_err(|e| CliError::input(path.display(), e))
                });
            if let Err(e) = result {
                failure.get_or_insert(e);
                return ControlFlow::Break(());
            }
            if let Some(test) = &sprt {
                let status = standings.sprt_status(test, 0, 1);
                if status != SprtStatus::Continue {
                    decided = Some(status);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        })
        .map_err(|e| CliError::invalid(format!("match: {e}")))?;
    if let Some(e) = failure {
        return Err(e);
    }
    if args.json {
        let line = summary_json(&standings, sprt.as_ref(), decided);
        writeln!(out, "{line}")?;
    } else {
        write_table(out, &standings, sprt.as_ref(), decided)?;
    }
    Ok(())
}

/// The player a spec names (`builtin` or a path, then `key=value` settings), with the
/// settings of `--each` before its own.
fn player_spec(spec: &str, each: &[String]) -> Result<PlayerSpec> {
    let bad = |e| CliError::usage(format!("--engine {spec:?}: {e}"));
    let (engine, own) = spec.split_once(',').unwrap_or((spec, ""));
    let mut player: PlayerSpec = engine.parse().map_err(bad)?;
    for settings in each.iter().map(String::as_str).chain([own]) {
        player.apply(settings).map_err(bad)?;
    }
    Ok(player)
}

fn time_control(args: &MatchArgs) -> Result<TimeControl> {
    Ok(if let Some(ms) = args.movetime {
        TimeControl::MoveTime(Duration::from_millis(ms))
    } else if let Some(depth) = args.depth {
        TimeControl::Depth(depth)
    } else if let Some(nodes) = args.nodes {
        TimeControl::Nodes(nodes)
    } else {
        args.tc
            .parse()
            .map_err(|e| CliError::usage(format!("--tc: {e}")))?
    })
}

fn adjudication(args: &MatchArgs) -> Result<Adjudication> {
    Ok(Adjudication {
        resign: parsed("--resign", args.resign.as_deref())?,
        draw: parsed("--draw", args.draw.as_deref())?,
        max_moves: args.max_moves,
        tablebases: crate::engine::tablebases(&args.syzygy)?,
    })
}

/// The value of `option`, read from `text` if given.
fn parsed<T: FromStr<Err = ParseSettingsError>>(
    option: &str,
    text: Option<&str>,
) -> Result<Option<T>> {
    text.map(str::parse)
        .transpose()
        .map_err(|e| CliError::usage(format!("{option}: {e}")))
}

/// One game's line: `game 3/200: A vs B, Ruy Lopez: 1-0 (white mates)   A +2 =0 -1`.
fn report_game(
    out: &mut impl Write,
    json: bool,
    record: &GameRecord,
    standings: &Standings,
    total: usize,
    sprt: Option<&Sprt>,
) -> Result<()> {
    let names = standings.names();
    if json {
        let fields = vec![
            ("game", Json::Number(record.number as u64)),
            ("white", Json::str(&names[record.white])),
            ("black", Json::str(&names[record.black])),
            ("opening", Json::opt_str(record.opening.as_deref())),
            ("result", Json::str(record.outcome.result())),
            ("termination", Json::str(record.termination.tag())),
            ("reason", Json::str(record.reason())),
            ("plies", Json::Number(record.plies.len() as u64)),
        ];
        let mut line = String::new();
        Json::Object(fields).write(&mut line);
        writeln!(out, "{line}")?;
    } else {
        let opening = record.opening.as_deref().map_or_else(
            || format!("opening {}", record.opening_index + 1),
            str::to_owned,
        );
        write!(
            out,
            "game {}/{total}: {} vs {}, {opening}: {}",
            record.number,
            names[record.white],
            names[record.black],
            record.describe()
        )?;
        if names.len() == 2 {
            let tally = standings.pair(0, 1);
            write!(
                out,
                "   {} {tally} ({:.1}%)",
                names[0],
                100.0 * tally.points() / f64::from(tally.games().max(1))
            )?;
            if let Some(test) = sprt {
                let llr = standings.sprt_llr(test, 0, 1);
                let (lower, upper) = test.bounds();
                write!(out, ", LLR {llr:.2} ({lower:.2}, {upper:.2})")?;
            }
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

fn write_table(
    out: &mut impl Write,
    standings: &Standings,
    sprt: Option<&Sprt>,
    decided: Option<SprtStatus>,
) -> Result<()> {
    let names = standings.names();
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    writeln!(out)?;
    writeln!(
        out,
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>6}  {:>6}  {:>6}  {:>6}",
        "rank", "name", "elo", "±", "games", "points", "score", "draws"
    )?;
    for (rank, &i) in standings.ranking().iter().enumerate() {
        let tally = standings.total(i);
        let elo = tally.elo();
        let games = f64::from(tally.games().max(1));
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>6}  {:>6}  {:>5.1}%  {:>5.1}%",
            rank + 1,
            names[i],
            signed(elo.diff),
            margin(elo.margin),
            tally.games(),
            tally.points(),
            100.0 * tally.points() / games,
            100.0 * f64::from(tally.draws) / games
        )?;
    }
    if names.len() == 2 {
        let tally = standings.pair(0, 1);
        let elo = tally.elo();
        writeln!(out)?;
        writeln!(
            out,
            "{} vs {}: {tally}, score {:.1}%, Elo difference {}, LOS {:.1}%",
            names[0],
            names[1],
            100.0 * tally.points() / f64::from(tally.games().max(1)),
            elo_difference(&elo, "95%"),
            100.0 * elo.los
        )?;
        let pairs = standings.game_pairs(0, 1);
        if pairs.pairs() > 0 {
            let c = pairs.counts;
            writeln!(
                out,
                "pairs of games (0, 0.5, 1, 1.5, 2 points): {} {} {} {} {}, Elo difference {}",
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                elo_difference(&pairs.elo(), "95%, pentanomial")
            )?;
        }
        if let Some(test) = sprt {
            let llr = standings.sprt_llr(test, 0, 1);
            let (lower, upper) = test.bounds();
            let verdict = match decided {
                Some(SprtStatus::AcceptH1) => "H1 accepted",
                Some(SprtStatus::AcceptH0) => "H0 accepted",
                _ => "undecided",
            };
            writeln!(
                out,
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} ({lower:.2}, {upper:.2}), {verdict}",
                test.elo0, test.elo1, test.alpha, test.beta
            )?;
        }
    }
    Ok(())
}

/// `+235 ± 50 (95%)` (`model` in the brackets), or `not measurable yet (all games won)`.
fn elo_difference(elo: &EloEstimate, model: &str) -> String {
    if elo.unmeasurable.is_some() {
        elo.to_string()
    } else {
        format!("{elo} ({model})")
    }
}

fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        (if elo > 0.0 { "+inf" } else { "-inf" }).to_owned()
    } else {
        format!("{:+}", elo.round() as i64)
    }
}

fn margin(margin: f64) -> String {
    if margin.is_finite() {
        format!("{margin:.0}")
    } else {
        "-".to_owned()
    }
}

fn float(value: f64) -> Json {
    if value.is_finite() {
        Json::Float(value)
    } else {
        Json::Null
    }
}

fn summary_json(standings: &Standings, sprt: Option<&Sprt>, decided: Option<SprtStatus>) -> String {
    let names = standings.names();
    let engines = standings
        .ranking()
        .into_iter()
        .map(|i| {
            let tally = standings.total(i);
            let elo = tally.elo();
            Json::Object(vec![
                ("name", Json::str(&names[i])),
                ("games", Json::Number(u64::from(tally.games()))),
                ("wins", Json::Number(u64::from(tally.wins))),
                ("draws", Json::Number(u64::from(tally.draws))),
                ("losses", Json::Number(u64::from(tally.losses))),
                ("points", Json::Float(tally.points())),
                ("elo", float(elo.diff)),
                ("margin", float(elo.margin)),
            ])
        })
        .collect();
    let sprt = match sprt {
        Some(test) => Json::Object(vec![
            ("llr", Json::Float(standings.sprt_llr(test, 0, 1))),
            ("lower", Json::Float(test.bounds().0)),
            ("upper", Json::Float(test.bounds().1)),
            (
                "result",
                match decided {
                    Some(SprtStatus::AcceptH1) => Json::str("H1"),
                    Some(SprtStatus::AcceptH0) => Json::str("H0"),
                    _ => Json::Null,
                },
            ),
        ]),
        None => Json::Null,
    };
    let mut line = String::new();
    Json::Object(vec![
        ("games", Json::Number(standings.games() as u64)),
        ("engines", Json::Array(engines)),
        ("sprt", sprt),
    ])
    .write(&mut line);
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_elo_difference_comes_with_its_margin_or_says_why_not() {
        use chess_lab::stats::Tally;
        // The summary said "Elo difference -inf (95%)", without a margin.
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 2,
        };
        assert_eq!(
            elo_difference(&lost.elo(), "95%"),
            "not measurable yet (all games lost)"
        );
        let drawn = Tally {
            wins: 0,
            draws: 2,
            losses: 0,
        };
        assert_eq!(
            elo_difference(&drawn.elo(), "95%"),
            "not measurable yet (all games drawn)"
        );
        let some = Tally {
            wins: 139,
            draws: 40,
            losses: 21,
        };
        assert_eq!(elo_difference(&some.elo(), "95%"), "+235 ± 50 (95%)");
        assert!(float(lost.elo().margin) == Json::Null);
    }

    #[test]
    fn each_settings_come_before_the_engine_s_own() {
        let spec = player_spec(
            "/usr/games/stockfish,option.Hash=32",
            &["option.Hash=16,option.Threads=1".to_owned()],
        )
        .unwrap();
        // The engine's own Hash replaces the one of --each.
        assert_eq!(spec.option("Hash"), Some("32"));
        assert_eq!(spec.option("Threads"), Some("1"));
        for bad in ["", ",name=x", "builtin,foo=1"] {
            let e = player_spec(bad, &[]).unwrap_err();
            assert_eq!(e.code, crate::error::EXIT_USAGE, "{bad}: {e}");
        }
    }
}
