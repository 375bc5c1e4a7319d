//! The transposition table: what earlier searches learnt about positions, by Zobrist hash.

use std::io;
use std::ops::Deref;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use chess_rules::Move;
use memmap2::MmapMut;

use crate::score::{TB_WIN_BOUND, Value};

/// What a stored value says about the true value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true value is this value.
    Exact,
    /// The true value is at least this value (the search failed high).
    Lower,
    /// The true value is at most this value (the search failed low).
    Upper,
    /// Nothing is known of the true value: the entry keeps the position's static evaluation
    /// alone, stored before the node's search so that pruning that ends the node early
    /// still saves the next visit an evaluation (Stockfish's `BOUND_NONE`).
    None,
}

// An entry is 16 bytes, four to a 64-byte bucket, in two atomic words so that several search
// threads share the table without locks (Lazy SMP). The first word is the key xor the second,
// so that a word torn by two threads writing at once reads as another key: a miss, never a
// wrong hit (Hyatt's lockless hashing).
//
// data, bit  0-15: the best move (0: none; a1a1 is never a move)
//           16-31: the search value, mate values relative to the entry's position
//           32-47: the static evaluation
//           48-55: the draft in plies plus DEPTH_OFFSET (0: empty)
//           56-57: the bound (0 none, 1 exact, 2 lower, 3 upper)
//              58: whether the position was ever in a principal variation
//           59-63: the generation

/// Added to the draft stored, so that the drafts of an evaluation alone
/// ([`DEPTH_UNSEARCHED`]) and of the quiescence search (0) are told from an empty entry.
const DEPTH_OFFSET: i32 = 2;
/// The draft of an entry that keeps an evaluation alone ([`Bound::None`]).
pub(crate) const DEPTH_UNSEARCHED: i32 = -1;

/// The principal-variation flag in an entry's `gen_bound` byte.
const PV_BIT: u8 = 1 << 2;
/// Where the generation starts in the `gen_bound` byte, and its values.
const GENERATION_SHIFT: u8 = 3;
const GENERATION_MASK: u8 = 0x1f;

/// One stored search result.
#[derive(Default, Debug)]
#[repr(C)]
struct Entry {
    /// The full 64-bit hash xor `data`.
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry's fields, unpacked.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
struct Data {
    mv: u16,
    value: i16,
    eval: i16,
    depth: u8,
    gen_bound: u8,
}

impl Data {
    #[inline]
    const fn pack(self) -> u64 {
        self.mv as u64
            | (self.value as u16 as u64) << 16
            | (self.eval as u16 as u64) << 32
            | (self.depth as u64) << 48
            | (self.gen_bound as u64) << 56
    }

    #[inline]
    const fn unpack(bits: u64) -> Data {
        Data {
            mv: bits as u16,
            value: (bits >> 16) as u16 as i16,
            eval: (bits >> 32) as u16 as i16,
            depth: (bits >> 48) as u8,
            gen_bound: (bits >> 56) as u8,
        }
    }
}

impl Entry {
    /// The key and data as stored (the key is only right if no other thread tore them).
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        (key, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, data: Data) {
        let bits = data.pack();
        self.check.store(key ^ bits, Ordering::Relaxed);
        self.data.store(bits, Ordering::Relaxed);
    }
}

const BUCKET_SIZE: usize = 4;

#[derive(Default, Debug)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET_SIZE]);

/// The size of a huge page on x86-64 and on most ARM64 kernels.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// The buckets, in an anonymous mapping of their own that the kernel is asked to back with
/// huge pages. On 4 KiB pages a table of megabytes misses the TLB on nearly every probe, and
/// the page walk waits on memory as the probe does: huge pages made the engine 6 to 11%
/// faster here, the larger the table the more (docs/performance.md). Stockfish allocates its
/// table the same way.
struct Buckets {
    map: MmapMut,
    /// Where the first bucket starts in `map`: a huge-page boundary when the table is at
    /// least a huge page.
    offset: usize,
    len: usize,
}

impl Buckets {
    /// `count` empty buckets (at least one).
    fn new(count: usize) -> io::Result<Buckets> {
        let count = count.max(1);
        let bytes = count
            .checked_mul(size_of::<Bucket>())
            .ok_or_else(|| io::Error::from(io::ErrorKind::OutOfMemory))?;
        // A huge page more than needed, so that the buckets can start at a huge-page boundary
        // (the kernel backs only whole, aligned huge pages).
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            align_of::<Bucket>()
        };
        let map = MmapMut::map_anon(bytes + align)?;
        // From the address rather than `align_offset`, which may give up (`usize::MAX`).
        let address = map.as_ptr() as usize;
        let offset = address.next_multiple_of(align) - address;
        // A hint: where it is refused (another system, huge pages switched off) the table
        // works on small pages.
        #[cfg(target_os = "linux")]
        let _ = map.advise_range(memmap2::Advice::HugePage, offset, bytes);
        Ok(Buckets {
            map,
            offset,
            len: count,
        })
    }
}

