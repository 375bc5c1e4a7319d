//! The tuned terms of the evaluation, by index: each has a middlegame and an endgame weight
//! at its index of the weights (`src/eval/weights.rs`, and [`weights`](super::weights)), and
//! the evaluation reports how often each applies (see [`trace`](super::trace)), to add up
//! their weights or, for a tuner, to count them.

/// Piece-square values (material included) by role and square, as seen by white (a black
/// piece counts at its square flipped vertically): `PSQT + 64 * role + square`.
pub const PSQT: usize = 0;
/// Knight mobility by the number of squares reached (0 to 8).
pub const KNIGHT_MOBILITY: usize = PSQT + 6 * 64;
/// Bishop mobility (0 to 13 squares).
pub const BISHOP_MOBILITY: usize = KNIGHT_MOBILITY + 9;
/// Rook mobility (0 to 14 squares).
pub const ROOK_MOBILITY: usize = BISHOP_MOBILITY + 14;
/// Queen mobility (0 to 27 squares).
pub const QUEEN_MOBILITY: usize = ROOK_MOBILITY + 15;
/// Both bishops.
pub const BISHOP_PAIR: usize = QUEEN_MOBILITY + 28;
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file without pawns of its own.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A pawn on the rank in front of a king on its first two ranks (its file and the next).
pub const SHIELD_NEAR: usize = ROOK_SEMI_OPEN_FILE + 1;
/// A pawn two ranks in front of such a king.
pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
/// A pawn with a pawn of its own in front of it on its file.
pub const DOUBLED: usize = SHIELD_FAR + 1;
/// A pawn without pawns of its own on the next files.
pub const ISOLATED: usize = DOUBLED + 1;
/// A passed pawn by its rank counted from its own side: `PASSED + rank`.
pub const PASSED: usize = ISOLATED + 1;
/// Per rank beyond the fourth of a passed pawn, per square the enemy king is further than ours
/// from the square in front of it.
pub const PASSED_KING_DISTANCE: usize = PASSED + 8;
/// An attack on the enemy king by its attack units (see the `king` module), 0 to 20 (more
/// counts as 20: the games say too little about rarer attacks to tell them apart), when two
/// pieces or more join it: `KING_DANGER + units`.
pub const KING_DANGER: usize = PASSED_KING_DISTANCE + 1;
/// The number of attack units [`KING_DANGER`] tells apart.
pub const KING_DANGER_UNITS: usize = 21;
/// A check the side could give on its next move to a square the enemy does not attack, by the
/// checking role: `SAFE_CHECK + role - 1` (knight, bishop, rook, queen).
pub const SAFE_CHECK: usize = KING_DANGER + KING_DANGER_UNITS;
/// Checks the side could give, none of them safe.
pub const UNSAFE_CHECK: usize = SAFE_CHECK + 4;
/// A square next to the enemy king that we attack and that they defend with nothing but their
/// king or queen.
pub const WEAK_KING_RING: usize = UNSAFE_CHECK + 1;
/// A file at or next to the side's own king without pawns of its own (but with enemy pawns).
pub const KING_SEMI_OPEN_FILE: usize = WEAK_KING_RING + 1;
/// A file at or next to the side's own king without any pawn.
pub const KING_OPEN_FILE: usize = KING_SEMI_OPEN_FILE + 1;
/// An enemy pawn storming the side's king: the most advanced enemy pawn of each file at or
/// next to the king, by its rank counted from the side's own first rank: `PAWN_STORM + rank`.
pub const PAWN_STORM: usize = KING_OPEN_FILE + 1;
/// An enemy piece (by role, `+ role`) that a knight or bishop of the side attacks, when it is
/// not a pawn defended by a pawn.
pub const THREAT_BY_MINOR: usize = PAWN_STORM + 8;
/// A weak enemy piece (by role, `+ role`) that a rook of the side attacks.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// A weak enemy piece that the side's king attacks.
pub const THREAT_BY_KING: usize = THREAT_BY_ROOK + 6;
/// A weak enemy piece that is not defended at all, or a piece other than a pawn attacked twice.
pub const HANGING: usize = THREAT_BY_KING + 1;
/// An enemy piece other than a pawn attacked by a pawn of the side that is itself safe.
pub const THREAT_BY_SAFE_PAWN: usize = HANGING + 1;
/// An enemy piece other than a pawn that a pawn of the side would attack after a safe push.
pub const THREAT_BY_PAWN_PUSH: usize = THREAT_BY_SAFE_PAWN + 1;
/// A pawn defended by a pawn of its own, by its rank counted from its side: `SUPPORTED + rank`.
pub const SUPPORTED: usize = THREAT_BY_PAWN_PUSH + 1;
/// A pawn with a pawn of its own beside it, by its rank: `PHALANX + rank`.
pub const PHALANX: usize = SUPPORTED + 8;
/// A pawn no pawn of its own can defend (none on the next files beside or behind it) whose
/// square in front an enemy pawn attacks.
pub const BACKWARD: usize = PHALANX + 8;
/// A passed pawn whose square in front holds a piece, by its rank: `PASSED_BLOCKED + rank`.
pub const PASSED_BLOCKED: usize = BACKWARD + 1;
/// A passed pawn whose square in front is empty and not attacked by the enemy, by its rank.
pub const PASSED_FREE: usize = PASSED_BLOCKED + 8;
/// A passed pawn the enemy king cannot catch when the enemy has nothing but its king and
/// pawns (the rule of the square, with a move to spare).
pub const UNSTOPPABLE: usize = PASSED_FREE + 8;
/// The distance of the side's king to the nearest pawn (of either side).
pub const KING_PAWN_DISTANCE: usize = UNSTOPPABLE + 1;
/// A knight on an outpost: on the fourth to sixth rank, defended by a pawn, and out of reach
/// of the enemy pawns.
pub const KNIGHT_OUTPOST: usize = KING_PAWN_DISTANCE + 1;
/// A bishop on an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// A pawn of the side on the squares of one of its bishop's colour (per bishop and pawn).
pub const BISHOP_PAWNS: usize = BISHOP_OUTPOST + 1;
/// A knight or bishop with a pawn (of either side) on the square in front of it, which
/// shields it from attacks along the file.
pub const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
/// The distance of a knight or bishop to its own king (per square).
pub const KING_PROTECTOR: usize = MINOR_BEHIND_PAWN + 1;
/// A bishop on a long diagonal that sees both central squares on it past the pawns.
pub const LONG_DIAGONAL_BISHOP: usize = KING_PROTECTOR + 1;
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on the seventh.
pub const ROOK_ON_SEVENTH: usize = LONG_DIAGONAL_BISHOP + 1;
/// A rook on the file of an enemy queen.
pub const ROOK_ON_QUEEN_FILE: usize = ROOK_ON_SEVENTH + 1;
/// Space: the safe squares of the side's centre behind its pawns, weighted by the side's
/// piece count squared (see `eval::space`), while there are pieces to use it.
pub const SPACE: usize = ROOK_ON_QUEEN_FILE + 1;
/// A rook of the side behind its own passed pawn on its file, nothing between them.
pub const ROOK_BEHIND_PASSER: usize = SPACE + 1;
/// An enemy rook behind the side's passed pawn on its file, nothing between them.
pub const ENEMY_ROOK_BEHIND_PASSER: usize = ROOK_BEHIND_PASSER + 1;
/// Per rank beyond the fourth of a passed pawn, the distance of the side's own king to the
/// square in front of it (with [`PASSED_KING_DISTANCE`], each king's distance has its own
/// weight).
pub const PASSED_OWN_KING_DISTANCE: usize = ENEMY_ROOK_BEHIND_PASSER + 1;
/// The first of the complexity terms: how winnable an ending is, whoever is ahead. Each is
/// counted for white alone (they describe the position, not a side), only their endgame
/// weights count, and their sum moves the endgame score towards the side ahead or towards
/// zero, never past it (see `endgame::complexity`). In order:
/// a passed pawn of either side, a pawn of either side, the kings' file distance less their
/// rank distance, pawns on both wings, a king in the enemy half, no pieces but kings and
/// pawns, the kings facing each other with every pawn on one wing, and a constant.
pub const COMPLEXITY: usize = PASSED_OWN_KING_DISTANCE + 1;
/// The number of complexity terms.
pub const COMPLEXITY_TERMS: usize = 8;
/// The number of tuned terms.
pub const COUNT: usize = COMPLEXITY + COMPLEXITY_TERMS;

