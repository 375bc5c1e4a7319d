//! From the squares of the pieces to the position's number in a table.
//!
//! A table stores one value per placement, numbered so that placements equal under the board's
//! symmetries share a number. Without pawns the board has eight symmetries (mirror files, mirror
//! ranks, mirror along the a1-h8 diagonal): the first pieces are moved into the a1-d1-d4
//! triangle and numbered together (the *leading group*). With pawns only the files can be
//! mirrored: the leading pawns are moved to the a-d files, and the file of the first one picks
//! one of four sub-tables. The other pieces come in groups of identical pieces, each numbered as
//! a combination of the squares left free by the groups before it. A per-table order says in
//! which order the groups' numbers are multiplied together.
//!
//! The tables below are built by `const fn` from those rules rather than written out, so each
//! one can be read as the rule it encodes; the unit tests check the sizes that the rules must
//! give (462 placements of two kings, 31 332 of three unique pieces).

use crate::MAX_PIECES;

/// The ten squares of the a1-d1-d4 triangle in the order their classes number them: first the
/// six below the diagonal, then the four on it.
const TRIANGLE_SQUARES: [u8; 10] = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];

/// Each square's class (0 to 9) under the board's eight symmetries: the number of the square of
/// the a1-d1-d4 triangle it maps to.
const TRIANGLE: [u8; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mut file, mut rank) = (sq % 8, sq / 8);
        if file > 3 {
            file = 7 - file;
        }
        if rank > 3 {
            rank = 7 - rank;
        }
        if rank > file {
            let t = file;
            file = rank;
            rank = t;
        }
        let canonical = (rank * 8 + file) as u8;
        let mut class = 0;
        while TRIANGLE_SQUARES[class] != canonical {
            class += 1;
        }
        table[sq] = class as u8;
        sq += 1;
    }
    table
};

/// A number for each square that two squares mirrored along the a1-h8 diagonal share: 0 to 27
/// for the squares below the diagonal (in square order), 28 to 35 for the diagonal itself.
const LOWER: [u8; 64] = {
    let mut table = [0; 64];
    let mut next = 0;
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        if rank < file {
            table[sq] = next;
            next += 1;
        } else if rank == file {
            table[sq] = 28 + file as u8;
        }
        sq += 1;
    }
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        if rank > file {
            table[sq] = table[file * 8 + rank];
        }
        sq += 1;
    }
    table
};

/// The number of the placement of two kings (or any two unique pieces that cannot stand next to
/// each other), the first on the square of a triangle class, the second on a square: -1 where
/// the placement is impossible (neighbouring squares) or is numbered under its mirror image.
/// First the placements with the first king off the diagonal (every square for the second
/// king), then with the first king on the diagonal and the second below it, then both on the
/// diagonal: 462 in all.
const KINGS: [[i16; 64]; 10] = {
    let mut table = [[-1; 64]; 10];
    let mut next = 0;
    let mut pass = 0;
    while pass < 3 {
        let mut class = if pass == 0 { 0 } else { 6 };
        let end = if pass == 0 { 6 } else { 10 };
        while class < end {
            let king = TRIANGLE_SQUARES[class] as usize;
            let mut sq = 0;
            while sq < 64 {
                let (file, rank) = (sq % 8, sq / 8);
                let wanted = match pass {
                    0 => true,
                    1 => rank < file,
                    _ => rank == file,
                };
                if wanted && !neighbours_or_same(king, sq) {
                    table[class][sq] = next;
                    next += 1;
                }
                sq += 1;
            }
            class += 1;
        }
        pass += 1;
    }
    table
};

const fn neighbours_or_same(a: usize, b: usize) -> bool {
    (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
}

/// Where a leading pawn on a square of the a-d files sends its table: six ranks (2 to 7) for
/// each of the four files, files e-h counted as their mirror images; 0 on the back ranks.
const FLAP: [u8; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        if rank >= 1 && rank <= 6 {
            let file = if file > 3 { 7 - file } else { file };
            table[sq] = (6 * file + rank - 1) as u8;
        }
        sq += 1;
    }
    table
};

