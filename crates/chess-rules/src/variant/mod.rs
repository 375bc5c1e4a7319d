//! The variants Lichess plays, beside standard chess: Crazyhouse, Atomic, Antichess, King of
//! the Hill, Three-check, Horde and Racing Kings, each with exact legal move generation,
//! making and taking back moves, check, its own ends of the game, insufficient material,
//! validation with typed reasons, perft and python-chess's Polyglot key; and python-chess's
//! two other losing variants, Giveaway and Suicide, which [`Antichess`] plays too.
//!
//! ```
//! use chess_core::Square;
//! use chess_rules::variant::{Playable, ThreeCheck, Variant, VariantPosition, perft};
//! use chess_rules::{Move, Outcome, WinReason};
//!
//! // A variant known at compile time: its own type.
//! let mut pos = ThreeCheck::new();
//! pos.play(Move::double_push(Square::E2, Square::E4))?;
//! assert_eq!(perft(&pos, 2), 600);
//!
//! // A variant chosen at run time: the enum over them.
//! let variant: Variant = "atomic".parse()?;
//! let pos = VariantPosition::new(variant);
//! assert_eq!(perft(&pos, 3), 8_902);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//!
//! Standard chess does not pay for the variants: [`Position`](crate::Position) and its move
//! generator are what they were, and each variant is a type of its own that keeps its
//! placement, rights, clocks and Polyglot key in a standard `Position` (whose make and unmake
//! are exactly the bookkeeping every variant shares) and adds its own rules around it:
//!
//! - [`Crazyhouse`], [`KingOfTheHill`], [`ThreeCheck`] and [`RacingKings`] have standard
//!   chess's kings, so their moves are standard chess's (plus drops; minus the checking moves
//!   in Racing Kings, filtered in bulk), with the game's end checked first;
//! - [`Atomic`], [`Antichess`] and the horde's side of [`Horde`] do not, so their moves come
//!   from a pseudo-legal generator shared by the three (`pseudo`), filtered by Atomic's own
//!   notion of check; black's side of Horde is standard chess again.
//!
//! Every type implements [`Playable`], the trait generic code is written against (perft, a
//! notation, a game), and [`VariantPosition`] is the enum over them for a variant chosen at
//! run time. Generic code is compiled once per type, so each variant's perft runs its own
//! code without dispatch (that is what the benchmarks against shakmaty measure), and
//! `Position` implements `Playable` by its own methods.
//!
//! Moves are the standard [`Move`](crate::Move) of two bytes, with two more kinds that no
//! standard position produces: drops ([`Move::put`](crate::Move::put),
//! [`MoveKind::Drop`](crate::MoveKind::Drop)) and the promotion to a king of Antichess.
//!
//! The rules are python-chess's `chess.variant` boards' (and so Lichess's), held to them move
//! by move by the tests: legal moves, FEN, the end of the game. Chess960 is a castling mode
//! ([`CastlingMode::Chess960`](crate::CastlingMode::Chess960)) that every variant may take,
//! as in python-chess (which plays its variant perft suites that way).
//!
//! What a variant adds to a FEN lives in [`VariantSetup`] (pockets, promoted pieces, checks
//! left); chess-notation's `VariantFen` reads and writes it. The end of a game by its history
//! (repetition, the 50- and 75-move rules, which Crazyhouse does not have) is a game's
//! business, as for standard chess: [`Game`](crate::Game) and the [`Arbiter`](crate::Arbiter)
//! take any [`Playable`] positions, and [`Playable::repetition_key`] tells them apart.

#[macro_use]
mod delegate;

mod antichess;
mod atomic;
mod crazyhouse;
mod error;
mod horde;
mod keys;
mod kind;
mod koth;
mod moves;
mod playable;
mod position;
mod pseudo;
mod racing_kings;
mod setup;
mod three_check;

/// Perft for any rules, the crate's own (kept here for the variants' readers).
pub use crate::perft::{divide, perft};
pub use antichess::Antichess;
pub use atomic::{Atomic, AtomicUndo};
pub use crazyhouse::{Crazyhouse, CrazyhouseUndo};
pub use error::VariantPositionError;
pub use horde::Horde;
pub use kind::{ParseVariantError, Variant};
pub use koth::KingOfTheHill;
pub use moves::{VARIANT_MAX_MOVES, VariantMoveList};
pub use playable::Playable;
pub use position::{VariantPosition, VariantUndo};
pub use racing_kings::RacingKings;
pub use setup::{Pockets, RemainingChecks, VariantSetup};
pub use three_check::ThreeCheck;