impl Deref for Buckets {
    type Target = [Bucket];

    #[inline]
    fn deref(&self) -> &[Bucket] {
        // SAFETY: the mapping is readable and writable, `offset + len * size_of::<Bucket>()`
        // bytes fit in it (`new` mapped `align` bytes more and `offset < align`), and it
        // lives as long as `self`, which the slice borrows. The start is a multiple of
        // `align_of::<Bucket>()` (`offset` aligns it to at least that). Anonymous memory
        // starts zeroed, and zero is a valid `Bucket` (atomics of 0: empty entries); the
        // memory is only ever changed through those atomics, which allow it through `&`.
        unsafe {
            core::slice::from_raw_parts(
                self.map.as_ptr().add(self.offset).cast::<Bucket>(),
                self.len,
            )
        }
    }
}

/// What a probe found.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub(crate) mv: Option<Move>,
    pub(crate) value: Value,
    pub(crate) eval: Value,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
    /// Whether the position was in a principal variation when it was stored, or before.
    pub(crate) pv: bool,
}

/// A hash table of search results, replaced by depth and age; shared by the threads of a
/// search.
pub(crate) struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
}

/// The most a table may take, in megabytes.
pub(crate) const MAX_HASH_MB: usize = 1 << 16;

impl TranspositionTable {
    /// A table of (about) `mb` megabytes, at least one bucket.
    ///
    /// # Panics
    ///
    /// If not even one bucket can be mapped.
    pub(crate) fn new(mb: usize) -> TranspositionTable {
        // A failed allocation leaves the smallest table, which still works.
        let buckets = Buckets::new(Self::bucket_count(mb))
            .or_else(|_| Buckets::new(1))
            .expect("a 64-byte table could not be mapped");
        let tt = TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        };
        // Empty already: written to so that the page faults (the kernel zeroing pages and
        // assembling huge ones) are paid now rather than in the first search.
        tt.clear();
        tt
    }

    /// How many buckets make `mb` megabytes, clamped to 1..=[`MAX_HASH_MB`].
    fn bucket_count(mb: usize) -> usize {
        (mb.clamp(1, MAX_HASH_MB) * 1024 * 1024 / size_of::<Bucket>()).max(1)
    }

    /// Reallocates for `mb` megabytes (clamped to 1..=[`MAX_HASH_MB`]), emptying the table.
    /// On allocation failure the table keeps its old size (emptied).
    pub(crate) fn resize(&mut self, mb: usize) -> io::Result<()> {
        let count = Self::bucket_count(mb);
        if count == self.buckets.len() {
            self.clear();
            return Ok(());
        }
        match Buckets::new(count) {
            Ok(buckets) => {
                self.buckets = buckets;
                // Empty already: see `new`.
                self.clear();
                Ok(())
            }
            Err(e) => {
                self.clear();
                Err(e)
            }
        }
    }

    /// The size in megabytes.
    pub(crate) fn size_mb(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for entry in self.buckets.iter().flat_map(|b| &b.0) {
            entry.save(0, Data::default());
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        // Multiply-shift maps the hash onto any table size without a modulo.
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that the probe of a
    /// position about to be searched does not wait on memory: called as soon as the
    /// position's key is known, with other work (the network's update) before the probe.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(bucket) = self.buckets.get(self.bucket_index(key)) {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE, which the instruction needs, is part of every x86_64 processor;
            // a prefetch is a hint that reads nothing into the program and cannot fault,
            // and the address is that of a live bucket besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(core::ptr::from_ref(bucket).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored; mate values are made relative to `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let bucket = self.buckets.get(self.bucket_index(key))?;
        let entry = bucket.0.iter().find_map(|e| {
            let (k, data) = e.load();
            (k == key && data.depth != 0).then_some(data)
        })?;
        let bound = match entry.gen_bound & 3 {
            0 => Bound::None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: Move::from_u16(entry.mv).filter(|_| entry.mv != 0),
            value: value_from_tt(Value::from(entry.value), ply),
            eval: Value::from(entry.eval),
            depth: i32::from(entry.depth) - DEPTH_OFFSET,
            bound,
            pv: entry.gen_bound & PV_BIT != 0,
        })
    }

    /// Stores a search result for `key` found `ply` plies from the root.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        value: Value,
        eval: Value,
        depth: i32,
        bound: Bound,
        pv: bool,
        ply: usize,
    ) {
        let index = self.bucket_index(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(bucket) = self.buckets.get(index) else {
            return;
        };
        let entries: [(u64, Data); BUCKET_SIZE] = core::array::from_fn(|i| bucket.0[i].load());
        let age = |e: &Data| {
            i32::from((generation.wrapping_sub(e.gen_bound >> GENERATION_SHIFT)) & GENERATION_MASK)
        };
        let slot = match entries.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                // Replace the entry worth least: shallow, and from old searches.
                let mut victim = 0;
                let mut worst = i32::MAX;
                for (i, (_, e)) in entries.iter().enumerate() {
                    let worth = if e.depth == 0 {
                        i32::MIN
                    } else {
                        i32::from(e.depth) - 8 * age(e)
                    };
                    if worth < worst {
                        worst = worth;
                        victim = i;
                    }
                }
                victim
            }
        };
        let (old_key, old) = entries[slot];
        let same = old_key == key;
        // Keep a deeper result of the same position from this search unless the new one is
        // exact: it cost more and says more.
        let stored_depth = depth.clamp(DEPTH_UNSEARCHED, i32::from(u8::MAX) - DEPTH_OFFSET);
        if same
            && bound != Bound::Exact
            && i32::from(old.depth) - DEPTH_OFFSET > stored_depth + 2
            && age(&old) == 0
        {
            return;
        }
        let mv = match mv {
            Some(m) => m.to_u16(),
            None if same => old.mv,
            None => 0,
        };
        let bound_bits = match bound {
            Bound::None => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        bucket.0[slot].save(
            key,
            Data {
                mv,
                value: value_to_tt(value, ply) as i16,
                eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
                depth: (stored_depth + DEPTH_OFFSET) as u8,
                gen_bound: (generation << GENERATION_SHIFT) | (u8::from(pv) << 2) | bound_bits,
            },
        );
    }

    /// How full the table is, in permille: the share of a sample of entries written by the
    /// current search (UCI's `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.iter().take(1000 / BUCKET_SIZE);
        let mut used: u32 = 0;
        let mut total: u32 = 0;
        for bucket in sample {
            for e in &bucket.0 {
                total += 1;
                let (_, data) = e.load();
                if data.depth != 0 && data.gen_bound >> GENERATION_SHIFT == generation {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(total).unwrap_or(0)
    }
}

/// Mate values count from the root in the search but from the entry's position in the table,
/// so that a transposition at another ply reads the right distance.
#[inline]
fn value_to_tt(value: Value, ply: usize) -> Value {
    if value >= TB_WIN_BOUND {
        value + ply as Value
    } else if value <= -TB_WIN_BOUND {
        value - ply as Value
    } else {
        value
    }
}

#[inline]
fn value_from_tt(value: Value, ply: usize) -> Value {
    if value >= TB_WIN_BOUND {
        value - ply as Value
    } else if value <= -TB_WIN_BOUND {
        value + ply as Value
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in};
    use chess_core::Square;

    #[test]
    fn entries_are_a_quarter_cache_line() {
        assert_eq!(size_of::<Entry>(), 16);
        assert_eq!(size_of::<Bucket>(), 64);
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.size_mb(), 1);
        assert_eq!(tt.buckets.len(), 1024 * 1024 / 64);
    }

    #[test]
    fn the_mapped_buckets_start_aligned_and_hold_entries_at_both_ends() {
        let m = Move::new(Square::E2, Square::E4);
        // Keys 0 and u64::MAX map to the first and the last bucket.
        for (mb, align) in [(1, align_of::<Bucket>()), (4, HUGE_PAGE)] {
            let mut tt = TranspositionTable::new(mb);
            assert_eq!(tt.buckets.len(), mb * 1024 * 1024 / 64);
            assert_eq!(tt.buckets.as_ptr() as usize % align, 0, "{mb} MB");
            for key in [0, u64::MAX] {
                assert!(tt.probe(key, 0).is_none(), "{mb} MB: a new table is empty");
                tt.store(key, Some(m), 17, 5, 6, Bound::Lower, false, 0);
                assert_eq!(
                    tt.probe(key, 0).map(|h| (h.mv, h.value)),
                    Some((Some(m), 17))
                );
            }
            // A new size is a new mapping, empty and as usable.
            tt.resize(mb + 2).expect("mapped");
            assert_eq!(tt.buckets.len(), (mb + 2) * 1024 * 1024 / 64);
            assert_eq!(tt.buckets.as_ptr() as usize % HUGE_PAGE, 0);
            for key in [0, u64::MAX] {
                assert!(tt.probe(key, 0).is_none(), "{mb} MB resized: empty");
                tt.store(key, Some(m), -4, 5, 6, Bound::Upper, false, 0);
                assert_eq!(tt.probe(key, 0).map(|h| h.value), Some(-4));
            }
        }
    }

    #[test]
    fn data_packs_and_unpacks() {
        let data = Data {
            mv: 0xabcd,
            value: -31_000,
            eval: 1234,
            depth: 200,
            gen_bound: 0xff,
        };
        assert_eq!(Data::unpack(data.pack()), data);
        assert_eq!(Data::unpack(Data::default().pack()), Data::default());
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(42, None, 17, 5, 6, Bound::Exact, false, 0);
        let bucket = &tt.buckets[tt.bucket_index(42)];
        let entry = bucket.0.iter().find(|e| e.load().0 == 42).expect("stored");
        // Another thread's data under this key's check word: the key no longer matches.
        let other = Data {
            depth: 9,
            gen_bound: 1,
            ..Data::default()
        };
        entry.data.store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(42, 0).is_none());
    }

    #[test]
    fn prefetching_changes_nothing() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::E2, Square::E4);
        tt.store(42, Some(m), 17, 5, 6, Bound::Lower, false, 0);
        let before = tt.probe(42, 0).expect("stored");
        // Keys at both ends of the range map to the first and the last bucket.
        for key in [0, 1, 42, u64::MAX / 3, u64::MAX - 1, u64::MAX] {
            tt.prefetch(key);
        }
        let after = tt.probe(42, 0).expect("still stored");
        assert_eq!(
            (after.mv, after.value, after.eval, after.depth),
            (before.mv, before.value, before.eval, before.depth)
        );
        assert!(tt.probe(u64::MAX, 0).is_none());
    }

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::E2, Square::E4);
        assert!(tt.probe(42, 0).is_none());
        tt.store(42, Some(m), 17, 5, 6, Bound::Lower, false, 0);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!(
            (hit.mv, hit.value, hit.eval, hit.depth, hit.bound),
            (Some(m), 17, 5, 6, Bound::Lower)
        );
        // Storing without a move keeps the old one.
        tt.store(42, None, -3, 5, 7, Bound::Upper, false, 0);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!((hit.mv, hit.value, hit.bound), (Some(m), -3, Bound::Upper));
        assert!(!hit.pv);
        // The principal-variation flag comes back, and takes nothing from the generation.
        tt.new_search();
        tt.store(42, None, 8, 5, 9, Bound::Exact, true, 0);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!(
            (hit.value, hit.depth, hit.bound, hit.pv),
            (8, 9, Bound::Exact, true)
        );
        let (_, data) = tt.buckets[tt.bucket_index(42)]
            .0
            .iter()
            .map(Entry::load)
            .find(|(k, _)| *k == 42)
            .expect("stored");
        assert_eq!(data.gen_bound >> GENERATION_SHIFT, 1);
        tt.clear();
        assert!(tt.probe(42, 0).is_none());
    }

    #[test]
    fn mate_distances_follow_the_ply() {
        let tt = TranspositionTable::new(1);
        // Found at ply 3: mate 5 plies from the root is 2 plies from here.
        tt.store(7, None, mate_in(5), 0, 4, Bound::Exact, false, 3);
        assert_eq!(tt.probe(7, 3).map(|h| h.value), Some(mate_in(5)));
        // Reached again at ply 1, the same mate is 3 plies from the root.
        assert_eq!(tt.probe(7, 1).map(|h| h.value), Some(mate_in(3)));
        tt.store(8, None, mated_in(6), 0, 4, Bound::Exact, false, 2);
        assert_eq!(tt.probe(8, 4).map(|h| h.value), Some(mated_in(8)));
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        // Fill the sampled buckets: keys spread over the table by the multiply-shift index.
        let buckets = tt.buckets.len() as u64;
        for b in 0..250u64 {
            for i in 0..4u64 {
                let key = (b << 64u32.saturating_sub(buckets.trailing_zeros())) + i + 1;
                tt.store(key, None, 0, 0, 1, Bound::Exact, false, 0);
            }
        }
        assert_eq!(tt.hashfull(), 1000);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn an_evaluation_alone_bounds_nothing() {
        let tt = TranspositionTable::new(1);
        tt.store(42, None, 0, -35, DEPTH_UNSEARCHED, Bound::None, true, 0);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!(
            (hit.mv, hit.eval, hit.depth, hit.bound, hit.pv),
            (None, -35, DEPTH_UNSEARCHED, Bound::None, true)
        );
        // Neither it nor a quiescence search's result (draft 0) reads as an empty entry.
        tt.store(43, None, 12, 12, 0, Bound::Lower, false, 0);
        let hit = tt.probe(43, 0).expect("stored");
        assert_eq!((hit.depth, hit.bound), (0, Bound::Lower));
        // A search's result replaces it; it does not replace a deeper one of this search.
        tt.store(42, None, 7, -35, 5, Bound::Upper, false, 0);
        tt.store(42, None, 0, -35, DEPTH_UNSEARCHED, Bound::None, false, 0);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!((hit.value, hit.depth, hit.bound), (7, 5, Bound::Upper));
        // Drafts out of range are clamped, not wrapped into an empty entry.
        tt.store(44, None, 0, 0, -9, Bound::None, false, 0);
        tt.store(45, None, 0, 0, 1000, Bound::Exact, false, 0);
        assert_eq!(tt.probe(44, 0).map(|h| h.depth), Some(DEPTH_UNSEARCHED));
        assert_eq!(
            tt.probe(45, 0).map(|h| h.depth),
            Some(i32::from(u8::MAX) - DEPTH_OFFSET)
        );
    }

    #[test]
    fn deeper_entries_survive_replacement() {
        let tt = TranspositionTable::new(1);
        // Five keys in bucket 0: the shallowest of the first four makes room for the fifth.
        for (i, depth) in [(1u64, 9), (2, 3), (3, 7), (4, 8)] {
            tt.store(i, None, 0, 0, depth, Bound::Exact, false, 0);
        }
        tt.store(5, None, 0, 0, 1, Bound::Exact, false, 0);
        assert!(tt.probe(2, 0).is_none());
        for key in [1, 3, 4, 5] {
            assert!(tt.probe(key, 0).is_some(), "{key}");
        }
        // An evaluation alone goes before any search's result, a quiescence search's too.
        tt.store(7, None, 0, 0, DEPTH_UNSEARCHED, Bound::None, false, 0);
        assert!(tt.probe(5, 0).is_none() && tt.probe(7, 0).is_some());
        tt.store(6, None, 0, 0, 0, Bound::Lower, false, 0);
        assert!(tt.probe(7, 0).is_none());
        for key in [1, 3, 4, 6] {
            assert!(tt.probe(key, 0).is_some(), "{key}");
        }
    }
}
