//! Where the evaluation reports its terms: summed by their weights (the evaluation proper) or
//! counted (the tuner's trace, and tests that check which terms a position sets off).

use chess_core::Color;

use super::features::{COMPLEXITY, COUNT};
use super::tapered::S;
use super::weights::WEIGHTS;

/// Where the evaluation reports its terms.
pub(crate) trait Sink: Sized {
    /// Term `feature` applies `count` times to `color`.
    fn add(&mut self, color: Color, feature: usize, count: i32);
}

/// The evaluation proper: the sum of the weights of each side's terms, and the complexity
/// of the position (the sum of the endgame weights of the [`COMPLEXITY`] terms).
#[derive(Copy, Clone, Default, Debug)]
pub(crate) struct Total {
    pub(crate) sides: [S; 2],
    pub(crate) complexity: i32,
}

impl Sink for Total {
    #[inline(always)]
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        let weight = WEIGHTS[feature];
        if feature >= COMPLEXITY {
            self.complexity += weight.1 * count;
        } else {
            self.sides[color as usize] += weight * count;
        }
    }
}

/// The count of every term by side.
pub(crate) struct Counts(pub(crate) [[i32; COUNT]; 2]);

impl Default for Counts {
    fn default() -> Counts {
        Counts([[0; COUNT]; 2])
    }
}

impl Sink for Counts {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.0[color as usize][feature] += count;
    }
}
