//! Byte searches a word (eight bytes) at a time: the reader's fast paths through comments,
//! lines and line breaks.

/// Where to cut `part` so as not to split a UTF-8 sequence at its end (never at 0).
pub(super) fn utf8_cut(part: &[u8]) -> usize {
    let n = part.len();
    for back in 1..=n.min(4) {
        let b = part[n - back];
        if b & 0xc0 != 0x80 {
            let len = match b {
                0xf0.. => 4,
                0xe0.. => 3,
                0xc0.. => 2,
                _ => 1,
            };
            return if back < len && n - back > 0 {
                n - back
            } else {
                n
            };
        }
    }
    n
}

/// The position of the first `needle` in `hay`, a word at a time.
#[inline]
pub(crate) fn find_byte(hay: &[u8], needle: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let pattern = LO.wrapping_mul(u64::from(needle));
    let mut i = 0;
    while i + 8 <= hay.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&hay[i..i + 8]);
        let x = u64::from_le_bytes(word) ^ pattern;
        let found = x.wrapping_sub(LO) & !x & HI;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay[i..].iter().position(|&b| b == needle).map(|p| i + p)
}

/// The number of line breaks in `part` and the position of the last, in one pass a word at a
/// time; `None` without any.
#[inline]
pub(super) fn line_breaks(part: &[u8]) -> Option<(u64, usize)> {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let pattern = 0x0101_0101_0101_0101u64.wrapping_mul(u64::from(b'\n'));
    let (mut n, mut last) = (0u64, None);
    let mut i = 0;
    while i + 8 <= part.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&part[i..i + 8]);
        let x = u64::from_le_bytes(word) ^ pattern;
        // Exactly the high bit of every zero byte of x (no borrow between bytes).
        let zeros = !(((x & LOW7) + LOW7) | x | LOW7);
        if zeros != 0 {
            n += u64::from(zeros.count_ones());
            last = Some(i + (63 - zeros.leading_zeros() as usize) / 8);
        }
        i += 8;
    }
    for (k, &b) in part[i..].iter().enumerate() {
        if b == b'\n' {
            n += 1;
            last = Some(i + k);
        }
    }
    last.map(|last| (n, last))
}

/// The position of the first `a` or `b` in `hay`, a word at a time.
#[inline]
pub(super) fn find_either(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let (pattern_a, pattern_b) = (LO.wrapping_mul(u64::from(a)), LO.wrapping_mul(u64::from(b)));
    let mut i = 0;
    while i + 8 <= hay.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&hay[i..i + 8]);
        let word = u64::from_le_bytes(word);
        let (x, y) = (word ^ pattern_a, word ^ pattern_b);
        // Each mask's lowest set bit marks its first match exactly (a false match can only
        // follow a real one), so the lowest bit of the union is the first of either.
        let found = (x.wrapping_sub(LO) & !x & HI) | (y.wrapping_sub(LO) & !y & HI);
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay[i..]
        .iter()
        .position(|&c| c == a || c == b)
        .map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line breaks counted a word at a time against the obvious count, on random strings with
    /// bytes next to `\n` in value (which a borrowing zero test would confuse).
    #[test]
    fn line_breaks_match_the_obvious_count() {
        let alphabet = [b'\n', 0x0b, 0x09, 0x00, 0x8a, 0xff, b'a'];
        let mut rng = chess_testdata::Rng::new(0x1234_5678_9abc_def0);
        for len in 0..40usize {
            for _ in 0..500 {
                let part: Vec<u8> = (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect();
                let n = part.iter().filter(|&&b| b == b'\n').count() as u64;
                let last = part.iter().rposition(|&b| b == b'\n');
                assert_eq!(line_breaks(&part), last.map(|l| (n, l)), "{part:?}");
            }
        }
    }

    /// The word-at-a-time search against the obvious one, on every short string over an
    /// alphabet that includes both needles and bytes next to them (borrows between bytes).
    #[test]
    fn find_either_finds_the_first_of_two() {
        let alphabet = [b'}', b'\n', b'|', b'~', b'\t', 0x0b, 0x00, 0xff, b'a'];
        let mut hay = Vec::new();
        for len in 0..20usize {
            for seed in 0..1000u64 {
                hay.clear();
                let mut rng =
                    chess_testdata::Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ len as u64);
                for _ in 0..len {
                    hay.push(alphabet[rng.below(alphabet.len())]);
                }
                let expected = hay.iter().position(|&c| c == b'}' || c == b'\n');
                assert_eq!(find_either(&hay, b'}', b'\n'), expected, "{hay:?}");
            }
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        let hay = b"abcdefghijklmnop}qrstuvwxyz}";
        assert_eq!(find_byte(hay, b'}'), Some(16));
        assert_eq!(find_byte(b"", b'}'), None);
        assert_eq!(find_byte(b"\x80\x81}", b'}'), Some(2));
        assert_eq!(utf8_cut("abé".as_bytes()), 4);
        assert_eq!(utf8_cut(&"abé".as_bytes()[..3]), 2);
        assert_eq!(utf8_cut(&"a€".as_bytes()[..3]), 1);
        assert_eq!(utf8_cut(&[0xe2, 0x82]), 2);
        for n in 0..40 {
            let mut v = vec![b'x'; n];
            v.push(b'\n');
            assert_eq!(find_byte(&v, b'\n'), Some(n));
            assert_eq!(find_byte(&v[..n], b'\n'), None);
        }
    }
}
