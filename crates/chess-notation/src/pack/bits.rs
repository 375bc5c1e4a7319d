//! Bit-level writing and reading, most significant bit first, and LEB128 varints.

use super::format::DecodeError;

/// Appends bits to a byte vector, most significant bit of each byte first.
pub(crate) struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    /// Pending bits, right-aligned.
    acc: u64,
    /// How many bits of `acc` are pending (always < 8 between calls).
    pending: u32,
}

impl<'a> BitWriter<'a> {
    /// A writer appending to `out`.
    pub(crate) fn new(out: &'a mut Vec<u8>) -> BitWriter<'a> {
        BitWriter {
            out,
            acc: 0,
            pending: 0,
        }
    }

    /// Writes the low `n` bits of `value` (`n <= 32`), the highest of them first.
    #[inline]
    pub(crate) fn write(&mut self, value: u32, n: u32) {
        debug_assert!(n <= 32);
        if n == 0 {
            return;
        }
        let value = u64::from(value) & ((1u64 << n) - 1);
        self.acc = (self.acc << n) | value;
        self.pending += n;
        while self.pending >= 8 {
            self.pending -= 8;
            self.out.push((self.acc >> self.pending) as u8);
        }
        self.acc &= (1u64 << self.pending) - 1;
    }

    /// Writes one bit.
    #[inline]
    pub(crate) fn bit(&mut self, bit: bool) {
        self.write(u32::from(bit), 1);
    }

    /// Writes `value` in 7-bit groups, lowest group first, each group preceded by a bit that
    /// says whether another group follows (at most 5 groups for a `u32`).
    pub(crate) fn varint(&mut self, mut value: u32) {
        loop {
            let more = value >= 0x80;
            self.bit(more);
            self.write(value & 0x7f, 7);
            value >>= 7;
            if !more {
                break;
            }
        }
    }

    /// Pads the last byte with zero bits.
    pub(crate) fn finish(self) {
        if self.pending > 0 {
            self.out.push((self.acc << (8 - self.pending)) as u8);
        }
    }
}

/// Reads bits written by [`BitWriter`] from a byte slice.
pub(crate) struct BitReader<'a> {
    data: &'a [u8],
    /// The index of the next bit.
    pos: usize,
    /// The offset of `data` in the whole input, for error positions.
    base: usize,
}

impl<'a> BitReader<'a> {
    /// A reader over `data`, which starts at byte `base` of the input.
    pub(crate) fn new(data: &'a [u8], base: usize) -> BitReader<'a> {
        BitReader { data, pos: 0, base }
    }

    /// How many bits are left.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.data.len() * 8 - self.pos
    }

    /// The byte offset (in the whole input) of the next bit.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos / 8
    }

    fn truncated(&self) -> DecodeError {
        DecodeError::Truncated {
            offset: self.base + self.data.len(),
        }
    }

    /// Reads `n <= 32` bits.
    #[inline]
    pub(crate) fn read(&mut self, n: u32) -> Result<u32, DecodeError> {
        debug_assert!(n <= 32);
        if n as usize > self.remaining() {
            return Err(self.truncated());
        }
        let mut value = 0u32;
        let mut left = n;
        while left > 0 {
            let byte = self.data[self.pos / 8];
            let used = (self.pos % 8) as u32;
            let avail = 8 - used;
            let take = avail.min(left);
            let bits = (u32::from(byte) >> (avail - take)) & ((1 << take) - 1);
            value = (value << take) | bits;
            left -= take;
            self.pos += take as usize;
        }
        Ok(value)
    }

    /// Reads one bit.
    #[inline]
    pub(crate) fn bit(&mut self) -> Result<bool, DecodeError> {
        if self.pos >= self.data.len() * 8 {
            return Err(self.truncated());
        }
        let byte = self.data[self.pos / 8];
        let bit = (byte >> (7 - self.pos % 8)) & 1;
        self.pos += 1;
        Ok(bit == 1)
    }

    /// Reads a varint written by [`BitWriter::varint`], rejecting values beyond `u32` and
    /// redundant trailing zero groups.
    pub(crate) fn varint(&mut self) -> Result<u32, DecodeError> {
        let offset = self.offset();
        let mut value = 0u64;
        for group in 0..5 {
            let more = self.bit()?;
            let bits = u64::from(self.read(7)?);
            value |= bits << (7 * group);
            if !more {
                if group > 0 && bits == 0 {
                    return Err(DecodeError::InvalidValue {
                        offset,
                        what: "varint with a redundant zero group",
                    });
                }
                return u32::try_from(value).map_err(|_| DecodeError::InvalidValue {
                    offset,
                    what: "varint beyond 32 bits",
                });
            }
        }
        Err(DecodeError::InvalidValue {
            offset,
            what: "varint longer than 5 groups",
        })
    }

    /// Checks that only zero padding bits (fewer than 8) remain.
    pub(crate) fn finish(self) -> Result<(), DecodeError> {
        let left = self.remaining();
        if left >= 8 {
            return Err(DecodeError::TrailingBytes {
                offset: self.base + self.pos.div_ceil(8),
            });
        }
        if left > 0 {
            let last = self.data[self.data.len() - 1];
            if last & ((1u8 << left) - 1) != 0 {
                return Err(DecodeError::InvalidValue {
                    offset: self.base + self.data.len() - 1,
                    what: "nonzero padding bits",
                });
            }
        }
        Ok(())
    }
}