/// The square of each [`FLAP`] number on the a-d files.
const FLAP_SQUARES: [u8; 24] = {
    let mut table = [0; 24];
    let mut i = 0;
    while i < 24 {
        table[i] = ((i % 6 + 1) * 8 + i / 6) as u8;
        i += 1;
    }
    table
};

/// A number for each pawn square (0 to 47) that orders the pawns behind the leading one: the
/// central files and the advanced ranks first, each file's mirror image next to it.
const PAWN_TWIST: [u8; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        if rank >= 1 && rank <= 6 {
            let advance = 2 * (6 - rank);
            table[sq] = if file >= 4 {
                12 * (file - 4) + advance
            } else {
                12 * (3 - file) + advance + 1
            } as u8;
        }
        sq += 1;
    }
    table
};

/// `n` choose `k`, 0 when `k > n`.
const fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        // Exact at every step: the product of i + 1 consecutive numbers is divisible by
        // (i + 1)!.
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// For `t` further leading pawns (0 to 4) and the [`FLAP`] number of the first, where its
/// placements start within its file's sub-table; and the size of each file's sub-table.
const PAWN_LEAD: ([[u64; 24]; 5], [[u64; 4]; 5]) = {
    let mut start = [[0; 24]; 5];
    let mut size = [[0; 4]; 5];
    let mut t = 0;
    while t < 5 {
        let mut file = 0;
        while file < 4 {
            let mut total = 0;
            let mut j = 6 * file;
            while j < 6 * file + 6 {
                start[t][j] = total;
                total += if t == 0 {
                    1
                } else {
                    binomial(PAWN_TWIST[FLAP_SQUARES[j] as usize] as u64, t as u64)
                };
                j += 1;
            }
            size[t][file] = total;
            file += 1;
        }
        t += 1;
    }
    (start, size)
};

/// `n` choose `k` for the numbering of groups; 0 for a negative `n`, which only a corrupt
/// header can produce.
fn choose(n: i64, k: usize) -> u64 {
    u64::try_from(n).map_or(0, |n| binomial(n, k as u64))
}

/// Rank minus file: positive above the a1-h8 diagonal, 0 on it.
fn off_diagonal(sq: u8) -> i8 {
    (sq >> 3) as i8 - (sq & 7) as i8
}

/// The square mirrored along the a1-h8 diagonal.
fn flip_diagonal(sq: u8) -> u8 {
    ((sq >> 3) | (sq << 3)) & 63
}

/// How the leading group of a table without pawns is numbered.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Leading {
    /// Three unique pieces, when the table has at least three pieces of which there is one
    /// only, the kings included (`KQvKR`, `KRRvKB`): 31 332 placements.
    Three,
    /// The two kings, when every other piece comes in twos or more: 462 placements.
    Kings,
}

impl Leading {
    /// How many pieces the group holds.
    pub(crate) const fn len(self) -> usize {
        match self {
            Leading::Three => 3,
            Leading::Kings => 2,
        }
    }

    /// How many placements the group has.
    const fn placements(self) -> u64 {
        match self {
            Leading::Three => 31_332,
            Leading::Kings => 462,
        }
    }
}

/// How one sub-table numbers its positions: the pieces in the header's order, the groups, and
/// the factor each group's number is multiplied by.
#[derive(Clone, Debug)]
pub(crate) struct Encoding {
    /// How many pieces the table has.
    pub(crate) len: usize,
    /// The header's piece codes (bit 3: black, bits 0-2: 1 pawn to 6 king).
    pub(crate) codes: [u8; MAX_PIECES],
    /// At the first index of each group, how many pieces the group holds.
    groups: [u8; MAX_PIECES],
    /// At the first index of each group, its multiplier.
    factors: [u64; MAX_PIECES],
    /// How many positions the sub-table numbers.
    pub(crate) size: u64,
}

/// Why an encoding could not be built from a header: the order of its groups, or a piece
/// count no table has (the caller knows the offset).
#[derive(Debug)]
pub(crate) struct BadOrder;

