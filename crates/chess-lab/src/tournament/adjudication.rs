//! Ending games early when their result is clear: by the tablebases, when one side's engine
//! (or both) sees a lost position for long enough, when both see a dead draw, or at a move
//! limit. All optional; cutechess-cli's rules.

#[cfg(feature = "syzygy")]
use std::sync::Arc;

use core::str::FromStr;

use chess_core::Color;
use chess_rules::{DrawReason, Outcome, Position, WinReason};

use chess_engine::Score;

use crate::settings::{self, ParseSettingsError};
#[cfg(feature = "syzygy")]
use chess_engine::Tablebase;

/// A game is lost for a side whose engine scores at most `-score` centipawns for `move_count`
/// moves in a row (a mate against it counts, whatever its distance). With `two_sided`, the
/// opponent's engine must agree, scoring at least `score` over its own last `move_count` moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ResignRule {
    /// Consecutive moves.
    pub move_count: u32,
    /// The threshold in centipawns.
    pub score: i32,
    /// Whether the winner's engine must agree.
    pub two_sided: bool,
}

/// A game is drawn when, from move `move_number` on, both engines score within `score`
/// centipawns of zero for `move_count` consecutive moves each (a capture starts the count
/// again).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DrawRule {
    /// The first full move number at which the rule applies.
    pub move_number: u32,
    /// Consecutive moves of each side.
    pub move_count: u32,
    /// The threshold in centipawns.
    pub score: i32,
}

impl Default for ResignRule {
    /// cutechess-cli's: three moves at 600 centipawns or worse, one-sided.
    fn default() -> ResignRule {
        ResignRule {
            move_count: 3,
            score: 600,
            two_sided: false,
        }
    }
}

impl FromStr for ResignRule {
    type Err = ParseSettingsError;

    /// `movecount=N,score=CP[,twosided]`, each optional (the [`Default`] for those left out).
    ///
    /// ```
    /// use chess_lab::tournament::ResignRule;
    ///
    /// let rule: ResignRule = "movecount=4,score=1000,twosided".parse()?;
    /// assert_eq!(rule, ResignRule { move_count: 4, score: 1000, two_sided: true });
    /// assert!("score=lots".parse::<ResignRule>().is_err());
    /// # Ok::<_, chess_lab::settings::ParseSettingsError>(())
    /// ```
    fn from_str(text: &str) -> Result<ResignRule, ParseSettingsError> {
        let mut rule = ResignRule::default();
        for item in settings::items(
            text,
            &["movecount", "score", "twosided"],
            "movecount, score, twosided",
        )? {
            match item.key {
                "movecount" => rule.move_count = item.number()?,
                "score" => rule.score = item.number()?,
                _ => rule.two_sided = item.flag()?,
            }
        }
        Ok(rule)
    }
}

impl Default for DrawRule {
    /// cutechess-cli's usual one: from move 40, eight moves each within 10 centipawns.
    fn default() -> DrawRule {
        DrawRule {
            move_number: 40,
            move_count: 8,
            score: 10,
        }
    }
}

impl FromStr for DrawRule {
    type Err = ParseSettingsError;

    /// `movenumber=N,movecount=N,score=CP`, each optional (the [`Default`] for those left
    /// out).
    ///
    /// ```
    /// use chess_lab::tournament::DrawRule;
    ///
    /// let rule: DrawRule = "movenumber=30,score=5".parse()?;
    /// assert_eq!(rule, DrawRule { move_number: 30, move_count: 8, score: 5 });
    /// # Ok::<_, chess_lab::settings::ParseSettingsError>(())
    /// ```
    fn from_str(text: &str) -> Result<DrawRule, ParseSettingsError> {
        let mut rule = DrawRule::default();
        for item in settings::items(
            text,
            &["movenumber", "movecount", "score"],
            "movenumber, movecount, score",
        )? {
            match item.key {
                "movenumber" => rule.move_number = item.number()?,
                "movecount" => rule.move_count = item.number()?,
                _ => rule.score = item.number()?,
            }
        }
        Ok(rule)
    }
}

/// The rules that end a game before the board does. None by default.
#[derive(Clone, Debug, Default)]
pub struct Adjudication {
    /// Resignation.
    pub resign: Option<ResignRule>,
    /// Draw by agreement of the evaluations.
    pub draw: Option<DrawRule>,
    /// A draw after this many full moves (counted from the game's first move).
    pub max_moves: Option<u32>,
    /// The result by the tablebases, once a position without castling rights is in them
    /// (counting the 50-move rule: a cursed win is a draw).
    #[cfg(feature = "syzygy")]
    pub tablebases: Option<Arc<Tablebase>>,
}