/// The terms by section, as the weights' source names them: the first index of each and what
/// it holds.
pub const SECTIONS: &[(usize, &str)] = &[
    (PSQT, "pawn on a1..h8 (as white)"),
    (PSQT + 64, "knight"),
    (PSQT + 128, "bishop"),
    (PSQT + 192, "rook"),
    (PSQT + 256, "queen"),
    (PSQT + 320, "king"),
    (KNIGHT_MOBILITY, "knight mobility, 0 to 8 squares"),
    (BISHOP_MOBILITY, "bishop mobility, 0 to 13"),
    (ROOK_MOBILITY, "rook mobility, 0 to 14"),
    (QUEEN_MOBILITY, "queen mobility, 0 to 27"),
    (BISHOP_PAIR, "bishop pair"),
    (ROOK_OPEN_FILE, "rook on an open file"),
    (ROOK_SEMI_OPEN_FILE, "rook on a semi-open file"),
    (SHIELD_NEAR, "shield pawn, next rank"),
    (SHIELD_FAR, "shield pawn, two ranks ahead"),
    (DOUBLED, "doubled pawn"),
    (ISOLATED, "isolated pawn"),
    (PASSED, "passed pawn by rank"),
    (
        PASSED_KING_DISTANCE,
        "passed pawn, king distance lead per rank",
    ),
    (KING_DANGER, "king danger by attack units, 0 to 20"),
    (SAFE_CHECK, "safe check by knight, bishop, rook, queen"),
    (UNSAFE_CHECK, "unsafe checks only"),
    (WEAK_KING_RING, "weak square next to the enemy king"),
    (KING_SEMI_OPEN_FILE, "semi-open file at the king"),
    (KING_OPEN_FILE, "open file at the king"),
    (PAWN_STORM, "enemy pawn storm by rank"),
    (THREAT_BY_MINOR, "threat by a minor piece on pawn .. king"),
    (THREAT_BY_ROOK, "threat by a rook on pawn .. king"),
    (THREAT_BY_KING, "threat by the king"),
    (HANGING, "hanging piece"),
    (THREAT_BY_SAFE_PAWN, "threat by a safe pawn"),
    (THREAT_BY_PAWN_PUSH, "threat by a pawn push"),
    (SUPPORTED, "pawn defended by a pawn, by rank"),
    (PHALANX, "pawn beside a pawn, by rank"),
    (BACKWARD, "backward pawn"),
    (PASSED_BLOCKED, "blocked passed pawn, by rank"),
    (PASSED_FREE, "passed pawn free to advance, by rank"),
    (UNSTOPPABLE, "unstoppable passed pawn"),
    (KING_PAWN_DISTANCE, "king distance to the nearest pawn"),
    (KNIGHT_OUTPOST, "knight outpost"),
    (BISHOP_OUTPOST, "bishop outpost"),
    (BISHOP_PAWNS, "pawn on its bishop's colour"),
    (MINOR_BEHIND_PAWN, "minor piece behind a pawn"),
    (KING_PROTECTOR, "minor piece distance to its king"),
    (LONG_DIAGONAL_BISHOP, "bishop on a long diagonal"),
    (ROOK_ON_SEVENTH, "rook on the seventh"),
    (ROOK_ON_QUEEN_FILE, "rook on the enemy queen's file"),
    (SPACE, "space"),
    (ROOK_BEHIND_PASSER, "rook behind its passed pawn"),
    (ENEMY_ROOK_BEHIND_PASSER, "enemy rook behind a passed pawn"),
    (
        PASSED_OWN_KING_DISTANCE,
        "passed pawn, own king distance per rank",
    ),
    (
        COMPLEXITY,
        "complexity: passed pawn, pawn, outflanking, both wings, infiltration, pawn ending, \
         unwinnable, constant",
    ),
];
