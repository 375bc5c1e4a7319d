//! `cargo xtask thread-cpu -- COMMAND [ARGS]`: runs a command and says how its CPU time
//! divides among its threads, by name. The serial part of a parallel program is what limits
//! it on many cores (Amdahl's law), and it can be measured on few: the CPU time of the thread
//! that must do its work alone, against the CPU time of all threads.
//!
//! Linux only: each thread's user and system time are read from `/proc/PID/task/TID/stat`
//! every few milliseconds while the command runs, and the last reading of each thread is
//! kept (a thread's time after its last reading, at most one interval, is missed). The total
//! is the kernel's count for the whole process, read when it ends.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How often the threads are read.
const INTERVAL: Duration = Duration::from_millis(5);

/// Clock ticks per second of `/proc`'s times (`USER_HZ`, 100 on every Linux platform).
const TICKS_PER_SECOND: f64 = 100.0;

/// Runs `args` and prints the CPU time of its threads, grouped by name (numbered names such
/// as `parquet-enc-3` count as one group, `parquet-enc-*`; Linux keeps the first 15 bytes
/// of a name).
pub fn run(args: &[&str]) -> Result<(), String> {
    let (program, rest) = args
        .split_first()
        .ok_or("usage: cargo xtask thread-cpu -- COMMAND [ARGS]")?;
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(rest)
        .spawn()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    let tasks = Path::new("/proc").join(child.id().to_string()).join("task");
    // Each thread's last reading: its name and its ticks.
    let mut threads: BTreeMap<u64, (String, u64)> = BTreeMap::new();
    let status = loop {
        if let Ok(entries) = std::fs::read_dir(&tasks) {
            for entry in entries.flatten() {
                let Ok(tid) = entry.file_name().to_string_lossy().parse::<u64>() else {
                    continue;
                };
                if let Some(reading) = std::fs::read_to_string(entry.path().join("stat"))
                    .ok()
                    .and_then(|stat| parse_stat(&stat))
                {
                    threads.insert(tid, reading);
                }
            }
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(INTERVAL),
            Err(e) => return Err(format!("waiting for {program}: {e}")),
        }
    };
    let wall = started.elapsed().as_secs_f64();
    let mut groups: BTreeMap<String, (usize, f64)> = BTreeMap::new();
    for (name, ticks) in threads.values() {
        let group = groups.entry(group_name(name)).or_default();
        group.0 += 1;
        group.1 += *ticks as f64 / TICKS_PER_SECOND;
    }
    let total: f64 = groups.values().map(|(_, seconds)| seconds).sum();
    eprintln!(
        "wall {wall:.2} s, CPU {total:.2} s in {} threads",
        threads.len()
    );
    for (name, (count, seconds)) in &groups {
        eprintln!(
            "{name:>20} x{count:<3} {seconds:7.2} s  {:5.1} %",
            100.0 * seconds / total.max(f64::MIN_POSITIVE)
        );
    }
    if status.success() {
        Ok(())
    } else {
        Err(format!("{program} failed: {status}"))
    }
}

/// A thread's name and its user plus system ticks, from its `stat` line.
fn parse_stat(stat: &str) -> Option<(String, u64)> {
    // The name is in parentheses and may hold spaces and parentheses: it ends at the last ')'.
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat.get(open + 1..close)?.to_owned();
    // After the name: state (field 3), ... utime (field 14) and stime (field 15).
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((name, utime + stime))
}

/// `parquet-enc-3` → `parquet-enc-*`: the threads of one pool together.
fn group_name(name: &str) -> String {
    match name.rsplit_once('-') {
        Some((stem, number))
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("{stem}-*")
        }
        _ => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_gives_the_name_and_the_ticks() {
        let stat = "4242 (parquet-enc (1)) S 1 2 3 4 5 6 7 8 9 10 117 23 0 0 20 0 1 0";
        assert_eq!(parse_stat(stat), Some(("parquet-enc (1)".into(), 140)));
        assert_eq!(parse_stat("4242 (chess) S 1"), None);
    }

    #[test]
    fn numbered_threads_are_one_group() {
        assert_eq!(group_name("parquet-enc-12"), "parquet-enc-*");
        assert_eq!(group_name("parquet-writer"), "parquet-writer");
        assert_eq!(group_name("chess"), "chess");
        assert_eq!(group_name("x-"), "x-");
    }

    #[test]
    fn a_command_s_threads_are_counted() {
        if !Path::new("/proc/self/task").exists() {
            chess_testdata::report_skip("SKIP a_command_s_threads_are_counted: no /proc here");
            return;
        }
        assert!(run(&["true"]).is_ok());
        assert!(run(&["false"]).is_err());
        assert!(run(&["/nonexistent/program"]).is_err());
    }
}
