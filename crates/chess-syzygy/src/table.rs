//! The two kinds of table file: reading their headers, and the value a table stores for a
//! position.
//!
//! After the four magic bytes, byte 4 holds flags (bit 0: both sides to move are stored, bit 1:
//! four sub-tables, one per file of the leading pawn). Then, for each sub-table, an order byte
//! (two for tables where both colours have pawns) and one byte per piece naming the pieces in the
//! order the sub-table numbers them; WDL tables pack the white-to-move list in the low nibbles
//! and the black-to-move list in the high ones. Then the compressed sub-tables' headers
//! ([`Pairs`]), for DTZ tables the maps from stored numbers to distances, and the sections the
//! headers describe.

use chess_core::{Board, Color, Role};

use crate::bytes::Bytes;
use crate::error::{CorruptKind, Fault, SyzygyError, TableKind};
use crate::file::TableFile;
use crate::index::{Encoding, Leading, pawn_file};
use crate::pairs::{self, Pairs, Values};
use crate::{MAX_PIECES, Material};

/// Where the piece lists start.
const PIECES_AT: usize = 5;

/// What a table's material says about its layout, before its header is read.
#[derive(Clone, Debug)]
struct Shape {
    /// The material as the file is named.
    material: Material,
    len: usize,
    symmetric: bool,
    /// With pawns: the leading pawns (the side with fewer pawns, if both have some) and the
    /// other side's pawns.
    pawns: Option<(usize, usize)>,
    leading: Leading,
}

impl Shape {
    fn new(material: Material) -> Shape {
        let pawns = material.has_pawns().then(|| {
            let first = usize::from(material.count(Color::White, Role::Pawn));
            let second = usize::from(material.count(Color::Black, Role::Pawn));
            if first > 0 && (second == 0 || first < second) {
                (first, second)
            } else {
                (second, first)
            }
        });
        let unique = Color::ALL
            .into_iter()
            .flat_map(|c| Role::ALL.map(|r| material.count(c, r)))
            .filter(|&n| n == 1)
            .count();
        Shape {
            material,
            len: material.pieces(),
            symmetric: material.is_symmetric(),
            pawns,
            leading: if unique >= 3 {
                Leading::Three
            } else {
                Leading::Kings
            },
        }
    }

    /// Whether the table's colours are the position's (`false`) or exchanged (`true`), and the
    /// side to move as the table stores it (0 white, 1 black). `key` is the material that the
    /// table's white pieces make.
    fn orient(&self, key: &Material, material: &Material, turn: Color) -> (bool, usize) {
        if self.symmetric {
            // One side to move is stored; the other is read with the colours exchanged.
            (turn == Color::Black, 0)
        } else {
            let flip = material != key;
            (flip, usize::from((turn == Color::Black) != flip))
        }
    }
}

/// The colour and role a header's piece code names (bit 3: black; 1 pawn to 6 king).
fn decode(code: u8) -> Option<(Color, Role)> {
    let role = match code & 0x07 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    };
    Some((Color::from_white(code & 0x08 == 0), role))
}

/// The material of a list of piece codes.
fn material_of(codes: &[u8]) -> Option<Material> {
    let mut material = Material::default();
    for &code in codes {
        let (color, role) = decode(code)?;
        material.add(color, role);
    }
    Some(material)
}

/// Whether probing can place the pieces of `material` by walking `codes` from `from`: each code
/// followed by as many copies of itself as `material` has of that piece.
fn runs_match(codes: &[u8], from: usize, material: &Material) -> bool {
    let mut i = from;
    while i < codes.len() {
        let Some((color, role)) = decode(codes[i]) else {
            return false;
        };
        let n = usize::from(material.count(color, role));
        match codes.get(i..i + n) {
            Some(run) if n > 0 && run.iter().all(|&c| c == codes[i]) => i += n,
            _ => return false,
        }
    }
    true
}

/// Puts the squares of the pieces that `codes[from..to]` name into `squares[from..to]`, in
/// square order per piece, with the colours exchanged when `flip` and the squares xored with
/// `mirror`. `None` when the board does not have those pieces.
fn place_pieces(
    board: &Board,
    codes: &[u8],
    from: usize,
    to: usize,
    flip: bool,
    mirror: u8,
    squares: &mut [u8; MAX_PIECES],
) -> Option<()> {
    let mut i = from;
    while i < to {
        let (color, role) = decode(*codes.get(i)?)?;
        let color = if flip { !color } else { color };
        let found = board.pieces(color, role);
        if found.is_empty() {
            return None;
        }
        for sq in found {
            *squares.get_mut(i).filter(|_| i < to)? = sq as u8 ^ mirror;
            i += 1;
        }
    }
    Some(())
}

