//! An efficiently updatable neural network (NNUE) that evaluates positions, trained on the
//! engine's own games (by chess-lab's trainer, which fills a network through
//! [`Network::parameters_mut`]).
//!
//! The network is small and standard: each side's view of the board is 768 inputs (a piece of
//! either colour, relative to the side, of one of six roles, on one of 64 squares, the board
//! flipped for black), a layer of [`HIDDEN`] neurons shared by both views (the *feature
//! transformer*, whose sums are the [`Accumulator`]), the squared clipped ReLU of both halves
//! side to move first, and one output neuron chosen among [`BUCKETS`] by the number of pieces
//! on the board. The first layer is a sum of the columns of the pieces on the board, so a move
//! changes it by a few columns only: the search carries the sums from a position to the next
//! instead of adding up all pieces again.
//!
//! The weights are integers: the first layer's scaled by [`QA`], the output's by [`QB`].
//!
//! A network either evaluates alone or corrects the classical evaluation
//! ([`Network::is_residual`]): trained on what the classical evaluation misses of the
//! searches' scores, its output is added to it (scaled with the classical endgame score in
//! the endings that evaluation knows to be drawn, which the network's inputs cannot tell
//! apart from won ones). The built-in network is of the second kind.
//!
//! ```
//! use chess_engine::nnue::Network;
//! use chess_rules::Position;
//!
//! let net = Network::default_network();
//! let pos = Position::standard();
//! let acc = net.refresh(pos.board());
//! let score = net.evaluate(&acc, pos.board(), pos.turn());
//! assert!(score.abs() < 100, "{score}");
//! ```

use std::fmt;
use std::sync::{Arc, OnceLock};

use chess_core::{Board, CastlingSide, Color, Piece, Role, Square};
use chess_rules::{Move, MoveKind, Position};

/// Inputs of each view: two colours, six roles, 64 squares.
pub const INPUTS: usize = 768;
/// The neurons of the first layer, in each view.
pub const HIDDEN: usize = 256;
/// The output buckets, by the number of pieces on the board (kings and pawns included).
pub const BUCKETS: usize = 8;
/// The scale of the first layer's weights and of the activations: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 64;

/// The input of `piece` on `sq` in the view of `perspective`.
#[inline(always)]
#[must_use]
pub const fn feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    let theirs = (piece.color() as usize) ^ (perspective as usize);
    let sq = if perspective.is_white() {
        sq.index()
    } else {
        sq.index() ^ 56
    };
    theirs * 384 + piece.role() as usize * 64 + sq
}

/// The input in black's view of the input `f` of white's view.
#[inline(always)]
#[must_use]
pub const fn flip_feature(f: usize) -> usize {
    let f = f ^ 56;
    if f >= 384 { f - 384 } else { f + 384 }
}

/// The king buckets of a network that has them ([`Network::king_buckets`]): its inputs are
/// 768 a bucket, each view taking those of the bucket of its own king's square.
pub const KING_BUCKETS: usize = 4;

/// The king bucket of `perspective`'s view when its king is on `king` (bucket 0 without a
/// king). Seen from the view's own side: a king on its first two ranks on the queen's wing
/// (files a to c), in the centre (d, e) or on the king's wing (f to h), and a king beyond
/// them, whose shelter no longer matters.
#[inline(always)]
#[must_use]
pub const fn king_bucket(perspective: Color, king: Option<Square>) -> usize {
    let Some(king) = king else {
        return 0;
    };
    let sq = if perspective.is_white() {
        king.index()
    } else {
        king.index() ^ 56
    };
    if sq >= 16 {
        3
    } else {
        match sq % 8 {
            0..=2 => 0,
            3 | 4 => 1,
            _ => 2,
        }
    }
}

/// The output bucket of a position with `pieces` pieces on the board.
#[inline(always)]
#[must_use]
pub const fn bucket(pieces: u32) -> usize {
    let b = (pieces.saturating_sub(2) / 4) as usize;
    if b < BUCKETS { b } else { BUCKETS - 1 }
}

/// The first layer's sums for both views (white's first), in units of [`QA`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The sums of the view of `color`.
    #[must_use]
    pub fn view(&self, color: Color) -> &[i16; HIDDEN] {
        &self.values[color as usize]
    }
}

