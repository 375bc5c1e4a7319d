//! The weights of the tuned terms (see [`features`](super::features)).

use super::S;
use super::features::{
    BISHOP_MOBILITY, BISHOP_PAIR, COUNT, DOUBLED, ISOLATED, KNIGHT_MOBILITY, PASSED,
    PASSED_KING_DISTANCE, PSQT, QUEEN_MOBILITY, ROOK_MOBILITY, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE,
    SHIELD_FAR, SHIELD_NEAR,
};
use super::pesto;

/// Every weight, by feature index.
pub(crate) static WEIGHTS: [S; COUNT] = initial();

/// A mobility table that pays `weight` per square beyond `base`.
const fn linear(w: &mut [S; COUNT], start: usize, len: usize, weight: S, base: i32) {
    let mut n = 0;
    while n < len {
        let k = n as i32 - base;
        w[start + n] = S(weight.0 * k, weight.1 * k);
        n += 1;
    }
}

const fn initial() -> [S; COUNT] {
    let mut w = [S(0, 0); COUNT];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            w[PSQT + 64 * role + sq] = S(pesto::MG[role][sq], pesto::EG[role][sq]);
            sq += 1;
        }
        role += 1;
    }
    linear(&mut w, KNIGHT_MOBILITY, 9, S(4, 4), 4);
    linear(&mut w, BISHOP_MOBILITY, 14, S(5, 5), 6);
    linear(&mut w, ROOK_MOBILITY, 15, S(2, 4), 6);
    linear(&mut w, QUEEN_MOBILITY, 28, S(1, 2), 12);
    w[BISHOP_PAIR] = S(30, 50);
    w[ROOK_OPEN_FILE] = S(25, 10);
    w[ROOK_SEMI_OPEN_FILE] = S(10, 5);
    w[SHIELD_NEAR] = S(15, 0);
    w[SHIELD_FAR] = S(8, 0);
    w[DOUBLED] = S(-10, -25);
    w[ISOLATED] = S(-10, -12);
    let passed = [0, 0, 2, 5, 5, 10, 10, 20, 20, 35, 35, 60, 50, 90, 0, 0];
    let mut rank = 0;
    while rank < 8 {
        w[PASSED + rank] = S(passed[2 * rank], passed[2 * rank + 1]);
        rank += 1;
    }
    w[PASSED_KING_DISTANCE] = S(0, 4);
    w
}
