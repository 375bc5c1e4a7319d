//! Mixed-radix numbers: a sequence of digits, each with its own base (radix), stored as one
//! integer. A digit `d < r` costs exactly `log2(r)` bits of the integer, so a value with few
//! possibilities (a king square among the 55 to 60 left by the other king, a set of 8 pawn
//! squares among 48) costs no more than it must.
//!
//! The integer is `d0 + r0 * (d1 + r1 * (d2 + …))`: digit 0 is the lowest, so a decoder takes
//! `d0 = n % r0`, then `n /= r0`, and so on, and each radix may depend on the digits before it.
//! It is written little-endian in exactly as many bytes as the largest value the digits allow
//! (the product of the radices, minus one) needs, which lets a decoder tell truncated or
//! overlong input from a different position.

use super::format::DecodeError;

/// 32-bit limbs: 16 of them hold 512 bits, more than any position needs (about 360).
const LIMBS: usize = 16;

/// The most bytes a number can take.
pub(crate) const MAX_BYTES: usize = LIMBS * 4;

/// An unsigned integer of up to 512 bits, little-endian limbs.
#[derive(Clone, Copy, Debug)]
struct Number {
    limbs: [u32; LIMBS],
    /// Limbs above `len` are zero.
    len: usize,
}

impl Number {
    const fn from_u32(value: u32) -> Number {
        let mut limbs = [0; LIMBS];
        limbs[0] = value;
        Number {
            limbs,
            len: (value != 0) as usize,
        }
    }

