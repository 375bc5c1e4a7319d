//! Comparing this crate's move generator with another engine's by perft, narrowing a
//! difference down to the position where the two move lists differ.
//!
//! Move-generator authors find a wrong count by splitting it by first move (divide), finding a
//! move whose count differs, playing it and splitting again, down to the position where one
//! side lists a move the other does not. [`narrow`] does exactly that, asking the other side
//! only for the divides on the way.

use chess_notation::uci;
use chess_rules::variant::{Playable, VariantPosition};
use chess_rules::{Move, Position};

use chess_engine::uci::{Client, ClientError, Divide};

/// The outcome of a comparison, in positions of type `P` (standard chess's [`Position`], or
/// a variant's).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Comparison<P = Position> {
    /// Both sides count the same leaves below every first move.
    Agree {
        /// The leaf count.
        nodes: u64,
    },
    /// The counts differ; where and why.
    Differ(Box<Difference<P>>),
}

/// One step down the tree: a first move whose counts differ.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The move, played from the position the steps before it reach.
    pub m: Move,
    /// The depth counted below the position the move is played in.
    pub depth: u32,
    /// Our count below the move.
    pub ours: u64,
    /// The other side's count below the move.
    pub theirs: u64,
}

/// What differs at the end of the line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Finding {
    /// The move lists differ (the usual finding).
    Moves {
        /// Legal moves the other side does not list.
        only_ours: Vec<Move>,
        /// Moves the other side lists that are not legal here, as it wrote them.
        only_theirs: Vec<String>,
    },
    /// Same moves, but one move's count at depth 1 is not 1 on the other side.
    Count {
        /// The move (in UCI notation).
        m: String,
        /// The other side's count.
        theirs: u64,
    },
    /// Same moves and counts, but the other side's total is not their sum.
    Total {
        /// The other side's stated total.
        theirs: u64,
        /// The sum of its counts.
        sum: u64,
    },
}

/// Where two move generators disagree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Difference<P = Position> {
    /// The depth asked for.
    pub depth: u32,
    /// Our count at the root.
    pub ours: u64,
    /// The other side's count at the root.
    pub theirs: u64,
    /// The moves followed from the root, each with its two counts.
    pub steps: Vec<Step>,
    /// The position the steps reach, where the finding is.
    pub position: P,
    /// The depth still to count in [`Difference::position`].
    pub remaining: u32,
    /// What differs there.
    pub finding: Finding,
}

impl<P> Difference<P> {
    /// The moves from the root to [`Difference::position`].
    #[must_use]
    pub fn line(&self) -> Vec<Move> {
        self.steps.iter().map(|s| s.m).collect()
    }
}