/// Why a game was adjudicated.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Adjudicated {
    /// The tablebases know the result.
    Tablebase,
    /// One side's engine saw itself lost.
    Resignation,
    /// Both engines saw a draw.
    Draw,
    /// The game reached the move limit.
    MoveLimit,
}

impl Adjudicated {
    /// A few words for results and PGN comments.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Adjudicated::Tablebase => "tablebase",
            Adjudicated::Resignation => "resignation by evaluation",
            Adjudicated::Draw => "draw by evaluation",
            Adjudicated::MoveLimit => "move limit",
        }
    }
}

/// The adjudicator of one game: counts how long each engine has seen what.
#[derive(Debug)]
pub(crate) struct Adjudicator<'a> {
    rules: &'a Adjudication,
    /// Consecutive moves each side scored itself lost (index: colour).
    losing: [u32; 2],
    /// Consecutive moves each side scored itself won.
    winning: [u32; 2],
    /// Consecutive moves each side scored near zero.
    drawish: [u32; 2],
    /// Engine moves made in the game (opening moves not counted).
    plies: u32,
}

impl<'a> Adjudicator<'a> {
    pub(crate) fn new(rules: &'a Adjudication) -> Adjudicator<'a> {
        Adjudicator {
            rules,
            losing: [0; 2],
            winning: [0; 2],
            drawish: [0; 2],
            plies: 0,
        }
    }

    /// Takes the move `mover` just made, reaching `pos` (with `capture` if it took something),
    /// and the score its engine gave (from its own side); says the outcome if the game is to be
    /// adjudicated now.
    pub(crate) fn after_move(
        &mut self,
        pos: &Position,
        mover: Color,
        score: Option<Score>,
        capture: bool,
        game_plies: usize,
    ) -> Option<(Outcome, Adjudicated)> {
        self.plies += 1;
        let i = mover as usize;
        #[cfg(feature = "syzygy")]
        if let Some(outcome) = self.by_tablebases(pos) {
            return Some((outcome, Adjudicated::Tablebase));
        }
        #[cfg(not(feature = "syzygy"))]
        let _ = pos;

        if let Some(rule) = self.rules.resign {
            let (lost, won) = match score {
                Some(Score::Mate(n)) => (n <= 0, n > 0),
                Some(Score::Cp(cp)) => (cp <= -rule.score, cp >= rule.score),
                None => (false, false),
            };
            self.losing[i] = if lost { self.losing[i] + 1 } else { 0 };
            self.winning[i] = if won { self.winning[i] + 1 } else { 0 };
            for side in [mover, !mover] {
                let s = side as usize;
                if self.losing[s] >= rule.move_count
                    && (!rule.two_sided || self.winning[1 - s] >= rule.move_count)
                {
                    let outcome = Outcome::Decisive {
                        winner: !side,
                        reason: WinReason::Resignation,
                    };
                    return Some((outcome, Adjudicated::Resignation));
                }
            }
        }

        if let Some(rule) = self.rules.draw {
            let near_zero = matches!(score, Some(Score::Cp(cp)) if cp.abs() <= rule.score);
            if capture {
                self.drawish = [0; 2];
            }
            self.drawish[i] = if near_zero && pos.fullmoves() >= rule.move_number {
                self.drawish[i] + 1
            } else {
                0
            };
            if self.drawish.iter().all(|&n| n >= rule.move_count) {
                let outcome = Outcome::Draw {
                    reason: DrawReason::Agreement,
                };
                return Some((outcome, Adjudicated::Draw));
            }
        }

        if let Some(limit) = self.rules.max_moves {
            if game_plies as u64 >= 2 * u64::from(limit) {
                let outcome = Outcome::Draw {
                    reason: DrawReason::Agreement,
                };
                return Some((outcome, Adjudicated::MoveLimit));
            }
        }
        None
    }

    /// The result by the tables, for a position in them without castling rights.
    #[cfg(feature = "syzygy")]
    fn by_tablebases(&self, pos: &Position) -> Option<Outcome> {
        use chess_syzygy::{RootOptions, Wdl};

        let tables = self.rules.tablebases.as_ref()?;
        let pieces = pos.board().occupied().count() as usize;
        if pieces > tables.max_pieces() || !pos.castling_rights().is_empty() {
            return None;
        }
        if !pos.has_legal_moves() {
            // The board says it: checkmate or stalemate.
            return None;
        }
        let wdl = tables.probe_root(pos, RootOptions::default()).ok()?.wdl()?;
        Some(match wdl {
            Wdl::Win => Outcome::Decisive {
                winner: pos.turn(),
                reason: WinReason::Resignation,
            },
            Wdl::Loss => Outcome::Decisive {
                winner: !pos.turn(),
                reason: WinReason::Resignation,
            },
            _ => Outcome::Draw {
                reason: DrawReason::Agreement,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos() -> Position {
        Position::standard()
    }

    #[test]
    fn resignation_needs_consecutive_moves() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                move_count: 3,
                score: 500,
                two_sided: false,
            }),
            ..Adjudication::default()
        };
        let mut a = Adjudicator::new(&rules);
        let p = pos();
        let black_lost = Some(Score::Cp(-600));
        // White's moves score nothing; black sees itself lost twice, then not, then three times.
        let scores = [
            black_lost,
            black_lost,
            Some(Score::Cp(-100)),
            black_lost,
            black_lost,
        ];
        for s in scores {
            assert!(a.after_move(&p, Color::White, None, false, 0).is_none());
            assert!(a.after_move(&p, Color::Black, s, false, 0).is_none());
        }
        assert!(a.after_move(&p, Color::White, None, false, 0).is_none());
        let (outcome, why) = a
            .after_move(&p, Color::Black, Some(Score::Mate(-7)), false, 0)
            .expect("a third move in a row");
        assert_eq!(why, Adjudicated::Resignation);
        assert_eq!(outcome.winner(), Some(Color::White));
    }

    #[test]
    fn two_sided_resignation_waits_for_the_winner_to_agree() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                move_count: 2,
                score: 400,
                two_sided: true,
            }),
            ..Adjudication::default()
        };
        let mut a = Adjudicator::new(&rules);
        let p = pos();
        for _ in 0..3 {
            assert!(
                a.after_move(&p, Color::White, Some(Score::Cp(100)), false, 0)
                    .is_none()
            );
            assert!(
                a.after_move(&p, Color::Black, Some(Score::Cp(-900)), false, 0)
                    .is_none()
            );
        }
        // Black has been lost for three moves, but white's engine never agreed.
        assert!(
            a.after_move(&p, Color::White, Some(Score::Cp(450)), false, 0)
                .is_none()
        );
        assert!(
            a.after_move(&p, Color::Black, Some(Score::Cp(-900)), false, 0)
                .is_none()
        );
        // White agrees a second time in a row: black loses.
        let (outcome, why) = a
            .after_move(&p, Color::White, Some(Score::Cp(450)), false, 0)
            .expect("both engines agree for two moves");
        assert_eq!(
            (outcome.winner(), why),
            (Some(Color::White), Adjudicated::Resignation)
        );
    }

    #[test]
    fn draws_need_both_sides_near_zero_after_the_move_number() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                move_number: 1,
                move_count: 2,
                score: 10,
            }),
            ..Adjudication::default()
        };
        let mut a = Adjudicator::new(&rules);
        let p = pos();
        let zero = Some(Score::Cp(5));
        assert!(a.after_move(&p, Color::White, zero, false, 0).is_none());
        assert!(a.after_move(&p, Color::Black, zero, false, 0).is_none());
        // A capture starts again.
        assert!(a.after_move(&p, Color::White, zero, true, 0).is_none());
        assert!(a.after_move(&p, Color::Black, zero, false, 0).is_none());
        assert!(a.after_move(&p, Color::White, zero, false, 0).is_none());
        let (outcome, why) = a.after_move(&p, Color::Black, zero, false, 0).unwrap();
        assert_eq!((outcome.winner(), why), (None, Adjudicated::Draw));

        let late = Adjudication {
            draw: Some(DrawRule {
                move_number: 40,
                move_count: 1,
                score: 10,
            }),
            ..Adjudication::default()
        };
        let mut a = Adjudicator::new(&late);
        for _ in 0..4 {
            assert!(a.after_move(&p, Color::White, zero, false, 0).is_none());
        }
    }

    #[test]
    fn the_move_limit_counts_full_moves() {
        let rules = Adjudication {
            max_moves: Some(10),
            ..Adjudication::default()
        };
        let mut a = Adjudicator::new(&rules);
        assert!(
            a.after_move(&pos(), Color::White, None, false, 19)
                .is_none()
        );
        let (_, why) = a.after_move(&pos(), Color::Black, None, false, 20).unwrap();
        assert_eq!(why, Adjudicated::MoveLimit);
    }
}
