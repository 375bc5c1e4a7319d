//! The compressed values of one sub-table, and finding the value of a position's number.
//!
//! A sub-table's values (one per position number) are compressed in two stages. First, pairs
//! of symbols that often follow each other are replaced by a new symbol, again and again, so
//! that each symbol stands for a run of values: a symbol is either a value (a leaf) or a pair
//! of earlier symbols. Then the symbols are written as canonical Huffman codes, in blocks of
//! `2^block_log` bytes that each start at a known position number. To find a number's block,
//! a sparse index gives, every `2^idx_bits` numbers, a block and how far into it the number
//! lies; a table of block lengths (in values, minus one) walks from there to the right block.
//!
//! The header of a sub-table (at its `at` offset):
//!
//! ```text
//! byte  0     flags (bit 7: every value is the same, stored in byte 1; the rest is absent)
//! byte  1     block_log: log2 of the block size in bytes
//! byte  2     idx_bits: log2 of the spacing of the sparse index
//! byte  3     blocks beyond the real ones that the length table covers
//! bytes 4-7   the number of blocks (little-endian)
//! byte  8     the longest code, in bits
//! byte  9     the shortest code
//! then        for each code length from the shortest, the first symbol of that length (u16)
//! then        the number of symbols (u16), and three bytes per symbol: two 12-bit symbol
//!             numbers (a pair), or a value and 0xfff (a leaf); padded to an even length
//! ```

use crate::bytes::{self, Bytes};
use crate::error::Fault;

/// The compressed values of one sub-table.
#[derive(Clone, Debug)]
pub(crate) struct Pairs {
    /// The first byte of the header: DTZ tables keep their flags there.
    pub(crate) flags: u8,
    body: Body,
}

#[derive(Clone, Debug)]
enum Body {
    /// Every position has this value.
    Constant(u16),
    Huffman(Box<Huffman>),
}

#[derive(Clone, Debug)]
struct Huffman {
    /// How many position numbers the sub-table has.
    size: u64,
    block_log: u32,
    idx_bits: u32,
    /// Blocks in the data section.
    blocks: u64,
    /// Entries in the block length table (the real blocks and a few more).
    lengths: u64,
    /// The codes of each length, from the shortest. The last one's base is 0, which every
    /// window reaches: the search for a code's length always ends within the list.
    codes: Vec<CodeLength>,
    /// The symbols by number.
    symbols: Vec<Symbol>,
    /// What the first [`LOOKUP_BITS`] bits of a window decode to.
    steps: Box<[Step; 1 << LOOKUP_BITS]>,
    /// The offsets of the three sections, set by [`place`].
    index_table: usize,
    length_table: usize,
    data: usize,
}

/// The codes of one length.
#[derive(Copy, Clone, Debug)]
struct CodeLength {
    /// The smallest code of this length, left-aligned in 64 bits: a window holds a code of the
    /// first length whose base it is not below.
    base: u64,
    /// The symbol number of the code `base`; the longer codes of the length number on from it.
    first: u64,
    /// The length in bits (1 to 64).
    bits: u32,
}

/// A symbol: a value, or a pair of earlier symbols.
#[derive(Copy, Clone, Debug)]
struct Symbol {
    /// How many values the symbol stands for, minus one (0 for a leaf, more for a pair).
    run: u32,
    /// The pair's first symbol, or the leaf's value.
    left: u16,
    /// The pair's second symbol ([`LEAF`] for a leaf).
    right: u16,
}

/// How many bits of the window the lookup table [`Huffman::steps`] decodes at once: most
/// codes are shorter, and the table (4 bytes an entry) stays small.
const LOOKUP_BITS: u32 = 12;

/// What a window whose first [`LOOKUP_BITS`] bits are the entry's number holds: complete codes,
/// to be skipped together when the value sought lies beyond the values they stand for.
#[derive(Copy, Clone, Debug)]
struct Step {
    /// How many values the complete codes stand for, minus one, at most `u16::MAX`: values
    /// within a block are numbered below 65 536, so a value beyond `last` lies beyond the
    /// codes, and none lies beyond `u16::MAX` (what a window without a complete code, or
    /// whose codes stand for more values, has).
    last: u16,
    /// The bits of those codes.
    bits: u8,
}

const NO_STEP: Step = Step {
    last: u16::MAX,
    bits: 0,
};

/// Whether the values are WDL results (a byte) or DTZ values (12 bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Values {
    Wdl,
    Dtz,
}