/// Appends `value` as an LEB128 varint: 7 bits per byte, lowest first, high bit set on every
/// byte but the last.
pub(crate) fn write_leb128(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads an LEB128 varint at `*pos`, advancing it; rejects values beyond `u32`, more than five
/// bytes and redundant zero bytes, so that every value has exactly one encoding.
pub(crate) fn read_leb128(bytes: &[u8], pos: &mut usize) -> Result<u32, DecodeError> {
    let start = *pos;
    let mut value = 0u64;
    for i in 0..5 {
        let Some(&byte) = bytes.get(*pos) else {
            return Err(DecodeError::Truncated {
                offset: bytes.len(),
            });
        };
        *pos += 1;
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            if i > 0 && byte == 0 {
                return Err(DecodeError::InvalidValue {
                    offset: start,
                    what: "varint with a redundant zero byte",
                });
            }
            return u32::try_from(value).map_err(|_| DecodeError::InvalidValue {
                offset: start,
                what: "varint beyond 32 bits",
            });
        }
    }
    Err(DecodeError::InvalidValue {
        offset: start,
        what: "varint longer than 5 bytes",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let mut out = Vec::new();
        let mut w = BitWriter::new(&mut out);
        w.write(0b101, 3);
        w.write(0xdead_beef, 32);
        w.bit(true);
        w.varint(0);
        w.varint(300);
        w.varint(u32::MAX);
        w.write(0, 0);
        w.finish();
        let mut r = BitReader::new(&out, 0);
        assert_eq!(r.read(3).unwrap(), 0b101);
        assert_eq!(r.read(32).unwrap(), 0xdead_beef);
        assert!(r.bit().unwrap());
        assert_eq!(r.varint().unwrap(), 0);
        assert_eq!(r.varint().unwrap(), 300);
        assert_eq!(r.varint().unwrap(), u32::MAX);
        assert!(r.remaining() < 8);
        r.finish().unwrap();
    }

    #[test]
    fn reader_reports_truncation_and_padding() {
        let mut r = BitReader::new(&[0xff], 3);
        assert!(matches!(
            r.read(9),
            Err(DecodeError::Truncated { offset: 4 })
        ));
        r.read(4).unwrap();
        assert!(matches!(r.finish(), Err(DecodeError::InvalidValue { .. })));
        let r = BitReader::new(&[0, 0], 0);
        assert!(matches!(r.finish(), Err(DecodeError::TrailingBytes { .. })));
    }

    #[test]
    fn leb128_round_trip_and_rejects_redundancy() {
        for value in [0, 1, 127, 128, 16_383, 16_384, u32::MAX] {
            let mut out = Vec::new();
            write_leb128(&mut out, value);
            let mut pos = 0;
            assert_eq!(read_leb128(&out, &mut pos).unwrap(), value);
            assert_eq!(pos, out.len());
        }
        let mut pos = 0;
        assert!(read_leb128(&[0x80, 0x00], &mut pos).is_err());
        let mut pos = 0;
        assert!(read_leb128(&[0xff, 0xff, 0xff, 0xff, 0x10], &mut pos).is_err());
        let mut pos = 0;
        assert!(read_leb128(&[0x80], &mut pos).is_err());
    }
}
