//! `chess perft`: leaf counts of the move tree, in Stockfish's divide format, and the
//! comparison with another engine's.

use std::io::Write;
use std::time::Instant;

use chess_engine::uci::{Client, Divide};
use chess_lab::compare::{Comparison, Difference, Finding};
use chess_notation::{SanPlus, VariantFen, san, uci};
use chess_rules::variant::{Playable, VariantPosition};

use crate::cli::PerftArgs;
use crate::error::{CliError, EXIT_DIFFERENT, Result};
use crate::position_arg::{Chess960Default, resolve_variant};
use crate::words::plural;
use chess_archive::json::Json;

/// The shortest time a rate of nodes a second is given for.
const MEASURABLE: f64 = 0.01;

pub fn run(args: &PerftArgs, out: &mut impl Write) -> Result<()> {
    let pos = resolve_variant(
        &args.position.with(&args.fen_arg),
        Chess960Default::Classical,
    )?;
    if let Some(engine) = &args.compare {
        return compare(args, &pos, engine, out);
    }
    let start = Instant::now();
    let nodes = match &pos {
        // Standard chess's own code, without the variants' dispatch.
        VariantPosition::Standard(pos) => count(args, pos, out)?,
        pos => count(args, pos, out)?,
    };
    if !args.divide {
        writeln!(out, "Nodes searched: {nodes}")?;
    }
    let secs = start.elapsed().as_secs_f64();
    // A rate from a time shorter than the clock's grain and the program's own start-up is
    // noise: below 10 ms, the time alone.
    let _ = if secs < MEASURABLE {
        writeln!(
            std::io::stderr(),
            "time: {secs:.3} s (too short to give a rate)"
        )
    } else {
        writeln!(
            std::io::stderr(),
            "time: {secs:.3} s, {:.1} M nodes/s",
            nodes as f64 / secs / 1e6
        )
    };
    Ok(())
}

/// Perft of a position of any rules, on `--threads` threads, with `--divide`'s lines written.
fn count<P: Playable + Send + Sync>(
    args: &PerftArgs,
    pos: &P,
    out: &mut impl Write,
) -> Result<u64> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::usage(format!("--threads {}: {e}", args.threads)))?;
    Ok(if args.divide {
        let split = if args.threads > 1 {
            pool.install(|| chess_rules::divide_parallel(pos, args.depth))
        } else {
            chess_rules::divide(pos, args.depth)
        };
        let divide = Divide::from_counts(pos, &split);
        write!(out, "{divide}")?;
        divide.nodes
    } else if args.threads > 1 {
        pool.install(|| chess_rules::perft_parallel(pos, args.depth))
    } else {
        chess_rules::perft(pos, args.depth)
    })
}

fn compare(
    args: &PerftArgs,
    pos: &VariantPosition,
    engine: &std::path::Path,
    out: &mut impl Write,
) -> Result<()> {
    let mut client = Client::spawn(engine, &args.engine_arg)
        .map_err(|e| CliError::input(engine.display(), e))?;
    let name = client
        .name()
        .map_or_else(|| engine.display().to_string(), str::to_owned);
    let comparison = chess_lab::compare::with_engine(&mut client, pos, args.depth)
        .map_err(|e| CliError::input(&name, e))?;
    let _ = client.quit();
    if args.json {
        writeln!(
            out,
            "{}",
            to_json(pos, args.depth, &name, &comparison).to_line()
        )?;
    } else {
        describe(pos, args.depth, &name, &comparison, out)?;
    }
    match comparison {
        Comparison::Agree { .. } => Ok(()),
        Comparison::Differ(_) => Err(CliError {
            message: format!("chess and {name} count differently"),
            code: EXIT_DIFFERENT,
            io_kind: None,
            output_complete: true,
        }),
    }
}

/// A move in SAN and UCI: `Nc6 (b8c6)`.
fn both(pos: &VariantPosition, m: chess_rules::Move) -> String {
    format!(
        "{} ({})",
        SanPlus::from_variant_move(pos, m),
        uci::format_variant(pos, m)
    )
}