/// A symbol's entry: its two halves (the pair, or the value and 0xfff for a leaf).
fn entry(bytes: Bytes<'_>, symbols: usize, symbol: usize) -> Result<(usize, usize), Fault> {
    let at = symbol
        .checked_mul(3)
        .and_then(|o| symbols.checked_add(o))
        .ok_or_else(|| Fault::data(symbols, "symbol number"))?;
    let e = bytes.slice(at, 3)?;
    let left = usize::from(e[0]) | usize::from(e[1] & 0x0f) << 8;
    let right = usize::from(e[1] >> 4) | usize::from(e[2]) << 4;
    Ok((left, right))
}

const LEAF: usize = 0xfff;

impl Huffman {
    /// The length and symbol number of the code at the start of `window`, by searching the
    /// code lengths; `None` for a number beyond the symbols.
    #[inline]
    fn decode(&self, window: u64) -> Option<(u32, usize)> {
        let code = self.codes.iter().find(|c| window >= c.base)?;
        let offset = (window - code.base) >> (64 - code.bits);
        let symbol = usize::try_from(code.first.checked_add(offset)?).ok()?;
        (symbol < self.symbols.len()).then_some((code.bits, symbol))
    }

    /// The lookup table entry of the window `prefix << (64 - LOOKUP_BITS)`.
    fn step(&self, prefix: u64) -> Step {
        let window = prefix << (64 - LOOKUP_BITS);
        let mut step = NO_STEP;
        let (mut used, mut values) = (0u32, 0u32);
        while used < LOOKUP_BITS {
            // The bits after the prefix are zeros: a code that fits within the prefix is the
            // same whatever they are (codes are compared at their own length).
            let Some((bits, symbol)) = self.decode(window << used) else {
                break;
            };
            let total = values + self.symbols[symbol].run + 1;
            if used + bits > LOOKUP_BITS || total > 1 << 16 {
                break;
            }
            used += bits;
            values = total;
            step = Step {
                last: (values - 1) as u16,
                bits: used as u8,
            };
        }
        step
    }
}

impl Pairs {
    /// Reads the header at `at` of a sub-table of `size` positions; returns it and the offset
    /// after it.
    pub(crate) fn read(
        bytes: Bytes<'_>,
        at: usize,
        size: u64,
        values: Values,
    ) -> Result<(Pairs, usize), Fault> {
        let flags = bytes.u8(at)?;
        if flags & 0x80 != 0 {
            // DTZ tables of standard chess store 0 for a constant sub-table; the byte after the
            // flags holds the value only in WDL tables.
            let value = match values {
                Values::Wdl => u16::from(bytes.u8(at + 1)?),
                Values::Dtz => 0,
            };
            return Ok((
                Pairs {
                    flags,
                    body: Body::Constant(value),
                },
                at + 2,
            ));
        }
        let block_log = u32::from(bytes.u8(at + 1)?);
        let idx_bits = u32::from(bytes.u8(at + 2)?);
        let extra = u64::from(bytes.u8(at + 3)?);
        let blocks = u64::from(bytes.u32_le(at + 4)?);
        let longest = u32::from(bytes.u8(at + 8)?);
        let shortest = u32::from(bytes.u8(at + 9)?);
        if !(1..64).contains(&idx_bits) {
            return Err(Fault::field(at + 2, "index spacing"));
        }
        if block_log >= 32 {
            return Err(Fault::field(at + 1, "block size"));
        }
        // Codes are shifted into a 64-bit window: lengths from 1 to 64 bits.
        if shortest == 0 || longest < shortest || longest > 64 {
            return Err(Fault::field(at + 8, "code lengths"));
        }
        let lengths = (longest - shortest + 1) as usize;
        let first_symbols = at + 10;
        let symbol_count = usize::from(bytes.u16_le(first_symbols + 2 * lengths)?);
        let symbols = first_symbols + 2 * lengths + 2;
        let next = symbols + 3 * symbol_count + (symbol_count & 1);
        bytes.slice(at, next - at)?;

        let mut base = vec![0u64; lengths];
        for i in (0..lengths - 1).rev() {
            let here = u64::from(bytes.u16_le(first_symbols + 2 * i)?);
            let above = u64::from(bytes.u16_le(first_symbols + 2 * i + 2)?);
            // Canonical codes: the codes of one length start right after (half of) those of
            // the next longer length. Garbage may wrap; it then decodes to faults, not panics.
            base[i] = base[i + 1].wrapping_add(here).wrapping_sub(above) / 2;
        }
        let mut codes = Vec::with_capacity(lengths);
        for (i, b) in base.into_iter().enumerate() {
            let bits = shortest + i as u32;
            codes.push(CodeLength {
                base: b << (64 - bits),
                first: u64::from(bytes.u16_le(first_symbols + 2 * i)?),
                bits,
            });
        }
        let mut huffman = Huffman {
            size,
            block_log,
            idx_bits,
            blocks,
            lengths: blocks + extra,
            codes,
            symbols: read_symbols(bytes, symbols, symbol_count)?,
            steps: Box::new([NO_STEP; 1 << LOOKUP_BITS]),
            index_table: 0,
            length_table: 0,
            data: 0,
        };
        for prefix in 0..1 << LOOKUP_BITS {
            huffman.steps[prefix] = huffman.step(prefix as u64);
        }
        Ok((
            Pairs {
                flags,
                body: Body::Huffman(Box::new(huffman)),
            },
            next,
        ))
    }