/// Compares our perft of `root` (of any variant's rules) at `depth` with another side's,
/// whose divide of the position after a line of moves from `root` at a depth `theirs`
/// returns.
///
/// Where the totals differ, follows the first move (in our move order) whose counts differ,
/// and repeats one ply deeper, until the move lists differ (or the other side contradicts
/// itself). Costs one divide of each side per ply of the line.
///
/// # Errors
///
/// The other side's error, as soon as it fails.
///
/// ```
/// use chess_engine::uci::{Client, ClientError, Divide};
/// use chess_lab::compare::{Comparison, Finding, narrow};
/// use chess_notation::Fen;
/// use chess_rules::{Move, Position};
///
/// // A generator that never castles.
/// fn count(pos: &Position, depth: u32) -> u64 {
///     let moves = pos.legal_moves();
///     let moves = moves.iter().filter(|m| !m.is_castle());
///     if depth <= 1 {
///         return moves.count() as u64;
///     }
///     moves.map(|&m| count(&pos.after(m), depth - 1)).sum()
/// }
/// let root = "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1".parse::<Fen>()?.into_position_for(false)?;
/// let never_castles = |line: &[Move], depth: u32| {
///     let mut pos = root.clone();
///     line.iter().for_each(|&m| pos.play_unchecked(m));
///     let moves = pos.legal_moves();
///     let counts: Vec<(Move, u64)> = moves
///         .iter()
///         .filter(|m| !m.is_castle())
///         .map(|&m| (m, count(&pos.after(m), depth - 1)))
///         .collect();
///     Ok::<_, std::convert::Infallible>(Divide::from_counts(&pos, &counts))
/// };
///
/// let Ok(Comparison::Differ(difference)) = narrow(&root, 2, never_castles) else {
///     panic!("the counts differ");
/// };
/// // Every white move loses black's two castlings below it: the first one is followed.
/// assert_eq!(difference.ours - difference.theirs, 2 * 5);
/// assert_eq!(difference.steps.len(), 1);
/// let Finding::Moves { only_ours, only_theirs } = &difference.finding else {
///     panic!("the move lists differ");
/// };
/// let castles: Vec<String> = only_ours
///     .iter()
///     .map(|&m| chess_notation::uci::format(&difference.position, m))
///     .collect();
/// assert_eq!(castles, ["e8g8", "e8c8"]);
/// assert!(only_theirs.is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn narrow<P: Playable, E>(
    root: &P,
    depth: u32,
    mut theirs: impl FnMut(&[Move], u32) -> Result<Divide, E>,
) -> Result<Comparison<P>, E> {
    let mut pos = root.clone();
    let mut steps: Vec<Step> = Vec::new();
    let mut remaining = depth;
    let mut root_counts = None;
    loop {
        let line: Vec<Move> = steps.iter().map(|s| s.m).collect();
        let ours = Divide::of(&pos, remaining);
        let other = theirs(&line, remaining)?;
        let (our_total, their_total) = *root_counts.get_or_insert((ours.nodes, other.nodes));
        let differ = |finding| {
            Comparison::Differ(Box::new(Difference {
                depth,
                ours: our_total,
                theirs: their_total,
                steps: steps.clone(),
                position: pos.clone(),
                remaining,
                finding,
            }))
        };
        if remaining == 0 {
            // Nothing to split: only the totals can differ.
            return Ok(if other.nodes == ours.nodes {
                Comparison::Agree { nodes: ours.nodes }
            } else {
                differ(Finding::Total {
                    theirs: other.nodes,
                    sum: other.nodes,
                })
            });
        }
        let only_ours: Vec<Move> = ours
            .moves
            .iter()
            .filter(|(m, _)| other.count(m).is_none())
            .map(|(m, _)| uci::parse_variant(&pos, m).expect("our own move reads back"))
            .collect();
        let only_theirs: Vec<String> = other
            .moves
            .iter()
            .filter(|(m, _)| ours.count(m).is_none())
            .map(|(m, _)| m.clone())
            .collect();
        if !only_ours.is_empty() || !only_theirs.is_empty() {
            return Ok(differ(Finding::Moves {
                only_ours,
                only_theirs,
            }));
        }
        let first_difference = ours.moves.iter().find(|(m, n)| other.count(m) != Some(*n));
        match first_difference {
            None if other.nodes == ours.nodes => {
                return Ok(if steps.is_empty() {
                    Comparison::Agree { nodes: ours.nodes }
                } else {
                    // Their counts at the level above contradict the ones here.
                    differ(Finding::Total {
                        theirs: steps.last().map_or(other.nodes, |s| s.theirs),
                        sum: other.nodes,
                    })
                });
            }
            None => {
                let sum = other.moves.iter().map(|(_, n)| n).sum();
                return Ok(differ(Finding::Total {
                    theirs: other.nodes,
                    sum,
                }));
            }
            Some((text, _)) if remaining == 1 => {
                return Ok(differ(Finding::Count {
                    m: text.clone(),
                    theirs: other.count(text).unwrap_or_default(),
                }));
            }
            Some((text, n)) => {
                let m = uci::parse_variant(&pos, text).expect("our own move reads back");
                steps.push(Step {
                    m,
                    depth: remaining,
                    ours: *n,
                    theirs: other.count(text).unwrap_or_default(),
                });
                pos.play_unchecked(m);
                remaining -= 1;
            }
        }
    }
}

