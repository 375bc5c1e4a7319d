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
/// net.apply(&before, &mut acc, &change);
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
/// The header: magic, version, hidden neurons, buckets, scale.
const HEADER: usize = 20;

/// A network's quantized weights.
#[derive(Clone)]
pub struct Network {
    feature_weights: Box<[[i16; HIDDEN]; INPUTS]>,
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
    /// The feature transformer's weights: a column of [`HIDDEN`] values per input.
    pub feature_weights: &'a mut [[i16; HIDDEN]; INPUTS],
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

    /// A network of zero weights (its every evaluation is 0).
    #[must_use]
    pub fn zeroed() -> Network {
        Network {
            feature_weights: boxed_zeroed(),
            feature_bias: Box::new([0; HIDDEN]),
            output_weights: boxed_zeroed(),
            output_bias: [0; BUCKETS],
            scale: 0,
            residual: false,
        }
    }

    /// The quantized parameters to fill, for a trainer: the feature transformer's weights (a
    /// column of [`HIDDEN`] values per input, scaled by [`QA`]) and biases (scaled by
    /// [`QA`]), the output weights of each bucket (the side to move's half, then the
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
        let residual = found[0] == VERSION_RESIDUAL;
        let version = if residual { VERSION_RESIDUAL } else { VERSION };
        let expected = [version, HIDDEN as u32, BUCKETS as u32];
        if found != expected {
            return Err(NetworkError::Layout { found, expected });
        }
        let expected = Network::byte_len();
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                found: bytes.len(),
                expected,
            });
        }
        let mut net = Network::zeroed();
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

    /// The length of a network's bytes.
    const fn byte_len() -> usize {
        HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS
    }

    /// The network as bytes: a header (`CENN`, the layout's version (2 for a residual
    /// network), the hidden neurons, the
    /// buckets and the scale in centipawns, little-endian 32-bit words), then the weights, little-endian: the first
    /// layer input by input, its biases, the output weights bucket by bucket and the output
    /// biases (32 bits).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(Network::byte_len());
        bytes.extend_from_slice(MAGIC);
        let version = if self.residual {
            VERSION_RESIDUAL
        } else {
            VERSION
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
        for (sq, piece) in board.iter() {
            for color in [Color::White, Color::Black] {
                add(
                    &mut acc.values[color as usize],
                    &self.feature_weights[feature(color, piece, sq)],
                );
            }
        }
        acc
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
        self.apply_generic(source, acc, &added[..n_added], &removed[..n_removed]);
    }

    /// Sets `acc` to `source` changed by `change`: the accumulator after a move from the
    /// accumulator before it.
    #[inline]
    pub fn apply(&self, source: &Accumulator, acc: &mut Accumulator, change: &Change) {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.apply_avx2(source, acc, change) };
        }
        self.apply_generic(source, acc, change.added(), change.removed());
    }

    /// [`Network::apply`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn apply_avx2(&self, source: &Accumulator, acc: &mut Accumulator, change: &Change) {
        self.apply_generic(source, acc, change.added(), change.removed());
    }

    /// `acc` = `source` + the columns of `added` − those of `removed`, in one pass over the
    /// sums for the changes of moves (one piece on and one or two off, or two and two), which
    /// reads the source and writes the result once instead of once per column.
    #[inline(always)]
    fn apply_generic(
        &self,
        source: &Accumulator,
        acc: &mut Accumulator,
        added: &[(Square, Piece)],
        removed: &[(Square, Piece)],
    ) {
        for view in [Color::White, Color::Black] {
            let column =
                |&(sq, piece): &(Square, Piece)| &self.feature_weights[feature(view, piece, sq)];
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
    let mut rng = crate::Rng::new(seed);
    let mut uniform = |bound: u64| rng.below(2 * bound + 1) as i32 - bound as i32;
    let mut net = Network::zeroed();
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
        let net = random_network(3);
        let mut rng = Rng::new(5);
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut moves_seen = [0; 4];
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
                    let mut next = acc.clone();
                    net.update_from(&acc, &mut next, pos.board(), child.board());
                    assert_eq!(next, net.refresh(child.board()), "after {m:?} from {pos:?}");
                    // The change known from the move alone gives the same sums.
                    let mut applied = acc.clone();
                    net.apply(&acc, &mut applied, &Change::of_move(&pos, m));
                    assert_eq!(applied, next, "after {m:?} from {pos:?}");
                    assert_eq!(
                        net.evaluate(&next, child.board(), child.turn()),
                        net.evaluate(&net.refresh(child.board()), child.board(), child.turn())
                    );
                    (pos, acc) = (child, next);
                }
            }
        }
        // Every kind of move was played: castling, en passant, promotion, capture.
        assert!(moves_seen.iter().all(|&n| n > 0), "{moves_seen:?}");
    }

    #[test]
    fn chess960_castlings_change_the_king_and_the_rook() {
        // Castlings in which the king or the rook stays on its square, or lands on the
        // other's: the changes cancel out where they must.
        let net = random_network(7);
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
            net.apply(&acc, &mut applied, &Change::of_move(&pos, castles[0]));
            assert_eq!(applied, net.refresh(pos.after(castles[0]).board()), "{fen}");
        }
    }

    #[test]
    fn the_avx2_code_computes_what_the_generic_code_does() {
        // On a processor with AVX2 the public functions run the AVX2 copies; without it they
        // run the generic code and this test compares it with itself.
        let net = random_network(8);
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
            net.apply(&parent, &mut fast, &change);
            net.apply_generic(&parent, &mut generic, change.added(), change.removed());
            assert_eq!(fast, generic);
            assert_eq!(
                net.evaluate(&fast, child.board(), child.turn()),
                net.evaluate_generic(&generic, child.board(), child.turn())
            );
            pos = child;
        }
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
