//! `SquareSet`: python-chess's set of squares over a 64-bit mask, with the set operations,
//! iteration from `a1` up, the bit operations and its picture.

use chess_core::{Bitboard, Square, attacks};
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};

use super::convert;

/// A set of squares, as python-chess's ``chess.SquareSet``: a mutable set of the squares of
/// a 64-bit mask (A1 = bit 0), iterated from ``a1`` up, equal to the int of its mask, with
/// the operators of sets and of ints.
///
/// >>> import kingside as chess
/// >>> squares = chess.SquareSet(chess.BB_A8 | chess.BB_RANK_1)
/// >>> len(squares), chess.A8 in squares, chess.H8 in squares
/// (9, True, False)
/// >>> squares & chess.BB_FILE_A == chess.BB_A1 | chess.BB_A8
/// True
#[pyclass(module = "kingside", subclass, freelist = 64)]
#[derive(Clone, Copy)]
pub(crate) struct SquareSet {
    /// The squares, A1 = bit 0.
    #[pyo3(get, set)]
    pub(crate) mask: u64,
}

/// The mask of anything python-chess takes as a set of squares: an int or anything with
/// `__int__` (a SquareSet), or an iterable of squares.
pub(crate) fn into_mask(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<SquareSet>() {
        return Ok(set.borrow().mask);
    }
    if let Ok(mask) = value.extract::<u64>() {
        return Ok(mask);
    }
    if let Ok(int) = value.call_method0("__int__") {
        return int.bitand(u64::MAX)?.extract::<u64>();
    }
    let iter = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "a set of squares is an int, a SquareSet or an iterable of squares, not {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let mut mask = 0;
    for item in iter {
        mask |= 1u64 << convert::square(&item?, "square")? as u32;
    }
    Ok(mask)
}

impl SquareSet {
    fn with_mask(slf: &Bound<'_, Self>, mask: u64) -> PyResult<Py<PyAny>> {
        new_like(slf, mask)
    }
}

/// A new set of the type of `slf` (a subclass stays itself).
fn new_like(slf: &Bound<'_, SquareSet>, mask: u64) -> PyResult<Py<PyAny>> {
    let py = slf.py();
    let cls = slf.get_type();
    if cls.is(py.get_type::<SquareSet>()) {
        Ok(Py::new(py, SquareSet { mask })?.into_any())
    } else {
        Ok(cls.call1((mask,))?.unbind())
    }
}