impl Encoding {
    /// The encoding of a table without pawns: `order` says at which step the leading group's
    /// factor is taken.
    pub(crate) fn pieces(
        codes: [u8; MAX_PIECES],
        len: usize,
        leading: Leading,
        order: u8,
    ) -> Result<Encoding, BadOrder> {
        if leading.len() > len || len > MAX_PIECES {
            return Err(BadOrder);
        }
        let mut groups = [0; MAX_PIECES];
        groups[0] = leading.len() as u8;
        group_runs(&codes, len, leading.len(), &mut groups);
        let mut factors = [0; MAX_PIECES];
        let mut size = 1u64;
        let mut free = 64 - leading.len() as u64;
        let (mut i, mut step, mut placed) = (leading.len(), 0, false);
        while i < len || step == order {
            if step == order {
                factors[0] = size;
                size *= leading.placements();
                placed = true;
            } else {
                let n = u64::from(groups[i]);
                factors[i] = size;
                size *= binomial(free, n);
                free -= n;
                i += usize::from(groups[i]).max(1);
            }
            step += 1;
        }
        if !placed {
            return Err(BadOrder);
        }
        Ok(Encoding {
            len,
            codes,
            groups,
            factors,
            size,
        })
    }

    /// The encoding of one file's sub-table of a table with pawns: `lead` leading pawns,
    /// `other` pawns of the other colour; `order` and `order2` say at which steps the two pawn
    /// groups' factors are taken (`order2` is 15 when there are no other pawns).
    pub(crate) fn pawns(
        codes: [u8; MAX_PIECES],
        len: usize,
        lead: usize,
        other: usize,
        file: usize,
        order: u8,
        order2: u8,
    ) -> Result<Encoding, BadOrder> {
        let lead_size = *PAWN_LEAD
            .1
            .get(lead.wrapping_sub(1))
            .and_then(|sizes| sizes.get(file))
            .ok_or(BadOrder)?;
        if lead + other > len || len > MAX_PIECES {
            return Err(BadOrder);
        }
        let mut groups = [0; MAX_PIECES];
        groups[0] = lead as u8;
        if other > 0 {
            groups[lead] = other as u8;
        }
        group_runs(&codes, len, lead + other, &mut groups);
        let mut factors = [0; MAX_PIECES];
        let mut size = 1u64;
        let mut i = lead + if order2 < 0x0f { other } else { 0 };
        let mut free = 64 - i as u64;
        let (mut step, mut placed) = (0, false);
        while i < len || step == order || step == order2 {
            if step == order {
                factors[0] = size;
                size *= lead_size;
                placed = true;
            } else if step == order2 {
                factors[lead] = size;
                size *= binomial(48 - lead as u64, other as u64);
            } else {
                let n = u64::from(groups[i]);
                factors[i] = size;
                size *= binomial(free, n);
                free -= n;
                i += usize::from(groups[i]).max(1);
            }
            step += 1;
        }
        if !placed {
            return Err(BadOrder);
        }
        Ok(Encoding {
            len,
            codes,
            groups,
            factors,
            size,
        })
    }

    /// The number of a placement without pawns; `squares` are the pieces' squares in the
    /// header's order and are reordered in place. `None` only when the squares cannot come from
    /// a legal position of the table (two kings side by side, a square given twice).
    pub(crate) fn index_pieces(&self, leading: Leading, squares: &mut [u8]) -> Option<u64> {
        let p = squares.get_mut(..self.len)?;
        // Bring the first piece into the a1-d1-d4 triangle's quarter of the board.
        if p[0] & 0x04 != 0 {
            p.iter_mut().for_each(|sq| *sq ^= 0x07);
        }
        if p[0] & 0x20 != 0 {
            p.iter_mut().for_each(|sq| *sq ^= 0x38);
        }
        // Then, if the first piece of the leading group that leaves the diagonal stands above
        // it, mirror along the diagonal: the placement and its mirror image share a number.
        if let Some(i) = p.iter().position(|&sq| off_diagonal(sq) != 0) {
            if i < leading.len() && off_diagonal(p[i]) > 0 {
                p.iter_mut().for_each(|sq| *sq = flip_diagonal(*sq));
            }
        }
        let lead = match leading {
            Leading::Three => three_unique(p[0], p[1], p[2])?,
            Leading::Kings => {
                let n = KINGS[TRIANGLE[usize::from(p[0])] as usize][usize::from(p[1])];
                u64::try_from(n).ok()?
            }
        };
        let index = lead.checked_mul(self.factors[0])?;
        self.add_groups(p, leading.len(), index, 0)
    }

