//! `chess match`: engines against each other (the words and wiring around
//! `chess_lab::tournament`).

use std::fs::OpenOptions;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use chess_engine::Rng;
use chess_lab::stats::{Sprt, SprtStatus};
use chess_lab::tournament::{
    Adjudication, DrawRule, EngineConfig, GameRecord, Opening, ResignRule, Standings, TimeControl,
    Tournament, read_openings,
};
use chess_rules::{CastlingMode, Position};

use crate::cli::MatchArgs;
use crate::error::{CliError, Result};
use chess_archive::json::Json;

/// The name that stands for this program's own engine.
const BUILTIN: &str = "builtin";

pub fn run(args: &MatchArgs, out: &mut impl Write) -> Result<()> {
    if args.engines.len() < 2 {
        return Err(CliError::usage(
            "--engine: a match needs at least two engines",
        ));
    }
    let engines = args
        .engines
        .iter()
        .map(|spec| engine_config(spec, &args.each))
        .collect::<Result<Vec<_>>>()?;
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut openings = match &args.openings {
        Some(path) => read_openings(path, args.plies, mode).map_err(CliError::invalid)?,
        None => vec![Opening::from_position(if args.chess960 {
            Position::chess960(518).unwrap_or_else(Position::standard)
        } else {
            Position::standard()
        })],
    };
    if args.random_openings {
        shuffle(&mut openings, args.seed);
    }
    let mut tournament = Tournament::new(engines, openings);
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
    let sprt = args.sprt.as_deref().map(sprt).transpose()?;
    if sprt.is_some() && tournament.engines.len() != 2 {
        return Err(CliError::usage(
            "--sprt: a sequential test needs exactly two engines",
        ));
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
            "{} engines, {} games at {}, {} opening{}, {} at a time",
            tournament.engines.len(),
            total,
            tournament.time_control.describe(),
            tournament.openings.len(),
            if tournament.openings.len() == 1 {
                ""
            } else {
                "s"
            },
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
                let status = test.status(&standings.game_pairs(0, 1).distribution());
                let status = if standings.game_pairs(0, 1).pairs() == 0 {
                    test.status(&standings.pair(0, 1).distribution())
                } else {
                    status
                };
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

/// The engine a spec names: `builtin` or a path, then `key=value` settings.
fn engine_config(spec: &str, each: &[String]) -> Result<EngineConfig> {
    let mut parts = spec.split(',');
    let program = parts.next().unwrap_or_default().trim();
    if program.is_empty() {
        return Err(CliError::usage(format!(
            "--engine {spec:?}: expected `builtin` or the path of a UCI engine first"
        )));
    }
    let mut config = if program == BUILTIN {
        let exe = std::env::current_exe().map_err(|e| {
            CliError::usage(format!("--engine builtin: cannot find this program: {e}"))
        })?;
        let mut config = EngineConfig::new(exe);
        config.args.push("uci".to_owned());
        config.name = Some(format!("chess {}", env!("CARGO_PKG_VERSION")));
        config
    } else {
        EngineConfig::new(PathBuf::from(program))
    };
    let settings: Vec<&str> = each
        .iter()
        .flat_map(|e| e.split(','))
        .chain(parts)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    for setting in settings {
        let bad = |why: &str| CliError::usage(format!("--engine {spec:?}: {setting:?}: {why}"));
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| bad("expected KEY=VALUE"))?;
        match key {
            "name" => config.name = Some(value.to_owned()),
            "arg" => config.args.push(value.to_owned()),
            "tc" => {
                config.time_control = Some(
                    value
                        .parse::<TimeControl>()
                        .map_err(|e| bad(&e.to_string()))?,
                );
            }
            "movetime" => {
                let ms = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| bad("expected milliseconds"))?;
                config.time_control = Some(TimeControl::MoveTime(Duration::from_millis(ms)));
            }
            "depth" => {
                let depth = value
                    .parse::<u32>()
                    .ok()
                    .filter(|&d| d > 0)
                    .ok_or_else(|| bad("expected a depth"))?;
                config.time_control = Some(TimeControl::Depth(depth));
            }
            "nodes" => {
                let nodes = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad("expected a node count"))?;
                config.time_control = Some(TimeControl::Nodes(nodes));
            }
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    // A later setting of the same option wins (each's first, then the engine's).
                    config.options.retain(|(n, _)| n != name);
                    config.options.push((name.to_owned(), value.to_owned()));
                }
                _ => {
                    return Err(bad(
                        "unknown setting: expected name, arg, option.NAME, tc, movetime, depth or nodes",
                    ));
                }
            },
        }
    }
    Ok(config)
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