/// The pieces a move takes off the board and puts on it: what changes in the network's
/// inputs, known from the move itself (cheaper than comparing the boards before and after it,
/// as [`Network::update_from`] does for boards that differ in any way).
///
/// ```
/// use chess_core::{Piece, Square};
/// use chess_engine::nnue::{Change, Network};
/// use chess_rules::{Move, Position};
///
/// let net = Network::default_network();
/// let pos = Position::standard();
/// let m = Move::double_push(Square::E2, Square::E4);
/// let change = Change::of_move(&pos, m);
/// assert_eq!(change.removed(), &[(Square::E2, Piece::WhitePawn)]);
/// assert_eq!(change.added(), &[(Square::E4, Piece::WhitePawn)]);
///
/// let mut acc = net.refresh(pos.board());
/// let before = acc.clone();
/// net.apply(&before, &mut acc, &change, pos.board());
/// assert_eq!(acc, net.refresh(pos.after(m).board()));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Change {
    removed: [(Square, Piece); 2],
    added: [(Square, Piece); 2],
    n_removed: u8,
    n_added: u8,
}

impl Change {
    /// No change: the null move's.
    pub const NONE: Change = Change {
        removed: [(Square::A1, Piece::WhitePawn); 2],
        added: [(Square::A1, Piece::WhitePawn); 2],
        n_removed: 0,
        n_added: 0,
    };

    /// The change of the legal move `m` in `pos`. A capture takes off two pieces and puts on
    /// one; castling takes off and puts on the king and the rook (on the same squares in some
    /// Chess960 castlings, which cancel out); any other move takes off one and puts on one.
    #[inline]
    #[must_use]
    pub fn of_move(pos: &Position, m: Move) -> Change {
        let board = pos.board();
        let us = pos.turn();
        let (from, to) = (m.from(), m.to());
        let mut change = Change::NONE;
        let Some(piece) = board.piece_at(from) else {
            return change;
        };
        change.remove(from, piece);
        match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion => {
                if let Some(captured) = board.piece_at(to) {
                    change.remove(to, captured);
                }
                let placed = m.promotion().map_or(piece, |role| Piece::new(us, role));
                change.add(to, placed);
            }
            MoveKind::EnPassant => {
                change.remove(
                    Square::new(to.file(), from.rank()),
                    Piece::new(!us, Role::Pawn),
                );
                change.add(to, piece);
            }
            MoveKind::Castle => {
                let side = CastlingSide::from_king_and_rook(from, to);
                let rook = Piece::new(us, Role::Rook);
                change.remove(to, rook);
                change.add(side.king_to(us), piece);
                change.add(side.rook_to(us), rook);
            }
            // The engine plays standard chess: a drop (Crazyhouse) has no piece on its origin
            // and returned above.
            MoveKind::Drop => {}
        }
        change
    }

    /// The pieces taken off, with their squares.
    #[must_use]
    pub fn removed(&self) -> &[(Square, Piece)] {
        &self.removed[..usize::from(self.n_removed)]
    }

    /// The pieces put on, with their squares.
    #[must_use]
    pub fn added(&self) -> &[(Square, Piece)] {
        &self.added[..usize::from(self.n_added)]
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.removed[usize::from(self.n_removed)] = (sq, piece);
        self.n_removed += 1;
    }

    #[inline(always)]
    fn add(&mut self, sq: Square, piece: Piece) {
        self.added[usize::from(self.n_added)] = (sq, piece);
        self.n_added += 1;
    }
}

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The bytes do not start with the format's magic number.
    Magic,
    /// The layout (version, hidden size, buckets) is not the one this build evaluates with.
    Layout {
        /// What the file says: version, hidden neurons, buckets.
        found: [u32; 3],
        /// What this build reads.
        expected: [u32; 3],
    },
    /// The bytes end early or go on past the weights.
    Length {
        /// The bytes given.
        found: usize,
        /// The bytes of a network of this layout.
        expected: usize,
    },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Magic => {
                write!(f, "not a network: the file does not start with {MAGIC:?}")
            }
            NetworkError::Layout { found, expected } => write!(
                f,
                "a network of version {}, {} hidden neurons and {} buckets; this build reads version {}, {} and {}",
                found[0], found[1], found[2], expected[0], expected[1], expected[2]
            ),
            NetworkError::Length { found, expected } => write!(
                f,
                "a network of this layout is {expected} bytes long, not {found}"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The file's first bytes.
const MAGIC: &[u8; 4] = b"CENN";
/// The layout this build reads and writes: a network that evaluates alone.
const VERSION: u32 = 1;
/// The same layout for a network whose output is added to the classical evaluation (see
/// [`Network::is_residual`]).
const VERSION_RESIDUAL: u32 = 2;
/// A network that evaluates alone, with [`KING_BUCKETS`] king buckets.
const VERSION_KING_BUCKETS: u32 = 3;
/// A residual network with [`KING_BUCKETS`] king buckets.
const VERSION_RESIDUAL_KING_BUCKETS: u32 = 4;
/// The header: magic, version, hidden neurons, buckets, scale.
const HEADER: usize = 20;

/// A network's quantized weights.
#[derive(Clone)]
pub struct Network {
    /// [`INPUTS`] columns a king bucket.
    feature_weights: Box<[[i16; HIDDEN]]>,
    /// 1, or [`KING_BUCKETS`].
    king_buckets: usize,
    feature_bias: Box<[i16; HIDDEN]>,
    /// Per bucket, the weights of the side to move's half, then the other's.
    output_weights: Box<[[i16; 2 * HIDDEN]; BUCKETS]>,
    output_bias: [i32; BUCKETS],
    /// Centipawns per unit of output (the output is a logit of the side to move's winning
    /// chances, the way the trainer fits it).
    scale: i32,
    /// Whether the output corrects the classical evaluation rather than replacing it.
    residual: bool,
}

/// A network's quantized parameters, borrowed to be filled ([`Network::parameters_mut`]).
#[derive(Debug)]
pub struct Parameters<'a> {
    /// The feature transformer's weights: a column of [`HIDDEN`] values per input, [`INPUTS`]
    /// columns a king bucket ([`Network::king_buckets`] of them).
    pub feature_weights: &'a mut [[i16; HIDDEN]],
    /// The feature transformer's biases.
    pub feature_bias: &'a mut [i16; HIDDEN],
    /// Per bucket, the weights of the side to move's half, then the other's.
    pub output_weights: &'a mut [[i16; 2 * HIDDEN]; BUCKETS],
    /// Per bucket, the output's bias.
    pub output_bias: &'a mut [i32; BUCKETS],
    /// Centipawns per unit of output.
    pub scale: &'a mut i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .field("buckets", &BUCKETS)
            .field("king_buckets", &self.king_buckets)
            .finish_non_exhaustive()
    }
}