/// The fault of a board whose pieces the header's lists do not place.
fn pieces_fault() -> Fault {
    Fault {
        offset: PIECES_AT,
        kind: CorruptKind::Pieces,
    }
}

/// One piece list's codes, from the low or high nibbles of the header bytes.
fn codes(raw: &[u8], high: bool) -> [u8; MAX_PIECES] {
    let mut codes = [0; MAX_PIECES];
    for (code, &byte) in codes.iter_mut().zip(raw) {
        *code = if high { byte >> 4 } else { byte & 0x0f };
    }
    codes
}

/// Checks a piece list of a table without pawns; returns the material its white pieces make
/// (the file name's, or its mirror image: a few tables were generated with the colours the
/// other way round).
fn check_pieces(shape: &Shape, codes: &[u8; MAX_PIECES], at: usize) -> Result<Material, Fault> {
    let codes = &codes[..shape.len];
    let fault = Fault {
        offset: at,
        kind: CorruptKind::Pieces,
    };
    let key = material_of(codes).ok_or_else(|| fault.clone())?;
    let lead_unique = codes[..shape.leading.len()]
        .iter()
        .all(|&c| decode(c).is_some_and(|(color, role)| key.count(color, role) == 1));
    if (key == shape.material || key == shape.material.mirrored())
        && lead_unique
        && runs_match(codes, 0, &key)
    {
        Ok(key)
    } else {
        Err(fault)
    }
}

/// Checks a piece list of a table with pawns, whose first `lead` pieces are the leading pawns
/// (`lead_code`), followed by the other side's pawns.
fn check_pawn_pieces(
    shape: &Shape,
    codes: &[u8; MAX_PIECES],
    lead_code: u8,
    at: usize,
) -> Result<(), Fault> {
    let (lead, other) = shape.pawns.unwrap_or((0, 0));
    let codes = &codes[..shape.len];
    let mut all = codes.to_vec();
    all[..lead].fill(lead_code);
    let ok = decode(lead_code).is_some_and(|(_, role)| role == Role::Pawn)
        && material_of(&all) == Some(shape.material)
        && codes[lead..lead + other]
            .iter()
            .all(|&c| c == lead_code ^ 0x08)
        && runs_match(codes, lead, &shape.material);
    if ok {
        Ok(())
    } else {
        Err(Fault {
            offset: at,
            kind: CorruptKind::Pieces,
        })
    }
}

/// A sub-table: how it numbers positions and its compressed values.
#[derive(Debug)]
struct Subtable {
    encoding: Encoding,
    pairs: Pairs,
}

/// A table's sub-tables and what it takes to find a position's.
#[derive(Debug)]
struct Layout<S> {
    shape: Shape,
    /// The material the table's white pieces make.
    key: Material,
    /// The piece code of the leading pawns (tables with pawns).
    lead_code: u8,
    subtables: Vec<S>,
}

/// How a table's sub-tables for one file of the leading pawn answer for a side to move.
trait Sides {
    /// The sub-table of the side to move `side` (0 white, 1 black, as the table stores
    /// colours), `None` when the table does not store that side.
    fn side(&self, side: usize, symmetric: bool) -> Option<&Subtable>;
}

impl Sides for [Option<Subtable>; 2] {
    fn side(&self, side: usize, _: bool) -> Option<&Subtable> {
        self.get(side)?.as_ref()
    }
}

impl Sides for DtzSubtable {
    fn side(&self, side: usize, symmetric: bool) -> Option<&Subtable> {
        let stored = usize::from(self.sub.pairs.flags & flags::BLACK_TO_MOVE);
        // A symmetric table without pawns is read from its one stored side whatever its flag
        // says; with pawns the flag counts.
        (stored == side || symmetric).then_some(&self.sub)
    }
}

impl<S: Sides> Layout<S> {
    /// Finds the sub-tables of a position (the file's, and the side to move's within it) and
    /// puts its pieces' squares into `squares` in the sub-table's order. `Ok(None)` when the
    /// table does not store the position's side to move.
    fn locate(
        &self,
        board: &Board,
        turn: Color,
        material: &Material,
        squares: &mut [u8; MAX_PIECES],
    ) -> Result<Option<(&S, &Subtable)>, Fault> {
        let (flip, side) = self.shape.orient(&self.key, material, turn);
        let len = self.shape.len;
        let symmetric = self.shape.symmetric && self.shape.pawns.is_none();
        let (file, from, mirror) = match self.shape.pawns {
            None => (0, 0, 0),
            Some((lead, _)) => {
                // Tables store white's pawns moving up: exchanging the colours also mirrors
                // the ranks.
                let mirror = if flip { 0x38 } else { 0 };
                let leading = [self.lead_code; MAX_PIECES];
                place_pieces(board, &leading, 0, lead, flip, mirror, squares)
                    .ok_or_else(pieces_fault)?;
                (pawn_file(squares, lead), lead, mirror)
            }
        };
        let sides = self
            .subtables
            .get(file)
            .ok_or_else(|| Fault::field(4, "flags: a table with pawns has four files"))?;
        let Some(sub) = sides.side(side, symmetric) else {
            return Ok(None);
        };
        place_pieces(board, &sub.encoding.codes, from, len, flip, mirror, squares)
            .ok_or_else(pieces_fault)?;
        Ok(Some((sides, sub)))
    }