/// Compares this crate's perft of `root` at `depth` with that of the engine behind `client`
/// (through `go perft`, which Stockfish and this project's engine answer in the divide
/// format), narrowing a difference down to the position where the move lists differ (see
/// [`narrow`]). A variant's position is sent with the engine switched to the variant's
/// rules ([`Client::set_variant_position`]).
///
/// # Errors
///
/// [`ClientError`] when the engine fails or does not answer, and
/// [`ClientError::NoVariant`] at once when it does not play the variant.
pub fn with_engine<P>(
    client: &mut Client,
    root: &P,
    depth: u32,
) -> Result<Comparison<P>, ClientError>
where
    P: Playable + Into<VariantPosition>,
{
    let start: VariantPosition = root.clone().into();
    client.set_variant(start.variant())?;
    narrow(root, depth, |line, depth| {
        client.set_variant_position(&start, line)?;
        client.perft(depth)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lying generator: in `target` (a line from the start), it drops `drop` and lists
    /// `extra` (counted as one leaf at every depth), consistently all the way up.
    struct Liar {
        target: Vec<&'static str>,
        drop: Option<&'static str>,
        extra: Option<&'static str>,
    }

    impl Liar {
        fn target(&self) -> Position {
            let mut pos = Position::standard();
            for text in &self.target {
                pos.play_unchecked(uci::parse(&pos, text).expect("legal"));
            }
            pos
        }

        fn divide(&self, pos: &Position, depth: u32) -> Divide {
            let lies_here = *pos == self.target();
            let mut divide = Divide::default();
            for m in pos.legal_moves() {
                let text = uci::format(pos, m);
                if lies_here && self.drop == Some(text.as_str()) {
                    continue;
                }
                let n = if depth <= 1 {
                    1
                } else {
                    self.divide(&pos.after(m), depth - 1).nodes
                };
                divide.moves.push((text, n));
            }
            if lies_here && let Some(extra) = self.extra {
                divide.moves.push((extra.to_owned(), 1));
            }
            divide.nodes = divide.moves.iter().map(|(_, n)| n).sum();
            divide
        }

        fn answer(&self, line: &[Move], depth: u32) -> Result<Divide, ()> {
            let mut pos = Position::standard();
            line.iter().for_each(|&m| pos.play_unchecked(m));
            Ok(self.divide(&pos, depth))
        }
    }

    fn uci_line(difference: &Difference) -> Vec<String> {
        let mut pos = Position::standard();
        difference
            .line()
            .iter()
            .map(|&m| {
                let text = uci::format(&pos, m);
                pos.play_unchecked(m);
                text
            })
            .collect()
    }

    #[test]
    fn agreement_is_one_divide_each() {
        let mut asked = 0;
        let comparison = narrow(&Position::standard(), 3, |line, depth| {
            asked += 1;
            assert!(line.is_empty());
            Ok::<_, ()>(Divide::of(&Position::standard(), depth))
        });
        assert_eq!(comparison, Ok(Comparison::Agree { nodes: 8902 }));
        assert_eq!(asked, 1);
    }

    #[test]
    fn a_missing_move_three_plies_deep_is_found() {
        let liar = Liar {
            target: vec!["e2e4", "e7e5", "g1f3"],
            drop: Some("b8c6"),
            extra: None,
        };
        let Ok(Comparison::Differ(difference)) = narrow(&Position::standard(), 4, |line, depth| {
            liar.answer(line, depth)
        }) else {
            panic!("the counts differ");
        };
        // Nc6 is one leaf of the four-ply tree.
        assert_eq!((difference.ours, difference.theirs), (197_281, 197_280));
        assert_eq!(uci_line(&difference), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(difference.position, liar.target());
        assert_eq!(difference.remaining, 1);
        let depths: Vec<u32> = difference.steps.iter().map(|s| s.depth).collect();
        assert_eq!(depths, [4, 3, 2]);
        assert!(difference.steps.iter().all(|s| s.ours == s.theirs + 1));
        let Finding::Moves {
            only_ours,
            only_theirs,
        } = &difference.finding
        else {
            panic!("{:?}", difference.finding)
        };
        assert_eq!(uci::format(&difference.position, only_ours[0]), "b8c6");
        assert_eq!(only_ours.len(), 1);
        assert!(only_theirs.is_empty());
    }

    #[test]
    fn an_extra_move_is_found() {
        let liar = Liar {
            target: vec!["d2d4", "d7d5"],
            drop: None,
            extra: Some("e1g1"),
        };
        let Ok(Comparison::Differ(difference)) = narrow(&Position::standard(), 3, |line, depth| {
            liar.answer(line, depth)
        }) else {
            panic!("the counts differ");
        };
        assert_eq!(difference.theirs, difference.ours + 1);
        assert_eq!(uci_line(&difference), ["d2d4", "d7d5"]);
        assert_eq!(
            difference.finding,
            Finding::Moves {
                only_ours: Vec::new(),
                only_theirs: vec!["e1g1".to_owned()],
            }
        );
    }

    #[test]
    fn self_contradicting_counts_are_named() {
        let start = Position::standard();
        // A total that is not the sum of the counts.
        let comparison = narrow(&start, 2, |_, depth| {
            let mut divide = Divide::of(&start, depth);
            divide.nodes += 1;
            Ok::<_, ()>(divide)
        });
        let Ok(Comparison::Differ(difference)) = comparison else {
            panic!("{comparison:?}")
        };
        assert_eq!(
            difference.finding,
            Finding::Total {
                theirs: 401,
                sum: 400
            }
        );
        // A count of 2 for a move at depth 1.
        let comparison = narrow(&start, 1, |_, depth| {
            let mut divide = Divide::of(&start, depth);
            divide.moves[3].1 = 2;
            divide.nodes += 1;
            Ok::<_, ()>(divide)
        });
        let Ok(Comparison::Differ(difference)) = comparison else {
            panic!("{comparison:?}")
        };
        assert!(matches!(
            difference.finding,
            Finding::Count { theirs: 2, .. }
        ));
        // A count below a move that its divide one ply down does not add up to.
        let comparison = narrow(&start, 2, |line, depth| {
            let mut pos = start.clone();
            line.iter().for_each(|&m| pos.play_unchecked(m));
            let mut divide = Divide::of(&pos, depth);
            if line.is_empty() {
                divide.moves[0].1 += 5;
                divide.nodes += 5;
            }
            Ok::<_, ()>(divide)
        });
        let Ok(Comparison::Differ(difference)) = comparison else {
            panic!("{comparison:?}")
        };
        assert_eq!(difference.steps.len(), 1);
        assert_eq!(
            difference.finding,
            Finding::Total {
                theirs: 25,
                sum: 20
            }
        );
        // Errors pass through.
        assert_eq!(
            narrow(&start, 2, |_, _| Err::<Divide, _>("gone")),
            Err("gone")
        );
    }
}