/// The network the engine plays with, built into the program; `default.nnue.recipe.md` beside
/// it says how it was trained and on what.
static DEFAULT: &[u8] = include_bytes!("default.nnue");

impl Network {
    /// The network built into the engine: a residual one, trained on positions of the
    /// engine's games against itself labelled by its searches (see `docs/engine.md`).
    ///
    /// # Panics
    ///
    /// Never: a test reads the built-in bytes.
    #[must_use]
    pub fn default_network() -> Arc<Network> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        Arc::clone(
            NETWORK.get_or_init(|| {
                Arc::new(Network::from_bytes(DEFAULT).expect("the built-in network"))
            }),
        )
    }

    /// A network of zero weights (its every evaluation is 0), without king buckets.
    #[must_use]
    pub fn zeroed() -> Network {
        Network::zeroed_with_king_buckets(false)
    }

    /// A network of zero weights, with [`KING_BUCKETS`] king buckets or without them.
    #[must_use]
    pub fn zeroed_with_king_buckets(king_buckets: bool) -> Network {
        let king_buckets = if king_buckets { KING_BUCKETS } else { 1 };
        Network {
            feature_weights: vec![[0; HIDDEN]; INPUTS * king_buckets].into_boxed_slice(),
            king_buckets,
            feature_bias: Box::new([0; HIDDEN]),
            output_weights: boxed_zeroed(),
            output_bias: [0; BUCKETS],
            scale: 0,
            residual: false,
        }
    }

    /// The network's king buckets: 1 (every view reads the same [`INPUTS`]), or
    /// [`KING_BUCKETS`] (see [`king_bucket`]).
    #[must_use]
    pub fn king_buckets(&self) -> usize {
        self.king_buckets
    }

    /// The same network with [`KING_BUCKETS`] king buckets, each a copy of its one set of
    /// columns: it evaluates every position as before, and a trainer can go on from it to
    /// tell the buckets apart. A network with king buckets is returned as it is.
    #[must_use]
    pub fn with_king_buckets(&self) -> Network {
        if self.king_buckets == KING_BUCKETS {
            return self.clone();
        }
        let mut net = self.clone();
        net.feature_weights = self
            .feature_weights
            .iter()
            .cycle()
            .take(INPUTS * KING_BUCKETS)
            .copied()
            .collect();
        net.king_buckets = KING_BUCKETS;
        net
    }

    /// The quantized parameters to fill, for a trainer: the feature transformer's weights (a
    /// column of [`HIDDEN`] values per input and king bucket, scaled by [`QA`]) and biases
    /// (scaled by [`QA`]), the output weights of each bucket (the side to move's half, then the
    /// other's, scaled by [`QB`]) and its bias (scaled by `QA * QB`), and the centipawns per
    /// unit of output.
    pub fn parameters_mut(&mut self) -> Parameters<'_> {
        Parameters {
            feature_weights: &mut self.feature_weights,
            feature_bias: &mut self.feature_bias,
            output_weights: &mut self.output_weights,
            output_bias: &mut self.output_bias,
            scale: &mut self.scale,
        }
    }

    /// Reads a network from the bytes [`Network::to_bytes`] writes.
    ///
    /// # Errors
    ///
    /// [`NetworkError`] when the bytes are not a network of this build's layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let found = [word(4), word(8), word(12)];
        let version = match found[0] {
            VERSION | VERSION_RESIDUAL | VERSION_KING_BUCKETS | VERSION_RESIDUAL_KING_BUCKETS => {
                found[0]
            }
            _ => VERSION,
        };
        let residual = matches!(version, VERSION_RESIDUAL | VERSION_RESIDUAL_KING_BUCKETS);
        let king_buckets = matches!(
            version,
            VERSION_KING_BUCKETS | VERSION_RESIDUAL_KING_BUCKETS
        );
        let expected = [version, HIDDEN as u32, BUCKETS as u32];
        if found != expected {
            return Err(NetworkError::Layout { found, expected });
        }
        let mut net = Network::zeroed_with_king_buckets(king_buckets);
        let expected = net.byte_len();
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                found: bytes.len(),
                expected,
            });
        }
        net.scale = word(16) as i32;
        net.residual = residual;
        let mut rest = &bytes[HEADER..];
        let mut i16s = |out: &mut [i16]| {
            for (value, chunk) in out.iter_mut().zip(rest.chunks_exact(2)) {
                *value = i16::from_le_bytes([chunk[0], chunk[1]]);
            }
            rest = &rest[2 * out.len()..];
        };
        for row in net.feature_weights.iter_mut() {
            i16s(row);
        }
        i16s(&mut net.feature_bias[..]);
        for row in net.output_weights.iter_mut() {
            i16s(row);
        }
        for (value, chunk) in net.output_bias.iter_mut().zip(rest.chunks_exact(4)) {
            *value = i32::from_le_bytes(chunk.try_into().expect("4 bytes"));
        }
        Ok(net)
    }

    /// Whether the network corrects the classical evaluation: its output is what the trainer
    /// found the classical evaluation to miss, and the engine adds the two. Such a network
    /// is written with version 2 of the layout.
    #[must_use]
    pub fn is_residual(&self) -> bool {
        self.residual
    }

    /// Marks the network as one that corrects the classical evaluation (or not).
    pub fn set_residual(&mut self, residual: bool) {
        self.residual = residual;
    }

    /// The length of the network's bytes.
    fn byte_len(&self) -> usize {
        HEADER
            + 2 * (self.king_buckets * INPUTS * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN)
            + 4 * BUCKETS
    }

    /// The network as bytes: a header (`CENN`, the layout's version (1 for a network that
    /// evaluates alone, 2 for a residual network, 3 and 4 for the same with king buckets),
    /// the hidden neurons, the buckets and the scale in centipawns, little-endian 32-bit
    /// words), then the weights, little-endian: the first layer input by input (king bucket
    /// by king bucket), its biases, the output weights bucket by bucket and the output
    /// biases (32 bits).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.byte_len());
        bytes.extend_from_slice(MAGIC);
        let version = match (self.residual, self.king_buckets > 1) {
            (false, false) => VERSION,
            (true, false) => VERSION_RESIDUAL,
            (false, true) => VERSION_KING_BUCKETS,
            (true, true) => VERSION_RESIDUAL_KING_BUCKETS,
        };
        for word in [version, HIDDEN as u32, BUCKETS as u32, self.scale as u32] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        let rows = self
            .feature_weights
            .iter()
            .flatten()
            .chain(self.feature_bias.iter())
            .chain(self.output_weights.iter().flatten());
        for value in rows {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for value in self.output_bias {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// The accumulator of `board`, from its pieces.
    #[must_use]
    pub fn refresh(&self, board: &Board) -> Accumulator {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.refresh_avx2(board) };
        }
        self.refresh_generic(board)
    }

    /// [`Network::refresh`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn refresh_avx2(&self, board: &Board) -> Accumulator {
        self.refresh_generic(board)
    }

    #[inline(always)]
    fn refresh_generic(&self, board: &Board) -> Accumulator {
        let mut acc = Accumulator {
            values: [*self.feature_bias; 2],
        };
        let offsets = [Color::White, Color::Black].map(|view| self.offset(view, board));
        for (sq, piece) in board.iter() {
            for color in [Color::White, Color::Black] {
                add(
                    &mut acc.values[color as usize],
                    &self.feature_weights[offsets[color as usize] + feature(color, piece, sq)],
                );
            }
        }
        acc
    }

    /// The first of the columns of `view` on `board`: those of its king bucket.
    #[inline(always)]
    fn offset(&self, view: Color, board: &Board) -> usize {
        if self.king_buckets == 1 {
            0
        } else {
            king_bucket(view, board.king_of(view)) * INPUTS
        }
    }

    /// Brings `acc`, the accumulator of `before`, to the accumulator of `after` (any board: the
    /// pieces that differ are found from the boards' bitboards, so moves of every kind,
    /// castling and en passant included, need no special case).
    pub fn update(&self, acc: &mut Accumulator, before: &Board, after: &Board) {
        let source = acc.clone();
        self.update_from(&source, acc, before, after);
    }

    /// Sets `acc` to the accumulator of `after`, from `source`, the accumulator of `before`.
    pub fn update_from(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        before: &Board,
        after: &Board,
    ) {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.update_from_avx2(source, acc, before, after) };
        }
        self.update_from_generic(source, acc, before, after);
    }

    /// [`Network::update_from`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn update_from_avx2(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        before: &Board,
        after: &Board,
    ) {
        self.update_from_generic(source, acc, before, after);
    }

    #[inline(always)]
    fn update_from_generic(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        before: &Board,
        after: &Board,
    ) {
        // A move takes off at most two pieces (a capture, or the king and rook of a castling)
        // and puts on at most two; a board set up anew may change more.
        let mut removed: [(Square, Piece); 4] = [(Square::A1, Piece::WhitePawn); 4];
        let mut added = removed;
        let (mut n_removed, mut n_added) = (0, 0);
        // A square whose piece changed has changed in a colour's or a role's bitboard.
        let mut changed = (before.by_color(Color::White) ^ after.by_color(Color::White))
            | (before.by_color(Color::Black) ^ after.by_color(Color::Black));
        for role in Role::ALL {
            changed |= before.by_role(role) ^ after.by_role(role);
        }
        for sq in changed {
            if let Some(piece) = before.piece_at(sq) {
                if after.piece_at(sq) != Some(piece) {
                    if n_removed == removed.len() {
                        *acc = self.refresh_generic(after);
                        return;
                    }
                    removed[n_removed] = (sq, piece);
                    n_removed += 1;
                }
            }
            if let Some(piece) = after.piece_at(sq) {
                if before.piece_at(sq) != Some(piece) {
                    if n_added == added.len() {
                        *acc = self.refresh_generic(after);
                        return;
                    }
                    added[n_added] = (sq, piece);
                    n_added += 1;
                }
            }
        }
        self.apply_generic(
            source,
            acc,
            &added[..n_added],
            &removed[..n_removed],
            before,
        );
    }

    /// Sets `acc` to `source` changed by `change`: the accumulator after a move from the
    /// accumulator before it, `before` the board before the move.
    #[inline]
    pub fn apply(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        change: &Change,
        before: &Board,
    ) {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.apply_avx2(source, acc, change, before) };
        }
        self.apply_generic(source, acc, change.added(), change.removed(), before);
    }

    /// [`Network::apply`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn apply_avx2(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        change: &Change,
        before: &Board,
    ) {
        self.apply_generic(source, acc, change.added(), change.removed(), before);
    }

    /// `acc` = `source` + the columns of `added` − those of `removed`, in one pass over the
    /// sums for the changes of moves (one piece on and one or two off, or two and two), which
    /// reads the source and writes the result once instead of once per column. A view whose
    /// king changes bucket is summed anew from `before`, the board the changes apply to.
    #[inline(always)]
    fn apply_generic(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        added: &[(Square, Piece)],
        removed: &[(Square, Piece)],
        before: &Board,
    ) {
        for view in [Color::White, Color::Black] {
            let mut offset = 0;
            if self.king_buckets > 1 {
                let king = Piece::new(view, Role::King);
                let king_before = before.king_of(view);
                let king_after = added
                    .iter()
                    .find(|&&(_, piece)| piece == king)
                    .map(|&(sq, _)| sq)
                    .or(king_before);
                offset = king_bucket(view, king_after) * INPUTS;
                if offset != king_bucket(view, king_before) * INPUTS {
                    let column = |sq: Square, piece: Piece| {
                        &self.feature_weights[offset + feature(view, piece, sq)]
                    };
                    let out = &mut acc.values[view as usize];
                    *out = *self.feature_bias;
                    for (sq, piece) in before.iter() {
                        add(out, column(sq, piece));
                    }
                    for &(sq, piece) in added {
                        add(out, column(sq, piece));
                    }
                    for &(sq, piece) in removed {
                        sub(out, column(sq, piece));
                    }
                    continue;
                }
            }
            let column = |&(sq, piece): &(Square, Piece)| {
                &self.feature_weights[offset + feature(view, piece, sq)]
            };
            let from = &source.values[view as usize];
            let out = &mut acc.values[view as usize];
            match (added, removed) {
                ([a], [r]) => {
                    let (a, r) = (column(a), column(r));
                    for i in 0..HIDDEN {
                        out[i] = from[i].wrapping_add(a[i]).wrapping_sub(r[i]);
                    }
                }
                ([a], [r1, r2]) => {
                    let (a, r1, r2) = (column(a), column(r1), column(r2));
                    for i in 0..HIDDEN {
                        out[i] = from[i]
                            .wrapping_add(a[i])
                            .wrapping_sub(r1[i])
                            .wrapping_sub(r2[i]);
                    }
                }
                ([a1, a2], [r1, r2]) => {
                    let (a1, a2, r1, r2) = (column(a1), column(a2), column(r1), column(r2));
                    for i in 0..HIDDEN {
                        out[i] = from[i]
                            .wrapping_add(a1[i])
                            .wrapping_add(a2[i])
                            .wrapping_sub(r1[i])
                            .wrapping_sub(r2[i]);
                    }
                }
                _ => {
                    *out = *from;
                    for a in added {
                        add(out, column(a));
                    }
                    for r in removed {
                        sub(out, column(r));
                    }
                }
            }
        }
    }

    /// The evaluation of the position of `board` (whose accumulator is `acc`) for the side
    /// `turn`, in centipawns.
    #[must_use]
    pub fn evaluate(&self, acc: &Accumulator, board: &Board, turn: Color) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.evaluate_avx2(acc, board, turn) };
        }
        self.evaluate_generic(acc, board, turn)
    }

    /// [`Network::evaluate`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_avx2(&self, acc: &Accumulator, board: &Board, turn: Color) -> i32 {
        self.evaluate_generic(acc, board, turn)
    }

    #[inline(always)]
    fn evaluate_generic(&self, acc: &Accumulator, board: &Board, turn: Color) -> i32 {
        let bucket = bucket(board.occupied().count());
        let weights = &self.output_weights[bucket];
        let us = &acc.values[turn as usize];
        let them = &acc.values[!turn as usize];
        let sum = screlu_dot(us, &weights[..HIDDEN]) + screlu_dot(them, &weights[HIDDEN..]);
        let output = sum / QA + self.output_bias[bucket];
        output * self.scale / (QA * QB)
    }
}