/// A new plain `SquareSet`.
pub(crate) fn square_set(py: Python<'_>, bb: Bitboard) -> PyResult<Bound<'_, SquareSet>> {
    Bound::new(py, SquareSet { mask: bb.0 })
}

#[pymethods]
impl SquareSet {
    #[new]
    #[pyo3(signature = (squares = None))]
    fn new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: match squares {
                None => 0,
                Some(s) => into_mask(s)?,
            },
        })
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(sq @ 0..=63) => self.mask & (1 << sq) != 0,
            _ => false,
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let squares: Vec<u8> = Bitboard(self.mask).into_iter().map(|s| s as u8).collect();
        PyList::new(py, squares)?.try_iter().map(Bound::into_any)
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let squares: Vec<u8> = Bitboard(self.mask)
            .into_iter()
            .rev()
            .map(|s| s as u8)
            .collect();
        PyList::new(py, squares)?.try_iter().map(Bound::into_any)
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// Adds a square.
    fn add(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= 1 << convert::square(square, "square")? as u32;
        Ok(())
    }

    /// Removes a square if present.
    fn discard(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !(1 << convert::square(square, "square")? as u32);
        Ok(())
    }

    /// Removes a square; ``KeyError`` when it is not in the set.
    fn remove(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let sq = convert::square(square, "square")?;
        let bit = 1 << sq as u32;
        if self.mask & bit == 0 {
            return Err(PyKeyError::new_err(sq as u8));
        }
        self.mask &= !bit;
        Ok(())
    }

    /// Removes and returns the lowest square; ``KeyError`` when the set is empty.
    fn pop(&mut self) -> PyResult<u8> {
        if self.mask == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        let sq = self.mask.trailing_zeros() as u8;
        self.mask &= self.mask - 1;
        Ok(sq)
    }

    /// Removes every square.
    fn clear(&mut self) {
        self.mask = 0;
    }

    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & into_mask(other)? == 0)
    }

    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !into_mask(other)? == 0)
    }

    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.mask & into_mask(other)? == 0)
    }

    fn union(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask | into_mask(other)?;
        SquareSet::with_mask(slf, mask)
    }

    fn intersection(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask & into_mask(other)?;
        SquareSet::with_mask(slf, mask)
    }

    fn difference(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask & !into_mask(other)?;
        SquareSet::with_mask(slf, mask)
    }

    fn symmetric_difference(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask ^ into_mask(other)?;
        SquareSet::with_mask(slf, mask)
    }

    fn __or__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match into_mask(other) {
            Ok(mask) => SquareSet::with_mask(slf, slf.borrow().mask | mask),
            Err(_) => Ok(slf.py().NotImplemented()),
        }
    }

    fn __ror__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        SquareSet::__or__(slf, other)
    }

    fn __and__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match into_mask(other) {
            Ok(mask) => SquareSet::with_mask(slf, slf.borrow().mask & mask),
            Err(_) => Ok(slf.py().NotImplemented()),
        }
    }

    fn __rand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        SquareSet::__and__(slf, other)
    }

    fn __sub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match into_mask(other) {
            Ok(mask) => SquareSet::with_mask(slf, slf.borrow().mask & !mask),
            Err(_) => Ok(slf.py().NotImplemented()),
        }
    }

    fn __xor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match into_mask(other) {
            Ok(mask) => SquareSet::with_mask(slf, slf.borrow().mask ^ mask),
            Err(_) => Ok(slf.py().NotImplemented()),
        }
    }

    fn __rxor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        SquareSet::__xor__(slf, other)
    }

    fn copy(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask;
        SquareSet::with_mask(slf, mask)
    }

    /// Adds the squares of every argument.
    #[pyo3(signature = (*others))]
    fn update(&mut self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.mask |= into_mask(&other)?;
        }
        Ok(())
    }

    /// Keeps the squares in every argument.
    #[pyo3(signature = (*others))]
    fn intersection_update(&mut self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.mask &= into_mask(&other)?;
        }
        Ok(())
    }

    /// Removes the squares of `other`.
    fn difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !into_mask(other)?;
        Ok(())
    }

    /// Keeps the squares in exactly one of the set and `other`.
    fn symmetric_difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= into_mask(other)?;
        Ok(())
    }

    fn __ior__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= into_mask(other)?;
        Ok(())
    }

    fn __iand__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= into_mask(other)?;
        Ok(())
    }

    fn __isub__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !into_mask(other)?;
        Ok(())
    }

    fn __ixor__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= into_mask(other)?;
        Ok(())
    }

    fn __lshift__(slf: &Bound<'_, Self>, shift: u32) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask.checked_shl(shift).unwrap_or(0);
        SquareSet::with_mask(slf, mask)
    }

    fn __rshift__(slf: &Bound<'_, Self>, shift: u32) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask.checked_shr(shift).unwrap_or(0);
        SquareSet::with_mask(slf, mask)
    }

    fn __ilshift__(&mut self, shift: u32) {
        self.mask = self.mask.checked_shl(shift).unwrap_or(0);
    }

    fn __irshift__(&mut self, shift: u32) {
        self.mask = self.mask.checked_shr(shift).unwrap_or(0);
    }

    fn __invert__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let mask = !slf.borrow().mask;
        SquareSet::with_mask(slf, mask)
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match into_mask(other) {
            Ok(mask) => Ok((self.mask == mask)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// Every subset of the set, as ints (the carry-rippler trick), the empty set first,
    /// made one at a time.
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler {
            mask: self.mask,
            next: Some(0),
        }
    }

    /// The set flipped top to bottom.
    fn mirror(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let mask = slf.borrow().mask.swap_bytes();
        SquareSet::with_mask(slf, mask)
    }

    /// 64 booleans, ``a1`` first.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|i| self.mask & (1 << i) != 0).collect()
    }

    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask);
        format!(
            "SquareSet(0x{}_{}_{}_{})",
            &hex[0..4],
            &hex[4..8],
            &hex[8..12],
            &hex[12..16]
        )
    }

    fn __str__(&self) -> String {
        let mut out = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                if file > 0 {
                    out.push(' ');
                }
                out.push(if self.mask & (1 << (rank * 8 + file)) != 0 {
                    '1'
                } else {
                    '.'
                });
            }
            if rank > 0 {
                out.push('\n');
            }
        }
        out
    }

    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let kwargs = pyo3::types::PyDict::new(slf.py());
        kwargs.set_item("squares", slf)?;
        kwargs.set_item("size", 400)?;
        slf.py()
            .import("kingside.svg")?
            .call_method("board", (), Some(&kwargs))?
            .extract()
    }

    /// The whole line through `a` and `b`, edge to edge (empty when they share none).
    #[classmethod]
    fn ray<'py>(
        cls: &Bound<'py, PyType>,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = convert::square(a, "a")?;
        let b = convert::square(b, "b")?;
        cls.call1((line(a, b).0,))
    }

    /// The squares strictly between `a` and `b` on their line.
    #[classmethod]
    fn between<'py>(
        cls: &Bound<'py, PyType>,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = convert::square(a, "a")?;
        let b = convert::square(b, "b")?;
        cls.call1((attacks::between(a, b).0,))
    }

    /// The set of one square.
    #[classmethod]
    fn from_square<'py>(
        cls: &Bound<'py, PyType>,
        square: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let sq = convert::square(square, "square")?;
        cls.call1((Bitboard::from_square(sq).0,))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        (slf.get_type(), (slf.borrow().mask,)).into_pyobject(slf.py())
    }
}

/// python-chess's `ray`: the line through two squares, empty for a square and itself.
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    if a == b {
        Bitboard::EMPTY
    } else {
        attacks::line(a, b)
    }
}

/// The subsets of a mask, one at a time: `SquareSet.carry_rippler()`.
#[pyclass(module = "kingside")]
pub(crate) struct CarryRippler {
    mask: u64,
    next: Option<u64>,
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        let subset = self.next?;
        let following = subset.wrapping_sub(self.mask) & self.mask;
        self.next = (following != 0).then_some(following);
        Some(subset)
    }
}