    /// The number of the placement in `squares` (filled by [`Layout::locate`]).
    fn index(&self, encoding: &Encoding, squares: &mut [u8; MAX_PIECES]) -> Result<u64, Fault> {
        match self.shape.pawns {
            None => encoding.index_pieces(self.shape.leading, squares),
            Some((lead, other)) => encoding.index_pawns(lead, other, squares),
        }
        .ok_or_else(pieces_fault)
    }
}

/// The order byte(s) and piece list of one sub-table, as read.
struct PieceHeader {
    /// The encodings of the low and high nibbles (the second is meaningless in DTZ tables).
    encodings: [Encoding; 2],
    /// The piece codes of the low and high nibbles.
    lists: [[u8; MAX_PIECES]; 2],
    /// The offset after the header.
    next: usize,
}

/// Reads the order byte(s) and piece list of one sub-table at `at`.
fn read_pieces(
    bytes: Bytes<'_>,
    shape: &Shape,
    file: usize,
    at: usize,
) -> Result<PieceHeader, Fault> {
    let order_fault = || Fault::field(at, "order of the piece groups");
    match shape.pawns {
        None => {
            let order = bytes.u8(at)?;
            let raw = bytes.slice(at + 1, shape.len)?;
            let lists = [codes(raw, false), codes(raw, true)];
            let encodings = [
                Encoding::pieces(lists[0], shape.len, shape.leading, order & 0x0f),
                Encoding::pieces(lists[1], shape.len, shape.leading, order >> 4),
            ];
            let [Ok(low), Ok(high)] = encodings else {
                return Err(order_fault());
            };
            Ok(PieceHeader {
                encodings: [low, high],
                lists,
                next: at + 1 + shape.len,
            })
        }
        Some((lead, other)) => {
            let order = bytes.u8(at)?;
            let (order2, skip) = if other > 0 {
                (bytes.u8(at + 1)?, 2)
            } else {
                (0xff, 1)
            };
            let raw = bytes.slice(at + skip, shape.len)?;
            let lists = [codes(raw, false), codes(raw, true)];
            let pawns = |codes, order, order2| {
                Encoding::pawns(codes, shape.len, lead, other, file, order, order2)
            };
            let encodings = [
                pawns(lists[0], order & 0x0f, order2 & 0x0f),
                pawns(lists[1], order >> 4, order2 >> 4),
            ];
            let [Ok(low), Ok(high)] = encodings else {
                return Err(order_fault());
            };
            Ok(PieceHeader {
                encodings: [low, high],
                lists,
                next: at + skip + shape.len,
            })
        }
    }
}

/// The offset rounded up to an even one.
fn even(at: usize) -> usize {
    at + (at & 1)
}

/// A WDL table, open and read.
#[derive(Debug)]
pub(crate) struct WdlTable {
    file: TableFile,
    /// Per file of the leading pawn (one without pawns), the white-to-move and the
    /// black-to-move sub-table (the second absent when the table stores one side).
    layout: Layout<[Option<Subtable>; 2]>,
}

impl WdlTable {
    /// Opens, maps and reads the WDL table of `material` (as the file is named) at `path`.
    pub(crate) fn open(
        path: &std::path::Path,
        material: Material,
    ) -> Result<WdlTable, SyzygyError> {
        let file = TableFile::open(path, TableKind::Wdl)?;
        let layout = Self::read(file.bytes(), Shape::new(material)).map_err(|f| f.in_file(path))?;
        Ok(WdlTable { file, layout })
    }