/// Whether the processor has AVX2, for which the network's loops are compiled a second time
/// (the same code, twice as wide as the SSE2 every x86-64 processor has).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The sum of `clamp(x, 0, QA)² × w` over the neurons.
#[inline(always)]
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    let weights: &[i16; HIDDEN] = weights.try_into().expect("HIDDEN weights");
    let mut sum = 0i32;
    for (&x, &w) in values.iter().zip(weights) {
        let v = x.clamp(0, QA as i16);
        // v × w fits in 16 bits (|w| ≤ 127): multiplied in 16 bits, then widened and
        // multiplied by v again, the sum vectorizes as a multiply-add of 16-bit pairs.
        sum = sum.wrapping_add(i32::from(v.wrapping_mul(w)) * i32::from(v));
    }
    sum
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_add(c);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_sub(c);
    }
}

/// A boxed array of zeros, built on the heap (the feature weights would overflow the stack of
/// a thread if built there first).
fn boxed_zeroed<T: Copy + Default, const N: usize, const M: usize>() -> Box<[[T; N]; M]> {
    let rows: Vec<[T; N]> = vec![[T::default(); N]; M];
    rows.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("M rows"))
}

/// A network of random weights, of the sizes a trained one has, for tests of the evaluation.
#[cfg(test)]
pub(crate) fn random_network(seed: u64) -> Network {
    random_network_with(seed, false)
}