    /// `self = self * radix + digit` (with `digit < radix`); false on overflow.
    #[inline]
    fn mul_add(&mut self, radix: u64, digit: u64) -> bool {
        let mut carry = u128::from(digit);
        let radix = u128::from(radix);
        for limb in &mut self.limbs[..self.len] {
            let t = u128::from(*limb) * radix + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        while carry > 0 {
            if self.len == LIMBS {
                return false;
            }
            self.limbs[self.len] = carry as u32;
            self.len += 1;
            carry >>= 32;
        }
        true
    }

    /// Divides by `radix` (not zero) and returns the remainder.
    #[inline]
    fn div_rem(&mut self, radix: u64) -> u64 {
        if let Ok(small) = u32::try_from(radix) {
            // The common case: 64-bit arithmetic suffices.
            let radix = u64::from(small);
            let mut rem = 0u64;
            for limb in self.limbs[..self.len].iter_mut().rev() {
                let cur = (rem << 32) | u64::from(*limb);
                *limb = (cur / radix) as u32;
                rem = cur % radix;
            }
            self.trim();
            rem
        } else {
            let radix = u128::from(radix);
            let mut rem = 0u128;
            for limb in self.limbs[..self.len].iter_mut().rev() {
                let cur = (rem << 32) | u128::from(*limb);
                *limb = (cur / radix) as u32;
                rem = cur % radix;
            }
            self.trim();
            rem as u64
        }
    }

    #[inline]
    fn trim(&mut self) {
        while self.len > 0 && self.limbs[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    const fn is_zero(&self) -> bool {
        self.len == 0
    }

    /// The number of bytes needed to write `self - 1` (self is at least 1).
    fn bytes_for_max(&self) -> usize {
        let mut max = *self;
        // Subtract one.
        for limb in &mut max.limbs[..max.len] {
            let (v, borrow) = limb.overflowing_sub(1);
            *limb = v;
            if !borrow {
                break;
            }
        }
        max.trim();
        if max.len == 0 {
            return 0;
        }
        let top = max.limbs[max.len - 1];
        let bits = 32 * (max.len - 1) + (32 - top.leading_zeros() as usize);
        bits.div_ceil(8)
    }
}

/// The most digits a number can hold: a position uses at most about 80.
const MAX_DIGITS: usize = 128;

/// Collects digits and turns them into bytes.
pub(crate) struct DigitWriter {
    digits: [(u64, u64); MAX_DIGITS],
    len: usize,
}

impl DigitWriter {
    pub(crate) const fn new() -> DigitWriter {
        DigitWriter {
            digits: [(0, 1); MAX_DIGITS],
            len: 0,
        }
    }

    /// Appends the digit `digit` of base `radix` (`digit < radix`). Digits of radix 1 carry no
    /// information and are skipped.
    #[inline]
    pub(crate) fn push(&mut self, digit: u64, radix: u64) {
        debug_assert!(digit < radix, "digit {digit} of radix {radix}");
        if radix <= 1 {
            return;
        }
        debug_assert!(self.len < MAX_DIGITS);
        if let Some(slot) = self.digits.get_mut(self.len) {
            *slot = (digit.min(radix - 1), radix);
            self.len += 1;
        }
    }

    /// Appends the number to `out`, little-endian, in exactly the bytes its radices need.
    pub(crate) fn finish(&self, out: &mut impl Extend<u8>) {
        let mut value = Number::from_u32(0);
        let mut product = Number::from_u32(1);
        for &(digit, radix) in self.digits[..self.len].iter().rev() {
            let ok = value.mul_add(radix, digit) && product.mul_add(radix, 0);
            debug_assert!(ok, "mixed-radix number overflow");
        }
        let len = product.bytes_for_max();
        out.extend((0..len).map(|i| (value.limbs[i / 4] >> (8 * (i % 4))) as u8));
    }
}

/// Takes digits back out of the bytes [`DigitWriter::finish`] wrote.
pub(crate) struct DigitReader {
    value: Number,
    product: Number,
    /// Where the number starts in the input, and its length.
    offset: usize,
    len: usize,
}

impl DigitReader {
    /// A reader over `bytes`, which start at byte `offset` of the input and must all belong to
    /// the number.
    pub(crate) fn new(bytes: &[u8], offset: usize) -> Result<DigitReader, DecodeError> {
        if bytes.len() > MAX_BYTES {
            return Err(DecodeError::TrailingBytes {
                offset: offset + MAX_BYTES,
            });
        }
        let mut value = Number::from_u32(0);
        for (i, &byte) in bytes.iter().enumerate() {
            value.limbs[i / 4] |= u32::from(byte) << (8 * (i % 4));
        }
        value.len = LIMBS;
        value.trim();
        Ok(DigitReader {
            value,
            product: Number::from_u32(1),
            offset,
            len: bytes.len(),
        })
    }

    /// Takes the next digit, of base `radix`.
    #[inline]
    pub(crate) fn take(&mut self, radix: u64) -> Result<u64, DecodeError> {
        if radix <= 1 {
            return Ok(0);
        }
        if !self.product.mul_add(radix, 0) {
            return Err(self.invalid("more digits than any position has"));
        }
        Ok(self.value.div_rem(radix))
    }

    /// An error about the number's value.
    pub(crate) fn invalid(&self, what: &'static str) -> DecodeError {
        DecodeError::InvalidValue {
            offset: self.offset,
            what,
        }
    }

    /// Checks that the number had exactly the bytes its digits need, and no value beyond them.
    pub(crate) fn finish(self) -> Result<(), DecodeError> {
        let needed = self.product.bytes_for_max();
        if self.len < needed {
            return Err(DecodeError::Truncated {
                offset: self.offset + self.len,
            });
        }
        if self.len > needed {
            return Err(DecodeError::TrailingBytes {
                offset: self.offset + needed,
            });
        }
        if !self.value.is_zero() {
            return Err(self.invalid("number beyond the range of its digits"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip_with_large_radices() {
        let digits: [(u64, u64); 7] = [
            (1, 2),
            (63, 64),
            (0, 1),
            (123_456_789_012, 465_428_353_255_261_088),
            (7, 8),
            (u64::MAX - 1, u64::MAX),
            (4_294_967_295, 4_294_967_296),
        ];
        let mut w = DigitWriter::new();
        for &(d, r) in &digits {
            w.push(d, r);
        }
        let mut bytes = Vec::new();
        w.finish(&mut bytes);
        let bits: f64 = digits.iter().map(|&(_, r)| (r as f64).log2()).sum();
        assert_eq!(bytes.len(), (bits / 8.0).ceil() as usize);
        let mut r = DigitReader::new(&bytes, 0).unwrap();
        for &(d, radix) in &digits {
            assert_eq!(r.take(radix).unwrap(), d);
        }
        r.finish().unwrap();
    }

    #[test]
    fn reader_checks_length_and_range() {
        let mut w = DigitWriter::new();
        w.push(200, 256);
        w.push(2, 3);
        let mut bytes = Vec::new();
        w.finish(&mut bytes);
        assert_eq!(bytes.len(), 2);

        let read = |bytes: &[u8]| {
            let mut r = DigitReader::new(bytes, 0)?;
            r.take(256)?;
            r.take(3)?;
            r.finish()
        };
        read(&bytes).unwrap();
        assert!(matches!(
            read(&bytes[..1]),
            Err(DecodeError::Truncated { .. })
        ));
        assert!(matches!(
            read(&[bytes[0], bytes[1], 0]),
            Err(DecodeError::TrailingBytes { .. })
        ));
        // 256 * 3 = 768 values: 0x300 and above are out of range.
        assert!(matches!(
            read(&[0x00, 0x03]),
            Err(DecodeError::InvalidValue { .. })
        ));
        assert!(read(&[0xff, 0x02]).is_ok());
    }

    #[test]
    fn empty_number_for_single_values() {
        let mut w = DigitWriter::new();
        w.push(0, 1);
        let mut bytes = Vec::new();
        w.finish(&mut bytes);
        assert!(bytes.is_empty());
        DigitReader::new(&[], 0).unwrap().finish().unwrap();
    }
}