    fn read(bytes: Bytes<'_>, shape: Shape) -> Result<Layout<[Option<Subtable>; 2]>, Fault> {
        let flags = bytes.u8(4)?;
        let both_sides = flags & 0x01 != 0;
        let files = if shape.pawns.is_some() {
            if flags & 0x02 == 0 {
                return Err(Fault::field(4, "flags: a table with pawns has four files"));
            }
            4
        } else {
            1
        };
        let mut at = PIECES_AT;
        let mut encodings = Vec::with_capacity(files);
        let mut key = shape.material;
        let mut lead_code = 0;
        for file in 0..files {
            let PieceHeader {
                encodings: pair,
                lists,
                next,
            } = read_pieces(bytes, &shape, file, at)?;
            if shape.pawns.is_none() {
                key = check_pieces(&shape, &lists[0], at)?;
                if check_pieces(&shape, &lists[1], at)? != key {
                    return Err(Fault {
                        offset: at,
                        kind: CorruptKind::Pieces,
                    });
                }
            } else {
                if file == 0 {
                    lead_code = lists[0][0];
                }
                for list in &lists {
                    check_pawn_pieces(&shape, list, lead_code, at)?;
                }
            }
            encodings.push(pair);
            at = next;
        }
        at = even(at);
        let mut subtables = Vec::with_capacity(files);
        for [white, black] in encodings {
            let (white_pairs, next) = Pairs::read(bytes, at, white.size, Values::Wdl)?;
            at = next;
            let black = if both_sides {
                let (pairs, next) = Pairs::read(bytes, at, black.size, Values::Wdl)?;
                at = next;
                Some(Subtable {
                    encoding: black,
                    pairs,
                })
            } else {
                None
            };
            subtables.push([
                Some(Subtable {
                    encoding: white,
                    pairs: white_pairs,
                }),
                black,
            ]);
        }
        let mut all: Vec<&mut Pairs> = subtables
            .iter_mut()
            .flat_map(|sides| sides.iter_mut().flatten().map(|s| &mut s.pairs))
            .collect();
        pairs::place(bytes, &mut all, at)?;
        Ok(Layout {
            shape,
            key,
            lead_code,
            subtables,
        })
    }

    /// The value stored for the position: -2 (loss) to 2 (win) for the side to move, exactly as
    /// stored (positions where a capture is best may hold any value).
    pub(crate) fn probe(
        &self,
        board: &Board,
        turn: Color,
        material: &Material,
    ) -> Result<i8, SyzygyError> {
        self.value(board, turn, material)
            .map_err(|f| f.in_file(self.file.path()))
    }

    fn value(&self, board: &Board, turn: Color, material: &Material) -> Result<i8, Fault> {
        let mut squares = [0; MAX_PIECES];
        let (_, sub) = self
            .layout
            .locate(board, turn, material, &mut squares)?
            .ok_or_else(|| Fault::field(4, "flags: the table lacks a side to move"))?;
        let index = self.layout.index(&sub.encoding, &mut squares)?;
        let value = sub.pairs.value(self.file.bytes(), index, Values::Wdl)?;
        match value {
            0..=4 => Ok(value as i8 - 2),
            _ => Err(Fault::data(PIECES_AT, "a wdl value beyond 4")),
        }
    }
}

/// The maps of a DTZ sub-table from stored numbers to distances, one per result (win, loss,
/// cursed win, blessed loss).
#[derive(Clone, Debug)]
struct Maps {
    wide: bool,
    start: [usize; 4],
    len: [usize; 4],
}

/// A DTZ sub-table: the stored side to move is in bit 0 of its flags.
#[derive(Debug)]
struct DtzSubtable {
    sub: Subtable,
    maps: Option<Maps>,
}

/// A DTZ table, open and read.
#[derive(Debug)]
pub(crate) struct DtzTable {
    file: TableFile,
    /// One sub-table per file of the leading pawn (one without pawns).
    layout: Layout<DtzSubtable>,
}

/// The flags of a DTZ sub-table (the first byte of its compressed header).
mod flags {
    /// The stored side to move: 0 white, 1 black.
    pub(super) const BLACK_TO_MOVE: u8 = 0x01;
    /// The values are numbers to look up in the maps.
    pub(super) const MAPPED: u8 = 0x02;
    /// Wins are stored in plies, not in moves.
    pub(super) const WIN_IN_PLIES: u8 = 0x04;
    /// Losses are stored in plies, not in moves.
    pub(super) const LOSS_IN_PLIES: u8 = 0x08;
    /// The maps hold 16-bit values.
    pub(super) const WIDE_MAPS: u8 = 0x10;
}

impl DtzTable {
    /// Opens, maps and reads the DTZ table of `material` (as the file is named) at `path`.
    pub(crate) fn open(
        path: &std::path::Path,
        material: Material,
    ) -> Result<DtzTable, SyzygyError> {
        let file = TableFile::open(path, TableKind::Dtz)?;
        let layout = Self::read(file.bytes(), Shape::new(material)).map_err(|f| f.in_file(path))?;
        Ok(DtzTable { file, layout })
    }

