//! A game: a position with its history, for the repetition and move-count rules.

use alloc::vec::Vec;
use core::fmt;

use chess_core::Color;

use crate::variant::Playable;
use crate::{Arbiter, DrawReason, IllegalMoveError, Move, Outcome, Position, WinReason};

/// A game in progress: the current position, the moves that led to it, and the bookkeeping for
/// the draw rules.
///
/// The rules that end a game by themselves are the [`Arbiter`]'s: a move costs a look at the
/// positions since the last capture or pawn move, whatever the length of the game.
///
/// A game is of standard chess (and Chess960) by default; `Game<P>` plays any rules `P` of
/// [`Playable`], a variant's type or [`VariantPosition`](crate::variant::VariantPosition),
/// with the same draws as python-chess's variant boards: the variant's own end first, and no
/// move-count draws in Crazyhouse, whose repetitions count across captures.
///
/// ```
/// use chess_core::Square;
/// use chess_rules::{DrawReason, Game, Move};
///
/// let mut game = Game::standard();
/// let shuffle = [
///     Move::new(Square::G1, Square::F3),
///     Move::new(Square::G8, Square::F6),
///     Move::new(Square::F3, Square::G1),
///     Move::new(Square::F6, Square::G8),
/// ];
/// for m in shuffle.iter().chain(&shuffle[..3]) {
///     game.play(*m)?;
/// }
/// // Ng8 would repeat the starting position for the third time: the draw can be claimed now.
/// assert_eq!(game.claimable_draws(), [DrawReason::ThreefoldRepetition]);
/// game.play(shuffle[3])?;
/// assert_eq!(game.repetitions(), 3);
/// # Ok::<_, chess_rules::PlayError>(())
/// ```
///
/// A variant's game:
///
/// ```
/// use chess_core::{Color, Square};
/// use chess_rules::variant::{Variant, VariantPosition};
/// use chess_rules::{Game, Move, Outcome, WinReason};
///
/// let mut game = Game::new(VariantPosition::new(Variant::KingOfTheHill));
/// for m in [
///     Move::double_push(Square::E2, Square::E4),
///     Move::new(Square::A7, Square::A6),
///     Move::new(Square::E1, Square::E2),
///     Move::new(Square::A6, Square::A5),
///     Move::new(Square::E2, Square::D3),
///     Move::new(Square::A5, Square::A4),
///     Move::new(Square::D3, Square::D4),
/// ] {
///     game.play(m)?;
/// }
/// // White's king reached the hill.
/// assert_eq!(
///     game.outcome(),
///     Some(Outcome::Decisive { winner: Color::White, reason: WinReason::KingOfTheHill })
/// );
/// # Ok::<_, chess_rules::PlayError>(())
/// ```
#[derive(Clone)]
pub struct Game<P: Playable = Position> {
    initial: P,
    position: P,
    moves: Vec<Move>,
    /// The position before each move of `moves`.
    history: Vec<P>,
    /// Repetitions, the 75-move rule, material: the automatic endings.
    arbiter: Arbiter,
    /// An ending that is not on the board: resignation, agreement, a claimed draw, time.
    declared: Option<Outcome>,
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal in the current position.
    Illegal(IllegalMoveError),
    /// The game is already over.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::GameOver(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PlayError {}

impl Game {
    /// A game from the standard starting position.
    #[must_use]
    pub fn standard() -> Game {
        Game::new(Position::standard())
    }
}

impl<P: Playable> Game<P> {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: P) -> Game<P> {
        Game {
            arbiter: Arbiter::new(&position),
            initial: position.clone(),
            position,
            moves: Vec::new(),
            history: Vec::new(),
            declared: None,
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The position the game started from.
    #[must_use]
    pub fn initial_position(&self) -> &P {
        &self.initial
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before each move of [`Game::moves`], oldest first: with the current
    /// position, the whole game (a search uses their hashes to see repetitions).
    #[must_use]
    pub fn history(&self) -> &[P] {
        &self.history
    }

    /// Plays `m` if it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        self.play_past_end(m).map_err(PlayError::Illegal)
    }

    /// Plays `m` if it is legal, even where the game is over: a recorded game may go on past
    /// an ending (archives hold such games, and python-chess's board plays on), and analysis
    /// may look past one. A declared result (resignation, agreement, a claimed draw, time) is
    /// taken back; an ending by the rules stays the first one met, as [`Arbiter::ending`] says.
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_rules::{Game, Move};
    ///
    /// let mut game = Game::standard();
    /// game.agree_draw();
    /// let e4 = Move::double_push(Square::E2, Square::E4);
    /// assert!(game.play(e4).is_err());
    /// game.play_past_end(e4)?;
    /// assert_eq!(game.outcome(), None);
    /// # Ok::<_, chess_rules::IllegalMoveError>(())
    /// ```
    pub fn play_past_end(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if !self.position.is_legal(m) {
            return Err(IllegalMoveError { m });
        }
        let next = self.position.after(m);
        self.arbiter.push(&next);
        self.history
            .push(core::mem::replace(&mut self.position, next));
        self.moves.push(m);
        self.declared = None;
        Ok(())
    }

    /// Takes back the last move (and any declared result); `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let previous = self.history.pop()?;
        self.declared = None;
        self.arbiter.pop();
        self.position = previous;
        Some(m)
    }

