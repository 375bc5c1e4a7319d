//! Zobrist keys for what a variant's position holds beyond the Polyglot key's fields: pockets,
//! promoted pieces and checks left, for the repetition key.
//!
//! Polyglot has no keys for them (python-chess's `zobrist_hash` leaves them out, and so does
//! the variant positions' [`zobrist_hash`](crate::variant::Playable::zobrist_hash)); the
//! repetition rules must tell positions apart by them, as python-chess's transposition key
//! does. The keys are SplitMix64 of a fixed tag per feature: deterministic, and computed when a
//! repetition key is asked for (at most a dozen of them).

use chess_core::{Bitboard, Color};

use crate::variant::{Pockets, RemainingChecks};

/// SplitMix64's output for `tag`: a well-mixed 64-bit key.
const fn key(tag: u64) -> u64 {
    let mut z = tag.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Distinct tag ranges for each feature.
const POCKET: u64 = 0x1_0000;
const PROMOTED: u64 = 0x2_0000;
const CHECKS: u64 = 0x3_0000;

/// The key of a variant's extra state: zero when there is none, so standard chess's
/// repetition key is the plain one.
pub(crate) fn variant_state(
    pockets: Option<&Pockets>,
    promoted: Bitboard,
    checks: Option<RemainingChecks>,
) -> u64 {
    let mut hash = 0;
    if let Some(pockets) = pockets {
        for color in Color::ALL {
            for role in Pockets::ROLES {
                let count = u64::from(pockets.count(color, role));
                if count > 0 {
                    let slot = (color as u64 * 8 + role as u64) << 8 | count;
                    hash ^= key(POCKET | slot);
                }
            }
        }
    }
    for sq in promoted {
        hash ^= key(PROMOTED | sq as u64);
    }
    if let Some(checks) = checks {
        for color in Color::ALL {
            let slot = color as u64 * 8 + u64::from(checks.get(color));
            hash ^= key(CHECKS | slot);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use chess_core::Role;

    use super::*;

    #[test]
    fn each_state_has_its_own_key() {
        assert_eq!(variant_state(None, Bitboard::EMPTY, None), 0);
        let mut seen = std::collections::HashSet::new();
        for n in 1..4u8 {
            let mut pockets = Pockets::EMPTY;
            pockets.set(Color::White, Role::Knight, n);
            assert!(seen.insert(variant_state(Some(&pockets), Bitboard::EMPTY, None)));
            pockets.set(Color::Black, Role::Knight, n);
            assert!(seen.insert(variant_state(Some(&pockets), Bitboard::EMPTY, None)));
            let checks = RemainingChecks::new(n, 3 - n);
            assert!(seen.insert(variant_state(None, Bitboard::EMPTY, checks)));
        }
    }
}