    fn read(bytes: Bytes<'_>, shape: Shape) -> Result<Layout<DtzSubtable>, Fault> {
        let flags = bytes.u8(4)?;
        let files = if shape.pawns.is_some() {
            if flags & 0x02 == 0 {
                return Err(Fault::field(4, "flags: a table with pawns has four files"));
            }
            4
        } else {
            1
        };
        let mut at = PIECES_AT;
        let mut encodings = Vec::with_capacity(files);
        let mut key = shape.material;
        let mut lead_code = 0;
        for file in 0..files {
            let PieceHeader {
                encodings: [encoding, _],
                lists,
                next,
            } = read_pieces(bytes, &shape, file, at)?;
            if shape.pawns.is_none() {
                key = check_pieces(&shape, &lists[0], at)?;
            } else {
                if file == 0 {
                    lead_code = lists[0][0];
                }
                check_pawn_pieces(&shape, &lists[0], lead_code, at)?;
            }
            encodings.push(encoding);
            at = next;
        }
        at = even(at);
        let mut subtables = Vec::with_capacity(files);
        for encoding in encodings {
            let (pairs, next) = Pairs::read(bytes, at, encoding.size, Values::Dtz)?;
            at = next;
            subtables.push(DtzSubtable {
                sub: Subtable { encoding, pairs },
                maps: None,
            });
        }
        for table in &mut subtables {
            let table_flags = table.sub.pairs.flags;
            if table_flags & flags::MAPPED == 0 {
                continue;
            }
            let wide = table_flags & flags::WIDE_MAPS != 0;
            let mut maps = Maps {
                wide,
                start: [0; 4],
                len: [0; 4],
            };
            if wide && shape.pawns.is_some() {
                at = even(at);
            }
            for i in 0..4 {
                if wide {
                    let n = usize::from(bytes.u16_le(at)?);
                    maps.start[i] = at + 2;
                    maps.len[i] = n;
                    at += 2 + 2 * n;
                } else {
                    let n = usize::from(bytes.u8(at)?);
                    maps.start[i] = at + 1;
                    maps.len[i] = n;
                    at += 1 + n;
                }
            }
            table.maps = Some(maps);
        }
        at = even(at);
        let mut all: Vec<&mut Pairs> = subtables.iter_mut().map(|t| &mut t.sub.pairs).collect();
        let end = pairs::place(bytes, &mut all, at)?;
        // The maps lie before the sections, which `place` checked against the file's end.
        debug_assert!(end <= bytes.0.len());
        Ok(Layout {
            shape,
            key,
            lead_code,
            subtables,
        })
    }

    /// The distance stored for the position, whose result for the side to move is `wdl` (-2 to
    /// 2, not 0), in plies; `None` when the table stores the other side to move only.
    pub(crate) fn probe(
        &self,
        board: &Board,
        turn: Color,
        material: &Material,
        wdl: i8,
    ) -> Result<Option<i32>, SyzygyError> {
        self.value(board, turn, material, wdl)
            .map_err(|f| f.in_file(self.file.path()))
    }

    fn value(
        &self,
        board: &Board,
        turn: Color,
        material: &Material,
        wdl: i8,
    ) -> Result<Option<i32>, Fault> {
        let mut squares = [0; MAX_PIECES];
        let Some((table, sub)) = self.layout.locate(board, turn, material, &mut squares)? else {
            return Ok(None);
        };
        let index = self.layout.index(&sub.encoding, &mut squares)?;
        let bytes = self.file.bytes();
        let mut value = u32::from(sub.pairs.value(bytes, index, Values::Dtz)?);
        let table_flags = sub.pairs.flags;
        if let Some(maps) = &table.maps {
            let map = match wdl {
                2 | 0 => 0,
                -2 => 1,
                1 => 2,
                _ => 3,
            };
            let entry = value as usize;
            if entry >= maps.len[map] {
                return Err(Fault::data(
                    maps.start[map],
                    "a dtz map entry beyond its map",
                ));
            }
            value = if maps.wide {
                u32::from(bytes.u16_le(maps.start[map] + 2 * entry)?)
            } else {
                u32::from(bytes.u8(maps.start[map] + entry)?)
            };
        }
        let in_plies = match wdl {
            2 => table_flags & flags::WIN_IN_PLIES != 0,
            -2 => table_flags & flags::LOSS_IN_PLIES != 0,
            // Cursed wins and blessed losses are always stored in moves.
            _ => false,
        };
        let plies = if in_plies { value } else { 2 * value };
        Ok(Some(plies as i32))
    }
}