    /// How many times the current position has occurred (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.arbiter.repetitions()
    }

    /// Whether a threefold repetition may be claimed: the current position occurred three times,
    /// or some legal move would make its position occur for the third time.
    #[must_use]
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.repetitions() >= 3 {
            return true;
        }
        let cuts = self.position.variant().has_move_count_rules();
        self.position.legal_moves().iter().any(|&m| {
            let next = self.position.after(m);
            // A capture or pawn move starts the positions that can repeat afresh.
            (next.halfmoves() != 0 || !cuts) && self.arbiter.count(next.repetition_key()) >= 2
        })
    }

    /// Whether the 50-move rule may be claimed: 50 moves by each side without a capture or pawn
    /// move, or one more such move is about to complete them (never in Crazyhouse).
    #[must_use]
    pub fn can_claim_fifty_moves(&self) -> bool {
        if !self.position.variant().has_move_count_rules() {
            return false;
        }
        let halfmoves = self.position.halfmoves();
        halfmoves >= 100
            || (halfmoves == 99
                && self
                    .position
                    .legal_moves()
                    .iter()
                    .any(|&m| self.position.after(m).halfmoves() != 0))
    }

    /// The draws that may be claimed now (threefold repetition, 50-move rule).
    #[must_use]
    pub fn claimable_draws(&self) -> Vec<DrawReason> {
        let mut draws = Vec::new();
        if self.outcome().is_some() {
            return draws;
        }
        if self.can_claim_threefold_repetition() {
            draws.push(DrawReason::ThreefoldRepetition);
        }
        if self.can_claim_fifty_moves() {
            draws.push(DrawReason::FiftyMoveRule);
        }
        draws
    }

    /// Claims a draw by the first rule of [`Game::claimable_draws`] and ends the game; `None`
    /// when no draw can be claimed.
    pub fn claim_draw(&mut self) -> Option<DrawReason> {
        let reason = *self.claimable_draws().first()?;
        self.declared = Some(Outcome::Draw { reason });
        Some(reason)
    }

    /// `color` resigns (ignored if the game is already over).
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Decisive {
                winner: !color,
                reason: WinReason::Resignation,
            });
        }
    }

    /// The players agree to a draw (ignored if the game is already over).
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            });
        }
    }

    /// `color` ran out of time: a loss, or a draw if the opponent can never checkmate (ignored
    /// if the game is already over).
    pub fn flag_fall(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some(if self.position.has_insufficient_material(!color) {
                Outcome::Draw {
                    reason: DrawReason::TimeoutVsInsufficientMaterial,
                }
            } else {
                Outcome::Decisive {
                    winner: !color,
                    reason: WinReason::TimeForfeit,
                }
            });
        }
    }

    /// How the game ended, if it did: on the board, as the [`Arbiter`] judges it (the
    /// variant's own end, checkmate, insufficient material, stalemate, the 75-move rule,
    /// fivefold repetition, in that order),
    /// or by resignation, agreement, a claimed draw or time.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.declared {
            return Some(outcome);
        }
        self.arbiter.outcome(&self.position)
    }
}

impl<P: Playable> fmt::Debug for Game<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("initial", &self.initial)
            .field("moves", &self.moves)
            .field("outcome", &self.outcome())
            .finish()
    }
}
