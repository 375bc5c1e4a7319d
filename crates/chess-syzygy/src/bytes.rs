//! Reading numbers from a table's bytes, every read checked against the end of the file.

use crate::error::{CorruptKind, Fault};

/// A table's bytes. Every read says where it went past the end instead of panicking: a
/// truncated or corrupt file is an error, whatever offsets its header holds.
#[derive(Copy, Clone)]
pub(crate) struct Bytes<'a>(pub(crate) &'a [u8]);

impl<'a> Bytes<'a> {
    /// The fault of a read at `at` that reaches past the end.
    pub(crate) fn truncated(self, at: usize) -> Fault {
        Fault {
            offset: at,
            kind: CorruptKind::Truncated {
                len: self.0.len() as u64,
            },
        }
    }

    /// The `len` bytes at `at`.
    pub(crate) fn slice(self, at: usize, len: usize) -> Result<&'a [u8], Fault> {
        at.checked_add(len)
            .and_then(|end| self.0.get(at..end))
            .ok_or_else(|| self.truncated(at))
    }

    fn array<const N: usize>(self, at: usize) -> Result<[u8; N], Fault> {
        let bytes = self.slice(at, N)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    pub(crate) fn u8(self, at: usize) -> Result<u8, Fault> {
        self.0.get(at).copied().ok_or_else(|| self.truncated(at))
    }

    pub(crate) fn u16_le(self, at: usize) -> Result<u16, Fault> {
        self.array(at).map(u16::from_le_bytes)
    }

    pub(crate) fn u32_le(self, at: usize) -> Result<u32, Fault> {
        self.array(at).map(u32::from_le_bytes)
    }

    pub(crate) fn u64_be(self, at: usize) -> Result<u64, Fault> {
        self.array(at).map(u64::from_be_bytes)
    }
}

/// `a + b` for offsets computed from a file's fields, a fault at `at` when it overflows.
pub(crate) fn add(a: usize, b: u64, at: usize) -> Result<usize, Fault> {
    usize::try_from(b)
        .ok()
        .and_then(|b| a.checked_add(b))
        .ok_or_else(|| Fault::field(at, "section size"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_past_the_end_are_faults_not_panics() {
        let bytes = Bytes(&[1, 2, 3, 4, 5]);
        assert_eq!(bytes.u32_le(0), Ok(0x0403_0201));
        assert_eq!(
            Bytes(&[1, 2, 3, 4, 5, 6, 7, 8]).u64_be(0),
            Ok(0x0102_0304_0506_0708)
        );
        assert_eq!(bytes.u32_le(2), Err(bytes.truncated(2)));
        assert_eq!(bytes.u64_be(0).unwrap_err().offset, 0);
        assert!(bytes.u8(usize::MAX).is_err());
        assert!(bytes.slice(usize::MAX, 2).is_err());
        assert!(add(usize::MAX, 1, 0).is_err());
    }
}
