//! Perft suites: the `.perft` format of python-chess's suites and of the project's own
//! `standard.perft` (`id NAME`, `epd FEN`, then `perft DEPTH NODES` lines; `#` comments).

/// One position of a suite with its stated counts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PerftRecord {
    /// The record's name.
    pub id: String,
    /// The position, as FEN or EPD.
    pub fen: String,
    /// `(depth, nodes)` pairs, in the file's order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a suite.
///
/// # Panics
///
/// On a malformed line: the suites are fixed files, so that is a broken checkout or download.
#[must_use]
pub fn records(text: &str) -> Vec<PerftRecord> {
    let mut records = Vec::new();
    let mut current: Option<PerftRecord> = None;
    for (i, line) in text.lines().map(str::trim).enumerate() {
        if let Some(id) = line.strip_prefix("id ") {
            records.extend(current.take());
            current = Some(PerftRecord {
                id: id.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            current.as_mut().unwrap_or_else(|| malformed(i, line)).fen = fen.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace().map(str::parse::<u64>);
            let (Some(Ok(depth)), Some(Ok(nodes))) = (parts.next(), parts.next()) else {
                malformed(i, line)
            };
            let depth = u32::try_from(depth).unwrap_or_else(|_| malformed(i, line));
            current
                .as_mut()
                .unwrap_or_else(|| malformed(i, line))
                .counts
                .push((depth, nodes));
        }
    }
    records.extend(current);
    records
}

/// The records of a fetched suite (a path such as [`crate::TRICKY_PERFT`]), or `None` when it
/// is missing: the calling test has then said it skips.
#[must_use]
pub fn fetched(relative: &str) -> Option<Vec<PerftRecord>> {
    crate::read_to_string(relative).map(|text| records(&text))
}

/// The six positions of the chessprogramming wiki's "Perft Results" page, with their counts
/// (the project's own `standard.perft`).
#[must_use]
pub fn standard() -> Vec<PerftRecord> {
    records(&crate::own_to_string("standard.perft"))
}

fn malformed(index: usize, line: &str) -> ! {
    panic!("perft suite line {}: malformed: {line:?}", index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_standard_suite() {
        let suite = standard();
        assert_eq!(suite.len(), 6);
        assert_eq!(suite[0].id, "startpos");
        assert_eq!(suite[0].counts[2], (3, 8902));
        assert!(suite[1].fen.starts_with("r3k2r/p1ppqpb1/"));
    }
}
