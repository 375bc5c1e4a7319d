//! The position a player thinks about, with the game that led to it.

use chess_rules::{Game, Move, Position};

/// The position a player thinks about, with the game's earlier positions, so that it sees
/// repetitions: what [`Player::analyse`](super::Player::analyse) and
/// [`Player::play`](super::Player::play) take. A [`Game`] and a lone [`Position`] convert
/// into it.
///
/// ```
/// use chess_lab::player::History;
/// use chess_notation::uci;
/// use chess_rules::{Game, Position};
///
/// let mut game = Game::standard();
/// game.play(uci::parse(game.position(), "g1f3")?)?;
/// let history = History::from(&game);
/// assert_eq!(&history.position(), game.position());
/// assert_eq!(history.earlier_hashes(), [Position::standard().zobrist_hash()]);
/// assert!(History::from(&Position::standard()).earlier_hashes().is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub enum History<'a> {
    /// A game's start and the moves played from it, legal in sequence: a UCI engine is sent
    /// them as they are (`position fen … moves …`).
    Moves {
        /// The position the game started from.
        start: &'a Position,
        /// The moves played since.
        moves: &'a [Move],
    },
    /// A position with the Zobrist hashes of the game's earlier positions, oldest first (not
    /// including `position`), as a board that keeps no moves knows them: the built-in
    /// engine sees the repetitions, a UCI engine is sent the position alone.
    Hashes {
        /// The position to think about.
        position: &'a Position,
        /// The hashes of the positions before it.
        earlier: &'a [u64],
    },
}

impl<'a> History<'a> {
    /// The position to think about.
    #[must_use]
    pub fn position(&self) -> Position {
        match *self {
            History::Moves { start, moves } => {
                let mut pos = start.clone();
                for &m in moves {
                    pos.play_unchecked(m);
                }
                pos
            }
            History::Hashes { position, .. } => position.clone(),
        }
    }

    /// The Zobrist hashes of the positions before [`History::position`], oldest first.
    #[must_use]
    pub fn earlier_hashes(&self) -> Vec<u64> {
        match *self {
            History::Moves { start, moves } => {
                let mut pos = start.clone();
                let mut hashes = Vec::with_capacity(moves.len());
                for &m in moves {
                    hashes.push(pos.zobrist_hash());
                    pos.play_unchecked(m);
                }
                hashes
            }
            History::Hashes { earlier, .. } => earlier.to_vec(),
        }
    }

    /// The start and moves a UCI engine is sent.
    pub(crate) fn uci_position(&self) -> (&'a Position, &'a [Move]) {
        match *self {
            History::Moves { start, moves } => (start, moves),
            History::Hashes { position, .. } => (position, &[]),
        }
    }
}

impl<'a> From<&'a Game> for History<'a> {
    fn from(game: &'a Game) -> History<'a> {
        History::Moves {
            start: game.initial_position(),
            moves: game.moves(),
        }
    }
}

impl<'a> From<&'a Position> for History<'a> {
    /// The position alone, as if the game had started there.
    fn from(position: &'a Position) -> History<'a> {
        History::Moves {
            start: position,
            moves: &[],
        }
    }
}