/// The same, with king buckets or without.
#[cfg(test)]
pub(crate) fn random_network_with(seed: u64, king_buckets: bool) -> Network {
    let mut rng = crate::Rng::new(seed);
    let mut uniform = |bound: u64| rng.below(2 * bound + 1) as i32 - bound as i32;
    let mut net = Network::zeroed_with_king_buckets(king_buckets);
    for w in net.feature_weights.iter_mut().flatten() {
        *w = uniform(100) as i16;
    }
    net.feature_bias.fill(76);
    for w in net.output_weights.iter_mut().flatten() {
        *w = uniform(64) as i16;
    }
    net.output_bias = [800; BUCKETS];
    net.scale = 300;
    net
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;
    use chess_notation::Fen;
    use chess_rules::{CastlingMode, Position};

    fn position(fen: &str) -> Position {
        fen.parse::<Fen>()
            .expect("a FEN")
            .into_position(CastlingMode::Standard)
            .expect("a legal position")
    }

    #[test]
    fn a_view_is_the_other_flipped() {
        for sq in Square::ALL {
            for piece in Piece::ALL {
                let white = feature(Color::White, piece, sq);
                let black = feature(Color::Black, piece, sq);
                assert!(white < INPUTS && black < INPUTS);
                assert_eq!(flip_feature(white), black, "{piece:?} on {sq:?}");
                assert_eq!(flip_feature(black), white);
            }
        }
        // A white pawn on e2 is "ours" for white, "theirs" on e7 for black.
        assert_eq!(
            feature(Color::White, Piece::WhitePawn, Square::E2),
            Square::E2.index()
        );
        assert_eq!(
            feature(Color::Black, Piece::WhitePawn, Square::E2),
            384 + Square::E7.index()
        );
    }

    #[test]
    fn buckets_by_piece_count() {
        assert_eq!(bucket(2), 0);
        assert_eq!(bucket(5), 0);
        assert_eq!(bucket(6), 1);
        assert_eq!(bucket(32), BUCKETS - 1);
    }

    #[test]
    fn incremental_updates_match_a_refresh() {
        for king_buckets in [false, true] {
            incremental_updates_match_a_refresh_of(&random_network_with(3, king_buckets));
        }
    }

    fn incremental_updates_match_a_refresh_of(net: &Network) {
        let mut rng = Rng::new(5);
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut moves_seen = [0; 5];
        for fen in starts {
            for _ in 0..20 {
                let mut pos = position(fen);
                let mut acc = net.refresh(pos.board());
                for _ in 0..60 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    moves_seen[0] += usize::from(m.is_castle());
                    moves_seen[1] += usize::from(m.is_en_passant());
                    moves_seen[2] += usize::from(m.is_promotion());
                    moves_seen[3] += usize::from(pos.is_capture(m));
                    let child = pos.after(m);
                    let bucket =
                        |p: &Position| king_bucket(pos.turn(), p.board().king_of(pos.turn()));
                    moves_seen[4] += usize::from(bucket(&pos) != bucket(&child));
                    let mut next = acc.clone();
                    net.update_from(&acc, &mut next, pos.board(), child.board());
                    assert_eq!(next, net.refresh(child.board()), "after {m:?} from {pos:?}");
                    // The change known from the move alone gives the same sums.
                    let mut applied = acc.clone();
                    net.apply(&acc, &mut applied, &Change::of_move(&pos, m), pos.board());
                    assert_eq!(applied, next, "after {m:?} from {pos:?}");
                    assert_eq!(
                        net.evaluate(&next, child.board(), child.turn()),
                        net.evaluate(&net.refresh(child.board()), child.board(), child.turn())
                    );
                    (pos, acc) = (child, next);
                }
            }
        }
        // Every kind of move was played: castling, en passant, promotion, capture, and a
        // king's move to another bucket.
        assert!(moves_seen.iter().all(|&n| n > 0), "{moves_seen:?}");
    }

    #[test]
    fn chess960_castlings_change_the_king_and_the_rook() {
        for king_buckets in [false, true] {
            chess960_castlings_of(&random_network_with(7, king_buckets));
        }
    }

    fn chess960_castlings_of(net: &Network) {
        // Castlings in which the king or the rook stays on its square, or lands on the
        // other's: the changes cancel out where they must.
        let fens = [
            // King on f1, rook on g1: O-O swaps them.
            "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
            // King on g1, rook on h1: O-O keeps the king on g1.
            "4k3/8/8/8/8/8/8/6KR w H - 0 1",
            // King on b1, rook on a1: O-O-O moves the king to c1 and the rook to d1.
            "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
            // King on d1, rook on c1: O-O-O puts the king on the rook's square and the rook
            // on the king's.
            "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
        ];
        for fen in fens {
            let pos = fen
                .parse::<Fen>()
                .expect("a FEN")
                .into_position(CastlingMode::Chess960)
                .expect("a legal position");
            let castles: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_castle())
                .collect();
            assert_eq!(castles.len(), 1, "{fen}");
            let acc = net.refresh(pos.board());
            let mut applied = acc.clone();
            net.apply(
                &acc,
                &mut applied,
                &Change::of_move(&pos, castles[0]),
                pos.board(),
            );
            assert_eq!(applied, net.refresh(pos.after(castles[0]).board()), "{fen}");
        }
    }

    #[test]
    fn the_avx2_code_computes_what_the_generic_code_does() {
        // On a processor with AVX2 the public functions run the AVX2 copies; without it they
        // run the generic code and this test compares it with itself.
        for king_buckets in [false, true] {
            avx2_against_generic(&random_network_with(8, king_buckets));
        }
    }

    fn avx2_against_generic(net: &Network) {
        let mut rng = Rng::new(9);
        let mut pos =
            position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let child = pos.after(m);
            let parent = net.refresh_generic(pos.board());
            assert_eq!(net.refresh(pos.board()), parent);
            let (mut fast, mut generic) = (parent.clone(), parent.clone());
            net.update_from(&parent, &mut fast, pos.board(), child.board());
            net.update_from_generic(&parent, &mut generic, pos.board(), child.board());
            assert_eq!(fast, generic);
            let change = Change::of_move(&pos, m);
            net.apply(&parent, &mut fast, &change, pos.board());
            net.apply_generic(
                &parent,
                &mut generic,
                change.added(),
                change.removed(),
                pos.board(),
            );
            assert_eq!(fast, generic);
            assert_eq!(
                net.evaluate(&fast, child.board(), child.turn()),
                net.evaluate_generic(&generic, child.board(), child.turn())
            );
            pos = child;
        }
    }

    #[test]
    fn king_buckets_by_the_kings_square_from_its_side() {
        use Square as S;
        let white = |sq| king_bucket(Color::White, Some(sq));
        let black = |sq| king_bucket(Color::Black, Some(sq));
        assert_eq!(king_bucket(Color::White, None), 0);
        assert_eq!(
            [white(S::B1), white(S::E1), white(S::G1), white(S::G2)],
            [0, 1, 2, 2]
        );
        assert_eq!(
            [white(S::C2), white(S::D2), white(S::G3), white(S::E8)],
            [0, 1, 3, 3]
        );
        assert_eq!(
            [black(S::B8), black(S::E8), black(S::G8), black(S::G7)],
            [0, 1, 2, 2]
        );
        assert_eq!([black(S::G6), black(S::E1)], [3, 3]);
        assert!(
            Square::ALL
                .iter()
                .all(|&sq| white(sq) < KING_BUCKETS && white(sq) == black(sq.flip_vertical()))
        );
    }

    #[test]
    fn a_network_copied_into_king_buckets_evaluates_as_before() {
        let net = random_network(11);
        let bucketed = net.with_king_buckets();
        assert_eq!(bucketed.king_buckets(), KING_BUCKETS);
        assert_eq!(net.king_buckets(), 1);
        let mut rng = Rng::new(12);
        let mut pos = Position::standard();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let score = |n: &Network| n.evaluate(&n.refresh(pos.board()), pos.board(), pos.turn());
            assert_eq!(score(&net), score(&bucketed), "{pos:?}");
            pos = pos.after(moves[rng.below(moves.len() as u64) as usize]);
        }
        // The bytes say it has king buckets, and read back the same.
        let mut residual = bucketed.clone();
        residual.set_residual(true);
        for (net, version) in [(&bucketed, 3u32), (&residual, 4)] {
            let bytes = net.to_bytes();
            assert_eq!(bytes[4..8], version.to_le_bytes());
            let back = Network::from_bytes(&bytes).expect("its own bytes");
            assert_eq!(back.king_buckets(), KING_BUCKETS);
            assert_eq!(back.is_residual(), version == 4);
            assert_eq!(back.to_bytes(), bytes);
            assert!(matches!(
                Network::from_bytes(&bytes[..bytes.len() - 2]),
                Err(NetworkError::Length { .. })
            ));
        }
        assert_eq!(bucketed.with_king_buckets().to_bytes(), bucketed.to_bytes());
    }

    #[test]
    fn a_board_set_up_anew_is_refreshed() {
        let net = random_network(4);
        let before = Position::standard();
        let after = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let mut acc = net.refresh(before.board());
        net.update(&mut acc, before.board(), after.board());
        assert_eq!(acc, net.refresh(after.board()));
    }

    #[test]
    fn the_evaluation_is_the_side_to_moves() {
        let net = random_network(6);
        let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let mirrored = pos.mirror();
        let score = |p: &Position| net.evaluate(&net.refresh(p.board()), p.board(), p.turn());
        assert_eq!(score(&pos), score(&mirrored));
        assert_ne!(score(&pos), 0);
    }

    #[test]
    fn bytes_round_trip_and_bad_bytes_are_refused() {
        let net = random_network(7);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).expect("its own bytes");
        assert_eq!(back.to_bytes(), bytes);
        assert!(!back.is_residual());
        let mut residual = net.clone();
        residual.set_residual(true);
        let residual_bytes = residual.to_bytes();
        assert_eq!(residual_bytes[4..8], 2u32.to_le_bytes());
        assert_eq!(residual_bytes[8..], bytes[8..]);
        let back = Network::from_bytes(&residual_bytes).expect("a residual network");
        assert!(back.is_residual());
        assert_eq!(back.to_bytes(), residual_bytes);
        assert_eq!(
            Network::from_bytes(b"nope").err(),
            Some(NetworkError::Magic)
        );
        let mut other = bytes.clone();
        other[8..12].copy_from_slice(&7u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&other),
            Err(NetworkError::Layout {
                found: [1, 7, 8],
                ..
            })
        ));
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]).err(),
            Some(NetworkError::Length {
                found: bytes.len() - 1,
                expected: bytes.len()
            })
        );
        let message = Network::from_bytes(&bytes[..100]).unwrap_err().to_string();
        assert!(message.contains("bytes long"), "{message}");
    }
}
