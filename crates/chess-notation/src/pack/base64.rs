//! Base64 with the standard alphabet (`A-Z a-z 0-9 + /`) and `=` padding (RFC 4648, section
//! 4), for passing packed bytes through text: command lines, JSON, URLs after escaping.
//!
//! ```
//! use chess_notation::pack::base64;
//!
//! assert_eq!(base64::encode(b"chess"), "Y2hlc3M=");
//! assert_eq!(base64::decode("Y2hlc3M=")?, b"chess");
//! assert!(base64::decode("Y2hlc3M").is_err()); // padding is required
//! # Ok::<_, base64::Base64Error>(())
//! ```

use core::fmt;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The value of each ASCII byte in the alphabet, or `INVALID`.
const INVALID: u8 = 0xff;
static VALUES: [u8; 256] = {
    let mut values = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        values[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    values
};

/// Encodes `bytes` as base64 text with padding.
#[must_use]
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Why text is not base64.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Base64Error {
    /// The byte offset of the problem in the text.
    pub offset: usize,
    /// What was wrong.
    pub kind: Base64ErrorKind,
}

/// What was wrong in base64 text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Base64ErrorKind {
    /// A byte outside the alphabet (and not padding where padding may stand).
    InvalidByte(u8),
    /// The length is not a multiple of 4.
    InvalidLength,
    /// Padding in the wrong place, or bits under the padding that are not zero.
    InvalidPadding,
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid base64 at byte {}: ", self.offset)?;
        match self.kind {
            Base64ErrorKind::InvalidByte(b) if b.is_ascii_graphic() => write!(
                f,
                "unexpected {:?}: expected A-Z, a-z, 0-9, + or /",
                char::from(b)
            ),
            Base64ErrorKind::InvalidByte(b) => {
                write!(
                    f,
                    "unexpected byte 0x{b:02x}: expected A-Z, a-z, 0-9, + or /"
                )
            }
            Base64ErrorKind::InvalidLength => {
                f.write_str("the length is not a multiple of 4: expected padding with =")
            }
            Base64ErrorKind::InvalidPadding => f.write_str(
                "misplaced padding: expected = only at the end, with the unused bits zero",
            ),
        }
    }
}

impl std::error::Error for Base64Error {}

/// Decodes base64 text with padding. Whitespace is not skipped: trim it first. Every byte
/// string has exactly one accepted encoding (unused bits before the padding must be zero).
pub fn decode(text: impl AsRef<[u8]>) -> Result<Vec<u8>, Base64Error> {
    let text = text.as_ref();
    if text.len() % 4 != 0 {
        return Err(Base64Error {
            offset: text.len(),
            kind: Base64ErrorKind::InvalidLength,
        });
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let chunks = text.len() / 4;
    for (c, chunk) in text.chunks_exact(4).enumerate() {
        let last = c + 1 == chunks;
        let padding = if last {
            chunk.iter().rev().take_while(|&&b| b == b'=').count()
        } else {
            0
        };
        if padding > 2 {
            return Err(Base64Error {
                offset: 4 * c + 4 - padding,
                kind: Base64ErrorKind::InvalidPadding,
            });
        }
        let mut n = 0u32;
        for (i, &byte) in chunk[..4 - padding].iter().enumerate() {
            let value = VALUES[usize::from(byte)];
            if value == INVALID {
                let kind = if byte == b'=' {
                    Base64ErrorKind::InvalidPadding
                } else {
                    Base64ErrorKind::InvalidByte(byte)
                };
                return Err(Base64Error {
                    offset: 4 * c + i,
                    kind,
                });
            }
            n |= u32::from(value) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = 3 - padding;
        if bytes[keep..].iter().any(|&b| b != 0) {
            return Err(Base64Error {
                offset: 4 * c + 3 - padding,
                kind: Base64ErrorKind::InvalidPadding,
            });
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).unwrap(), plain.as_bytes());
        }
        let all: Vec<u8> = (0..=255).collect();
        let text = encode(&all);
        assert!(text.contains('+') && text.contains('/'));
        assert_eq!(decode(&text).unwrap(), all);
    }

    #[test]
    fn rejects_malformed_text() {
        let kind = |t: &str| decode(t).unwrap_err().kind;
        assert_eq!(kind("Zg="), Base64ErrorKind::InvalidLength);
        assert_eq!(kind("Zg=a"), Base64ErrorKind::InvalidPadding);
        assert_eq!(kind("Z==="), Base64ErrorKind::InvalidPadding);
        assert_eq!(kind("Zh=="), Base64ErrorKind::InvalidPadding);
        assert_eq!(kind("Zg==Zg=="), Base64ErrorKind::InvalidPadding);
        assert_eq!(kind("Zm9v YmFy"), Base64ErrorKind::InvalidLength);
        assert_eq!(kind("Zm9-"), Base64ErrorKind::InvalidByte(b'-'));
        assert_eq!(
            decode("Zm9vYm\u{e9}").unwrap_err().to_string(),
            "invalid base64 at byte 6: unexpected byte 0xc3: expected A-Z, a-z, 0-9, + or /"
        );
    }
}