    /// The sizes in bytes of the sparse index, the block length table and the data.
    fn section_sizes(&self) -> (u64, u64, u64) {
        match &self.body {
            Body::Constant(_) => (0, 0, 0),
            Body::Huffman(h) => (
                6 * h.size.div_ceil(1 << h.idx_bits),
                2 * h.lengths,
                h.blocks << h.block_log,
            ),
        }
    }

    /// The value of position number `index`.
    pub(crate) fn value(&self, bytes: Bytes<'_>, index: u64, values: Values) -> Result<u16, Fault> {
        let h = match &self.body {
            Body::Constant(v) => return Ok(*v),
            Body::Huffman(h) => h,
        };
        if index >= h.size {
            return Err(Fault::data(
                h.index_table,
                "position number beyond the table",
            ));
        }
        // The sparse index entry nearest to the number: a block, and the number's distance
        // from that block's start, counted from the middle of the entry's span.
        let entry_at = bytes::add(h.index_table, 6 * (index >> h.idx_bits), h.index_table)?;
        let mut block = u64::from(bytes.u32_le(entry_at)?);
        let offset = i64::from(bytes.u16_le(entry_at + 4)?);
        let half = 1i64 << (h.idx_bits - 1);
        let within = (index & ((1 << h.idx_bits) - 1)) as i64;
        let mut lit = within - half + offset;
        let length = |block: u64| -> Result<i64, Fault> {
            if block >= h.lengths {
                return Err(Fault::data(h.length_table, "block number"));
            }
            let at = bytes::add(h.length_table, 2 * block, h.length_table)?;
            Ok(i64::from(bytes.u16_le(at)?) + 1)
        };
        while lit < 0 {
            block = block
                .checked_sub(1)
                .ok_or_else(|| Fault::data(entry_at, "block number"))?;
            lit += length(block)?;
        }
        loop {
            let n = length(block)?;
            if lit < n {
                break;
            }
            lit -= n;
            block += 1;
        }
        if block >= h.blocks {
            return Err(Fault::data(h.length_table, "block number"));
        }
        let mut at = bytes::add(h.data, block << h.block_log, h.data)?;
        // Below the block's length, at most 65 536.
        let mut lit = lit as u32;

        // Decode codes until the one whose symbol covers value `lit` of the block. The window
        // `code` holds the next 64 bits, refilled 32 bits at a time: at least 33 are real, more
        // than the lookup table looks at.
        let mut code = bytes.u64_be(at)?;
        at += 8;
        let mut used = 0u32;
        let symbol = loop {
            let step = h.steps[(code >> (64 - LOOKUP_BITS)) as usize];
            let bits = if lit > u32::from(step.last) {
                // The value lies beyond the codes the lookup bits hold.
                lit -= u32::from(step.last) + 1;
                u32::from(step.bits)
            } else {
                // The value is within them, or the window starts with a longer code.
                let (bits, symbol) = h
                    .decode(code)
                    .ok_or_else(|| Fault::data(at, "symbol number"))?;
                let run = h.symbols[symbol].run;
                if lit <= run {
                    break symbol;
                }
                lit -= run + 1;
                bits
            };
            code = code.checked_shl(bits).unwrap_or(0);
            used += bits;
            // Refilled without a branch (whether a refill is due follows the codes, which no
            // predictor guesses): the next word is read whether or not it is needed, and only a
            // needed word that lies past the end of the file is an error.
            let refill = u32::from(used >= 32);
            let word = bytes
                .0
                .get(at..at + 4)
                .map_or(0, |w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]));
            if refill == 1 && at + 4 > bytes.0.len() {
                return Err(bytes.truncated(at));
            }
            used -= 32 * refill;
            code |= (u64::from(word) << used) & 0u64.wrapping_sub(u64::from(refill));
            at += 4 * refill as usize;
        };

        // Walk down the symbol's pairs to the value (the pairs' halves were checked when the
        // symbols were read).
        let mut symbol = h.symbols[symbol];
        while symbol.run != 0 {
            let left = h.symbols[usize::from(symbol.left)];
            if lit <= left.run {
                symbol = left;
            } else {
                lit -= left.run + 1;
                symbol = h.symbols[usize::from(symbol.right)];
            }
        }
        Ok(match values {
            Values::Wdl => symbol.left & 0xff,
            Values::Dtz => symbol.left,
        })
    }
}