/// `key=value` pairs (and bare flags) of a rule.
fn settings<'a>(option: &str, text: &'a str, known: &[&str]) -> Result<Vec<(&'a str, &'a str)>> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            let (key, value) = item.split_once('=').unwrap_or((item, ""));
            if known.contains(&key) {
                Ok((key, value))
            } else {
                Err(CliError::usage(format!(
                    "{option}: unknown setting {item:?}: expected {}",
                    known.join(", ")
                )))
            }
        })
        .collect()
}

fn number<T: std::str::FromStr>(option: &str, key: &str, value: &str) -> Result<T> {
    value
        .parse()
        .map_err(|_| CliError::usage(format!("{option}: {key}={value:?} is not a number")))
}

fn adjudication(args: &MatchArgs) -> Result<Adjudication> {
    let mut rules = Adjudication {
        max_moves: args.max_moves,
        ..Adjudication::default()
    };
    if let Some(text) = &args.resign {
        let mut rule = ResignRule {
            move_count: 3,
            score: 600,
            two_sided: false,
        };
        for (key, value) in settings("--resign", text, &["movecount", "score", "twosided"])? {
            match key {
                "movecount" => rule.move_count = number("--resign", key, value)?,
                "score" => rule.score = number("--resign", key, value)?,
                _ => rule.two_sided = value.is_empty() || value == "true",
            }
        }
        rules.resign = Some(rule);
    }
    if let Some(text) = &args.draw {
        let mut rule = DrawRule {
            move_number: 40,
            move_count: 8,
            score: 10,
        };
        for (key, value) in settings("--draw", text, &["movenumber", "movecount", "score"])? {
            match key {
                "movenumber" => rule.move_number = number("--draw", key, value)?,
                "movecount" => rule.move_count = number("--draw", key, value)?,
                _ => rule.score = number("--draw", key, value)?,
            }
        }
        rules.draw = Some(rule);
    }
    rules.tablebases = crate::engine::tablebases(&args.syzygy)?;
    Ok(rules)
}

fn sprt(text: &str) -> Result<Sprt> {
    let mut test = Sprt::new(0.0, 5.0, 0.05, 0.05);
    let mut given = (false, false);
    for (key, value) in settings("--sprt", text, &["elo0", "elo1", "alpha", "beta"])? {
        let v: f64 = number("--sprt", key, value)?;
        match key {
            "elo0" => (test.elo0, given.0) = (v, true),
            "elo1" => (test.elo1, given.1) = (v, true),
            "alpha" => test.alpha = v,
            _ => test.beta = v,
        }
    }
    if !(given.0 && given.1) {
        return Err(CliError::usage("--sprt: elo0 and elo1 are needed"));
    }
    let rate = |p: f64| p > 0.0 && p < 0.5;
    if test.elo1 <= test.elo0 || !rate(test.alpha) || !rate(test.beta) {
        return Err(CliError::usage(
            "--sprt: expected elo0 < elo1 and alpha, beta between 0 and 0.5",
        ));
    }
    Ok(test)
}

/// Shuffles the openings (Fisher-Yates) with a seeded generator, the same order for the same
/// seed.
fn shuffle(openings: &mut [Opening], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..openings.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        openings.swap(i, j);
    }
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
                let llr = test.llr(&pair_distribution(standings));
                let (lower, upper) = test.bounds();
                write!(out, ", LLR {llr:.2} ({lower:.2}, {upper:.2})")?;
            }
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