    /// The number of a placement with pawns; `squares` as for [`Encoding::index_pieces`], the
    /// leading pawns first with the one that picked the file at index 0.
    pub(crate) fn index_pawns(&self, lead: usize, other: usize, squares: &mut [u8]) -> Option<u64> {
        let p = squares.get_mut(..self.len)?;
        if p[0] & 0x04 != 0 {
            p.iter_mut().for_each(|sq| *sq ^= 0x07);
        }
        let rest = p.get_mut(1..lead)?;
        rest.sort_unstable_by_key(|&sq| std::cmp::Reverse(PAWN_TWIST[usize::from(sq)]));
        let t = lead - 1;
        let mut index = *PAWN_LEAD
            .0
            .get(t)?
            .get(usize::from(FLAP[usize::from(p[0])]))?;
        for i in (1..=t).rev() {
            index =
                index.checked_add(choose(i64::from(PAWN_TWIST[usize::from(p[i])]), t - i + 1))?;
        }
        let mut index = index.checked_mul(self.factors[0])?;
        if other > 0 {
            // The other colour's pawns are numbered among the 48 pawn squares.
            index = self.add_group(p, lead, other, index, 8)?;
        }
        self.add_groups(p, lead + other, index, 0)
    }

    /// Adds the numbers of the groups from index `from` on.
    fn add_groups(&self, p: &mut [u8], mut from: usize, mut index: u64, skip: i64) -> Option<u64> {
        while from < self.len {
            let n = usize::from(self.groups[from]).max(1);
            index = self.add_group(p, from, n, index, skip)?;
            from += n;
        }
        Some(index)
    }

    /// Adds the number of the group of `n` identical pieces at `from`: the combination of
    /// their squares, each counted among the squares the pieces before the group leave free
    /// (less `skip` squares at the bottom of the board).
    fn add_group(&self, p: &mut [u8], from: usize, n: usize, index: u64, skip: i64) -> Option<u64> {
        let (before, group) = p.split_at_mut(from);
        let group = group.get_mut(..n)?;
        group.sort_unstable();
        let mut combination = 0u64;
        for (k, &sq) in group.iter().enumerate() {
            let below = before.iter().filter(|&&b| sq > b).count() as i64;
            combination = combination.checked_add(choose(i64::from(sq) - below - skip, k + 1))?;
        }
        index.checked_add(combination.checked_mul(self.factors[from])?)
    }
}

/// Marks the runs of equal codes from index `from` on as groups.
fn group_runs(codes: &[u8; MAX_PIECES], len: usize, from: usize, groups: &mut [u8; MAX_PIECES]) {
    let mut i = from;
    while i < len {
        let mut j = i;
        while j < len && codes[j] == codes[i] {
            j += 1;
        }
        groups[i] = (j - i) as u8;
        i = j;
    }
}

