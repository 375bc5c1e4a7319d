//! A middlegame and an endgame value, blended by the game phase.

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct S(pub(crate) i32, pub(crate) i32);

impl Add for S {
    type Output = S;
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}

impl SubAssign for S {
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
