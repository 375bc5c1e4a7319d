//! The movetext's tokens other than its symbols: moves with their numbers and annotations,
//! and results, as PGN writes them or written otherwise.

use core::ops::ControlFlow;

use crate::pgn::location::Location;
use crate::pgn::result::GameResult;
use crate::pgn::syntax::{SyntaxError, SyntaxErrorKind};
use crate::pgn::visitor::Visitor;

/// Sends a move token (possibly with a move number before it and annotations after it) to the
/// visitor.
#[inline]
pub(super) fn token_to_visitor<V: Visitor>(
    visitor: &mut V,
    token: &[u8],
    at: Location,
) -> ControlFlow<()> {
    let mut rest = token;
    let mut at = at;
    // A move number `12.` `12...`, possibly glued to the move (`1.e4`, `1...e5`), or the dots
    // alone (`...`).
    if rest[0].is_ascii_digit() || rest[0] == b'.' {
        let mut i = 0;
        while i < rest.len() && rest[i].is_ascii_digit() {
            i += 1;
        }
        let digits = i;
        while i < rest.len() && rest[i] == b'.' {
            i += 1;
        }
        if i == rest.len() {
            // `12.`, `12...`, `...`, or a bare `12`.
            return ControlFlow::Continue(());
        }
        if i > digits {
            rest = &rest[i..];
            at.column += i as u64;
            at.offset += i as u64;
        }
        // Otherwise something like `0-0` or garbage: a move token as it is.
    }
    let mut k = rest.len();
    while k > 0 && matches!(rest[k - 1], b'!' | b'?') {
        k -= 1;
    }
    if k > 0 {
        visitor.san(&rest[..k], at)?;
    }
    if k < rest.len() {
        let suffix = &rest[k..];
        let at = Location {
            column: at.column + k as u64,
            offset: at.offset + k as u64,
            ..at
        };
        return match annotation_nag(suffix) {
            Some(nag) => visitor.nag(nag, at),
            None => visitor.syntax_error(SyntaxError {
                at,
                kind: SyntaxErrorKind::InvalidNag,
            }),
        };
    }
    ControlFlow::Continue(())
}

/// The NAG of a move annotation.
fn annotation_nag(suffix: &[u8]) -> Option<u8> {
    match suffix {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// The result a standard result token stands for.
#[inline]
pub(super) fn result_token(token: &[u8]) -> Option<GameResult> {
    match token {
        b"*" => Some(GameResult::Unknown),
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

/// Whether a token starting like a result but none of the standard ones may be a result
/// written otherwise ([`nonstandard_result`](crate::pgn::result::nonstandard_result)): `½`,
/// or a `/` or a byte of a UTF-8 sequence after the first digit. One test, so that the move
/// numbers `1.` and `12.` pass by.
#[inline]
pub(super) fn may_be_nonstandard_result(token: &[u8]) -> bool {
    token[0] == 0xc2 || token.get(1).is_some_and(|&b| b == b'/' || b >= 0x80)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::result::nonstandard_result;

    #[test]
    fn results_written_otherwise_are_recognised_exactly() {
        let (white, black, draw) = (
            Some(GameResult::WhiteWins),
            Some(GameResult::BlackWins),
            Some(GameResult::Draw),
        );
        for (text, result) in [
            ("1\u{2013}0", white),
            ("1\u{2014}0", white),
            ("1\u{2212}0", white),
            ("0\u{2013}1", black),
            ("0\u{2014}1", black),
            ("\u{bd}\u{2013}\u{bd}", draw),
            ("\u{bd}\u{2014}\u{bd}", draw),
            ("\u{bd}-\u{bd}", draw),
            ("1/2\u{2013}1/2", draw),
            ("1/2", draw),
            ("\u{bd}", draw),
            ("1-0", None),
            ("1/2-1/2", None),
            ("1\u{2013}", None),
            ("1\u{2013}1", None),
            ("2\u{2013}0", None),
            ("1\u{2013}0\u{2013}", None),
            ("\u{b1}", None),
            ("10.", None),
        ] {
            assert_eq!(nonstandard_result(text.as_bytes()), result, "{text}");
            if result.is_some() {
                assert!(may_be_nonstandard_result(text.as_bytes()), "{text}");
            }
        }
        // Move numbers never go that far.
        for number in ["1.", "1...", "12.", "19...", "100.", "0"] {
            assert!(!may_be_nonstandard_result(number.as_bytes()), "{number}");
        }
    }
}
