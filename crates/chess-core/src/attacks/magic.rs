//! The parameters of a slider lookup, which the generated tables hold one of per square.

/// The lookup parameters of one square for one slider.
pub(crate) struct Magic {
    /// The squares whose occupancy changes the attacks (rays without their last square).
    pub(crate) mask: u64,
    /// The multiplier of the magic lookup (unused by the `pext` lookup).
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    pub(crate) magic: u64,
    /// 64 minus the number of bits of `mask`.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    pub(crate) shift: u32,
    /// Where this square's attack sets start in the shared table.
    pub(crate) offset: u32,
}