/// The number of the placement of three unique pieces, the first in the a1-d1-d4 triangle
/// and, if it stands on the diagonal, the first of the others off the diagonal below it.
/// `None` for a square given twice.
fn three_unique(a: u8, b: u8, c: u8) -> Option<u64> {
    if a == b || b == c || a == c {
        return None;
    }
    let file = |sq: u8| u64::from(sq & 7);
    let lower = |sq: u8| u64::from(LOWER[usize::from(sq)]);
    // Each square is numbered among those the pieces before it leave free.
    let i = u64::from(b > a);
    let j = u64::from(c > a) + u64::from(c > b);
    let (b_free, c_free) = (u64::from(b) - i, u64::from(c) - j);
    Some(if off_diagonal(a) != 0 {
        u64::from(TRIANGLE[usize::from(a)]) * 63 * 62 + b_free * 62 + c_free
    } else if off_diagonal(b) != 0 {
        6 * 63 * 62 + file(a) * 28 * 62 + lower(b) * 62 + c_free
    } else if off_diagonal(c) != 0 {
        6 * 63 * 62 + 4 * 28 * 62 + file(a) * 7 * 28 + (file(b) - i) * 28 + lower(c)
    } else {
        6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + file(a) * 7 * 6 + (file(b) - i) * 6 + file(c) - j
    })
}

/// The file (0 to 3, a to d, mirrored files counted alike) of the sub-table of a placement with
/// pawns: the leading pawn with the lowest [`FLAP`] number moves to index 0.
pub(crate) fn pawn_file(squares: &mut [u8], lead: usize) -> usize {
    for i in 1..lead.min(squares.len()) {
        if FLAP[usize::from(squares[0])] > FLAP[usize::from(squares[i])] {
            squares.swap(0, i);
        }
    }
    let file = usize::from(squares[0] & 7);
    file.min(7 - file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triangle_has_ten_classes_of_eight_squares_or_four_on_the_diagonals() {
        let mut sizes = [0; 10];
        for &class in &TRIANGLE {
            sizes[usize::from(class)] += 1;
        }
        assert_eq!(sizes, [8, 8, 8, 8, 8, 8, 4, 4, 4, 4]);
        for (class, &sq) in TRIANGLE_SQUARES.iter().enumerate() {
            assert_eq!(usize::from(TRIANGLE[usize::from(sq)]), class);
        }
    }

    #[test]
    fn two_kings_have_462_placements_numbered_once_each() {
        let mut seen = vec![false; 462];
        for row in &KINGS {
            for &n in row {
                if let Ok(n) = usize::try_from(n) {
                    assert!(!seen[n], "{n} twice");
                    seen[n] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn mirror_squares_share_their_lower_number() {
        for sq in 0..64u8 {
            assert_eq!(
                LOWER[usize::from(sq)],
                LOWER[usize::from(flip_diagonal(sq))]
            );
        }
        let mut below: Vec<u8> = (0..64u8)
            .filter(|&sq| off_diagonal(sq) < 0)
            .map(|sq| LOWER[usize::from(sq)])
            .collect();
        below.sort_unstable();
        assert_eq!(below, (0..28).collect::<Vec<u8>>());
    }

    #[test]
    fn three_unique_pieces_have_31332_placements() {
        // Every placement of three pieces on distinct squares, normalised as probing does,
        // lands below the size the leading factor reserves, and every number is reached.
        let mut seen = vec![false; 31_332];
        let encoding =
            Encoding::pieces([0x06, 0x0e, 0x05, 0, 0, 0, 0], 3, Leading::Three, 0).unwrap();
        assert_eq!(encoding.size, 31_332);
        for a in 0..64u8 {
            for b in 0..64u8 {
                for c in 0..64u8 {
                    if a == b || b == c || a == c {
                        continue;
                    }
                    let mut squares = [a, b, c, 0, 0, 0, 0];
                    let n = encoding.index_pieces(Leading::Three, &mut squares).unwrap();
                    seen[usize::try_from(n).unwrap()] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn pawn_twist_numbers_the_48_pawn_squares_once_each() {
        let mut numbers: Vec<u8> = (8..56).map(|sq| PAWN_TWIST[sq]).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (0..48).collect::<Vec<u8>>());
        for sq in 8..56usize {
            assert_eq!(
                usize::from(FLAP_SQUARES[usize::from(FLAP[sq])]) & 7,
                (sq & 7).min(7 - (sq & 7))
            );
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(63, 6), 67_945_521);
        assert_eq!(binomial(2, 3), 0);
        assert_eq!(choose(-1, 1), 0);
    }
}