/// The results of engine 0 against engine 1 for the test: by pairs of games once there are
/// some (the pentanomial model), else by games.
fn pair_distribution(standings: &Standings) -> chess_lab::stats::Distribution {
    let pairs = standings.game_pairs(0, 1);
    if pairs.pairs() > 0 {
        pairs.distribution()
    } else {
        standings.pair(0, 1).distribution()
    }
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
            "{} vs {}: {tally}, score {:.1}%, Elo difference {} (95%), LOS {:.1}%",
            names[0],
            names[1],
            100.0 * tally.points() / f64::from(tally.games().max(1)),
            elo,
            100.0 * elo.los
        )?;
        let pairs = standings.game_pairs(0, 1);
        if pairs.pairs() > 0 {
            let c = pairs.counts;
            writeln!(
                out,
                "pairs of games (0, 0.5, 1, 1.5, 2 points): {} {} {} {} {}, Elo difference {} (95%, pentanomial)",
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                pairs.elo()
            )?;
        }
        if let Some(test) = sprt {
            let llr = test.llr(&pair_distribution(standings));
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
            ("llr", Json::Float(test.llr(&pair_distribution(standings)))),
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
    fn engine_specs_read_their_settings() {
        let config = engine_config(
            "/usr/games/stockfish,name=sf,option.UCI_Elo=2000,option.Hash=32,tc=5+0.05,arg=-q",
            &["option.Hash=16,option.Threads=1".to_owned()],
        )
        .unwrap();
        assert_eq!(config.command, PathBuf::from("/usr/games/stockfish"));
        assert_eq!(config.name.as_deref(), Some("sf"));
        assert_eq!(config.args, ["-q"]);
        // The engine's own Hash replaces the one of --each.
        let options: Vec<(&str, &str)> = config
            .options
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            options,
            [("Threads", "1"), ("UCI_Elo", "2000"), ("Hash", "32")]
        );
        assert_eq!(config.time_control, Some("5+0.05".parse().unwrap()));

        let builtin = engine_config("builtin,depth=3", &[]).unwrap();
        assert_eq!(builtin.args, ["uci"]);
        assert_eq!(builtin.time_control, Some(TimeControl::Depth(3)));

        for bad in [
            "",
            ",name=x",
            "builtin,foo=1",
            "builtin,name",
            "builtin,tc=x",
            "builtin,option.=1",
            "builtin,depth=0",
        ] {
            let e = engine_config(bad, &[]).unwrap_err();
            assert_eq!(e.code, crate::error::EXIT_USAGE, "{bad}: {e}");
        }
    }

    #[test]
    fn sprt_specs_need_both_bounds() {
        let test = sprt("elo0=0,elo1=10,alpha=0.1").unwrap();
        assert_eq!(
            (test.elo0, test.elo1, test.alpha, test.beta),
            (0.0, 10.0, 0.1, 0.05)
        );
        for bad in [
            "elo0=0",
            "elo0=5,elo1=0",
            "elo0=0,elo1=5,alpha=0.9",
            "elo0=x,elo1=5",
            "gamma=1",
        ] {
            assert!(sprt(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shuffling_is_a_permutation_that_depends_on_the_seed() {
        let openings: Vec<Opening> = (0..20)
            .map(|i| Opening {
                name: Some(i.to_string()),
                ..Opening::from_position(Position::standard())
            })
            .collect();
        let order = |seed| {
            let mut o = openings.clone();
            shuffle(&mut o, seed);
            o.into_iter().map(|o| o.name.unwrap()).collect::<Vec<_>>()
        };
        let (a, b) = (order(1), order(2));
        assert_eq!(a, order(1));
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort_by_key(|s| s.parse::<u32>().unwrap());
        assert_eq!(
            sorted,
            openings
                .iter()
                .map(|o| o.name.clone().unwrap())
                .collect::<Vec<_>>()
        );
    }
}