/// A line of moves from `pos` in UCI notation.
fn uci_line(pos: &VariantPosition, line: &[chess_rules::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    line.iter()
        .map(|&m| {
            let text = uci::format_variant(&pos, m);
            pos.play_unchecked(m);
            text
        })
        .collect()
}

fn describe(
    root: &VariantPosition,
    depth: u32,
    name: &str,
    comparison: &Comparison<VariantPosition>,
    out: &mut impl Write,
) -> Result<()> {
    let d = match comparison {
        Comparison::Agree { nodes } => {
            writeln!(
                out,
                "chess and {name} agree: {} at depth {depth}",
                plural(*nodes, "node", "nodes")
            )?;
            return Ok(());
        }
        Comparison::Differ(d) => d,
    };
    writeln!(
        out,
        "chess and {name} differ at depth {depth}: {} and {} nodes",
        d.ours, d.theirs
    )?;
    let mut pos = root.clone();
    for step in &d.steps {
        writeln!(
            out,
            "  {:<16} depth {:<2} chess {:<12} {name} {}",
            both(&pos, step.m),
            step.depth,
            step.ours,
            step.theirs
        )?;
        pos.play_unchecked(step.m);
    }
    let line = d.line();
    if line.is_empty() {
        writeln!(out, "at the root")?;
    } else {
        writeln!(
            out,
            "after {} ({})",
            san::variant_variation(root, &line),
            uci_line(root, &line).join(" ")
        )?;
    }
    writeln!(out, "position: {}", VariantFen::from_position(&d.position))?;
    match &d.finding {
        Finding::Moves {
            only_ours,
            only_theirs,
        } => {
            let ours: Vec<String> = only_ours.iter().map(|&m| both(&d.position, m)).collect();
            writeln!(out, "only chess lists: {}", list(&ours))?;
            writeln!(out, "only {name} lists: {}", list(only_theirs))?;
        }
        Finding::Count { m, theirs } => writeln!(
            out,
            "{name} counts {theirs} leaves below {m} at depth 1, where there is one"
        )?,
        Finding::Total { theirs, sum } => writeln!(
            out,
            "{name}'s counts contradict each other: {} above, {sum} in its divide here",
            plural(*theirs, "node", "nodes")
        )?,
    }
    Ok(())
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "-".to_owned()
    } else {
        items.join(", ")
    }
}

/// The `--json` object; see docs/cli.md.
fn to_json(
    root: &VariantPosition,
    depth: u32,
    name: &str,
    comparison: &Comparison<VariantPosition>,
) -> Json {
    let mut fields = vec![
        (
            "fen",
            Json::str(VariantFen::from_position(root).to_string()),
        ),
        ("depth", Json::Number(u64::from(depth))),
        ("engine", Json::str(name)),
    ];
    match comparison {
        Comparison::Agree { nodes } => {
            fields.push(("agree", Json::Bool(true)));
            fields.push(("nodes", Json::Number(*nodes)));
            fields.push(("engine_nodes", Json::Number(*nodes)));
        }
        Comparison::Differ(d) => {
            fields.push(("agree", Json::Bool(false)));
            fields.push(("nodes", Json::Number(d.ours)));
            fields.push(("engine_nodes", Json::Number(d.theirs)));
            fields.extend(difference_json(root, d));
        }
    }
    fields.push(("variant", Json::str(root.variant().name())));
    Json::Object(fields)
}

fn difference_json(
    root: &VariantPosition,
    d: &Difference<VariantPosition>,
) -> Vec<(&'static str, Json)> {
    let line = d.line();
    let mut pos = root.clone();
    let steps = d
        .steps
        .iter()
        .map(|step| {
            let object = Json::Object(vec![
                ("uci", Json::str(uci::format_variant(&pos, step.m))),
                (
                    "san",
                    Json::str(SanPlus::from_variant_move(&pos, step.m).to_string()),
                ),
                ("depth", Json::Number(u64::from(step.depth))),
                ("nodes", Json::Number(step.ours)),
                ("engine_nodes", Json::Number(step.theirs)),
            ]);
            pos.play_unchecked(step.m);
            object
        })
        .collect();
    let strings = |items: Vec<String>| Json::Array(items.into_iter().map(Json::String).collect());
    let (finding, only_ours, only_theirs, detail) = match &d.finding {
        Finding::Moves {
            only_ours,
            only_theirs,
        } => (
            "moves",
            only_ours
                .iter()
                .map(|&m| uci::format_variant(&d.position, m))
                .collect(),
            only_theirs.clone(),
            Json::Null,
        ),
        Finding::Count { m, theirs } => (
            "count",
            Vec::new(),
            Vec::new(),
            Json::Object(vec![
                ("uci", Json::str(m)),
                ("engine_nodes", Json::Number(*theirs)),
            ]),
        ),
        Finding::Total { theirs, sum } => (
            "total",
            Vec::new(),
            Vec::new(),
            Json::Object(vec![
                ("engine_nodes", Json::Number(*theirs)),
                ("engine_sum", Json::Number(*sum)),
            ]),
        ),
    };
    vec![
        ("steps", Json::Array(steps)),
        ("line", strings(uci_line(root, &line))),
        ("line_san", Json::str(san::variant_variation(root, &line))),
        (
            "position",
            Json::str(VariantFen::from_position(&d.position).to_string()),
        ),
        ("remaining_depth", Json::Number(u64::from(d.remaining))),
        ("finding", Json::str(finding)),
        ("only_chess", strings(only_ours)),
        ("only_engine", strings(only_theirs)),
        ("detail", detail),
    ]
}
