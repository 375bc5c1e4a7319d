//! The lookup parameters of the sliders' tables, which the generated tables hold one of per
//! square and the lookups read.

/// The lookup parameters of one square for one slider: `(occupied & mask) * magic >> shift`,
/// or `pext(occupied, mask)`, from `offset` in the shared table of attack sets.
pub(super) struct Magic {
    /// The squares whose occupancy changes the attacks (rays without their last square).
    pub(super) mask: u64,
    /// The multiplier of the magic lookup (unused by the `pext` lookup).
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    pub(super) magic: u64,
    /// 64 minus the number of bits of `mask`.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    pub(super) shift: u32,
    /// Where this square's attack sets start in the shared table.
    pub(super) offset: u32,
}