/// The `count` symbols whose entries start at `symbols`, with how many values each stands for;
/// a fault if the pairs refer to missing symbols or to themselves (which would make a symbol
/// infinitely long).
fn read_symbols(bytes: Bytes<'_>, symbols: usize, count: usize) -> Result<Vec<Symbol>, Fault> {
    const TODO: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut runs = vec![0u32; count];
    let mut state = vec![TODO; count];
    let mut stack = Vec::new();
    for start in 0..count {
        if state[start] != TODO {
            continue;
        }
        stack.push(start);
        while let Some(&symbol) = stack.last() {
            if state[symbol] == DONE {
                // Pushed twice, as both halves of one pair.
                stack.pop();
                continue;
            }
            let (left, right) = entry(bytes, symbols, symbol)?;
            if right == LEAF {
                runs[symbol] = 0;
                state[symbol] = DONE;
                stack.pop();
                continue;
            }
            if left >= count || right >= count {
                return Err(Fault::data(symbols + 3 * symbol, "symbol number"));
            }
            state[symbol] = OPEN;
            let mut waiting = false;
            for child in [left, right] {
                match state[child] {
                    DONE => {}
                    OPEN => return Err(Fault::data(symbols + 3 * symbol, "symbol loop")),
                    _ => {
                        stack.push(child);
                        waiting = true;
                    }
                }
            }
            if !waiting {
                runs[symbol] = runs[left]
                    .checked_add(runs[right])
                    .and_then(|r| r.checked_add(1))
                    .ok_or_else(|| Fault::data(symbols + 3 * symbol, "symbol length"))?;
                state[symbol] = DONE;
                stack.pop();
            }
        }
    }
    (0..count)
        .map(|symbol| {
            let (left, right) = entry(bytes, symbols, symbol)?;
            // 12-bit halves fit 16 bits.
            Ok(Symbol {
                run: runs[symbol],
                left: left as u16,
                right: right as u16,
            })
        })
        .collect()
}

/// Lays out the sections of the sub-tables that follow their headers at `at`: all sparse
/// indexes in order, then all block length tables, then the data, each sub-table's data
/// aligned to 64 bytes. Returns the end of the last section, a fault if it lies past the end
/// of the file.
pub(crate) fn place(
    bytes: Bytes<'_>,
    subtables: &mut [&mut Pairs],
    mut at: usize,
) -> Result<usize, Fault> {
    fn set(pairs: &mut Pairs, which: usize, at: usize) {
        if let Body::Huffman(h) = &mut pairs.body {
            match which {
                0 => h.index_table = at,
                1 => h.length_table = at,
                _ => h.data = at,
            }
        }
    }
    let sizes: Vec<(u64, u64, u64)> = subtables.iter().map(|p| p.section_sizes()).collect();
    for (pairs, size) in subtables.iter_mut().zip(&sizes) {
        set(pairs, 0, at);
        at = bytes::add(at, size.0, at)?;
    }
    for (pairs, size) in subtables.iter_mut().zip(&sizes) {
        set(pairs, 1, at);
        at = bytes::add(at, size.1, at)?;
    }
    for (pairs, size) in subtables.iter_mut().zip(&sizes) {
        at = at
            .checked_next_multiple_of(64)
            .ok_or_else(|| Fault::field(at, "section size"))?;
        set(pairs, 2, at);
        at = bytes::add(at, size.2, at)?;
    }
    if at > bytes.0.len() {
        return Err(bytes.truncated(at));
    }
    Ok(at)
}
