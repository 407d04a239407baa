//! A transposition table of bounded size: it grows while the memory budget
//! allows and then keeps going by replacement, so a search never dies for
//! memory; with less room it only repeats work.
//!
//! Slots come in buckets of four, one cache line each for `u64` cells. A
//! new entry takes a free slot of its bucket, or else the slot whose facts
//! cost the least work to find (facts about small regions are cheap to
//! find again; the root's are not).
//!
//! An entry holds what is known of a region's value: the value itself, or
//! the values it is known not to have (found by the bounds search, which
//! asks "is the value one of these?" rather than computing every
//! option's value).

use super::bits::Bits;

/// A key: the cells of a region and a tag saying which box (or graph) the
/// cells belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The cells.
    pub bits: u128,
    /// The box `h << 8 | w`, or 0 for a region of a graph.
    pub tag: u16,
}

/// What is known of a region's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The value, when known.
    pub value: Option<u8>,
    /// Bit `k` set: the value is not `k` (for `k` below 64).
    pub not: u64,
}

impl Facts {
    /// The facts of a known value.
    pub fn value(v: u8) -> Facts {
        Facts {
            value: Some(v),
            not: 0,
        }
    }
}

/// One slot: the key in the word `B`, the facts, and how much work they
/// cost (the number of positions searched for them, as a power of two,
/// plus one; zero marks an empty slot).
///
/// A slot keeps the facts "not `k`" for `k` below 32 only: forgetting the
/// others is safe (they are found again if asked), and it keeps a slot of
/// `u64` cells to 16 bytes, four to a cache line.
#[derive(Clone, Copy, Default)]
#[repr(C)]
pub(super) struct Slot<B: Bits> {
    pub(super) bits: B,
    pub(super) not: u32,
    pub(super) tag: u16,
    /// The value plus one, or 0 when unknown.
    pub(super) value: u8,
    pub(super) work: u8,
}

/// Slots per bucket: a new entry may take any slot of its bucket, so with
/// four the table can fill to three quarters before many entries are
/// replaced. Four slots of `u64` cells fill one 64-byte cache line, so a
/// lookup, which mostly waits for memory, waits for one line (two for
/// `u128` cells).
pub(super) const BUCKET: usize = 4;

/// The slots of one bucket, aligned to a cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Bucket<B: Bits>(pub(super) [Slot<B>; BUCKET]);

// A bucket of `u64` cells is one cache line, as the lookups assume.
const _: () = assert!(std::mem::size_of::<Bucket<u64>>() == 64);

/// The slots a table starts with (grown by doubling up to the budget).
const FIRST_SLOTS: usize = 1 << 12;

/// `n` empty buckets. On Linux a large table asks for huge pages before
/// its memory is first touched: every lookup lands on a random page, and
/// with pages of 4 KiB nearly every one also misses the address cache
/// (TLB), which measured as a large part of a Cram search's time.
pub(super) fn zeroed_buckets<B: Bits>(n: usize) -> Vec<Bucket<B>> {
    let mut buckets: Vec<Bucket<B>> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        let bytes = n * std::mem::size_of::<Bucket<B>>();
        if bytes >= 4 << 20 {
            // The advice takes whole pages; the allocation starts a little
            // past a page boundary (the allocator's header).
            const PAGE: usize = 4096;
            let start = buckets.as_mut_ptr() as usize;
            let first = start.next_multiple_of(PAGE);
            let end = (start + bytes) / PAGE * PAGE;
            // SAFETY: the pages lie inside the vector's own allocation; the
            // advice changes only how the kernel backs them, never their
            // contents. A refusal (no transparent huge pages) leaves small
            // pages.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    buckets.resize(n, Bucket::default());
    buckets
}

/// The hash of a key, whose low bits pick its bucket: the finaliser of
/// SplitMix64 over both halves of the cells and the tag, so that every
/// input bit reaches every output bit.
pub(super) fn hash(wide: u128, tag: u16) -> usize {
    let lo = wide as u64;
    let hi = (wide >> 64) as u64;
    let mut x = lo
        ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (tag as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    x as usize
}

/// The work level [`Table::put`] stores for facts found after searching
/// `work` positions: the bit length of `work` plus one, 1 to 65 (0 marks
/// an empty slot).
pub(super) fn work_level(work: u64) -> u8 {
    (64 - work.leading_zeros()) as u8 + 1
}

/// A table of region values within a byte budget, its keys' cells kept in
/// the word `B` (see [`Bits`]): a `u64` table holds only regions of boxes
/// of at most 64 cells, and quietly keeps nothing of larger ones.
pub struct Table<B: Bits = u128> {
    buckets: Vec<Bucket<B>>,
    filled: usize,
    /// The budget in bytes, as given.
    budget: u64,
    most_slots: usize,
    replaced: u64,
    /// Whether a key whose cells do not fit a `u64` was ever stored (see
    /// [`Table::holds_beyond_u64`]).
    beyond_u64: bool,
}

impl<B: Bits> Table<B> {
    /// The bytes one slot takes.
    const SLOT_BYTES: u64 = std::mem::size_of::<Slot<B>>() as u64;

    /// An empty table that will hold at most `budget` bytes (at least one
    /// bucket, however small the budget), counting the moment of growth,
    /// when the old slots and the twice as many new ones are both held.
    pub fn new(budget: u64) -> Table<B> {
        let most = usize::try_from(budget / 3 * 2 / Self::SLOT_BYTES).unwrap_or(usize::MAX);
        // A power of two, so a hash picks a bucket with a mask.
        let most_slots = if most < BUCKET {
            BUCKET
        } else {
            1usize << (usize::BITS - 1 - most.leading_zeros())
        };
        Table {
            buckets: zeroed_buckets(FIRST_SLOTS.min(most_slots) / BUCKET),
            filled: 0,
            budget,
            most_slots,
            replaced: 0,
            beyond_u64: false,
        }
    }

    /// Lowers or raises the budget (a later query's `--max-memory`); a
    /// table already larger than the new budget is cleared to fit it.
    pub fn set_budget(&mut self, budget: u64) {
        let fresh = Table::new(budget);
        if fresh.most_slots < self.slots() {
            *self = fresh;
        } else {
            self.most_slots = fresh.most_slots;
            self.budget = budget;
        }
    }

    /// The same entries in a table of another word, within the same
    /// budget: while both are held, the new one has only what the old one
    /// leaves of the budget (so a few cheap entries may be replaced), and
    /// it may grow to the whole budget after. Entries whose cells do not
    /// fit the word are left out; see [`Table::holds_beyond_u64`].
    pub fn into_word<C: Bits>(self) -> Table<C> {
        let budget = self.budget;
        let mut other = Table::<C>::new(budget.saturating_sub(self.bytes()));
        for (key, facts, level) in self.entries() {
            other.put_level(key, facts, level);
        }
        other.replaced += self.replaced;
        drop(self);
        other.set_budget(budget);
        other
    }

    /// Whether the table may hold a key whose cells do not fit a `u64` (a
    /// piece of a box of more than 64 cells): such a table loses entries
    /// if turned into a `u64` table.
    pub fn holds_beyond_u64(&self) -> bool {
        self.beyond_u64
    }

    /// Entries stored now.
    pub fn len(&self) -> usize {
        self.filled
    }

    /// Entries overwritten for room since the table was made.
    pub fn replaced(&self) -> u64 {
        self.replaced
    }

    /// The slots there are now.
    fn slots(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// The bytes the slots will take at most, grown to the budget.
    #[cfg(test)]
    pub fn most_bytes(&self) -> u64 {
        self.most_slots as u64 * Self::SLOT_BYTES
    }

    /// The bytes the slots take now.
    pub fn bytes(&self) -> u64 {
        self.slots() as u64 * Self::SLOT_BYTES
    }

    /// The key's cells in the table's word, or `None` when they do not fit.
    #[inline]
    pub(super) fn narrow(key: Key) -> Option<B> {
        let bits = B::from_wide(key.bits);
        (bits.wide() == key.bits).then_some(bits)
    }

    fn bucket(&self, bits: B, tag: u16) -> usize {
        hash(bits.wide(), tag) & (self.buckets.len() - 1)
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that
    /// a [`Table::get`] soon after does not wait for memory. A search looks
    /// up every option of a position; fetched ahead together, the misses
    /// overlap instead of following one another.
    pub fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        {
            let Some(bits) = Self::narrow(key) else {
                return;
            };
            let bucket: *const Bucket<B> = &self.buckets[self.bucket(bits, key.tag)];
            let lines = std::mem::size_of::<Bucket<B>>() / 64;
            for line in 0..lines {
                // SAFETY: a prefetch is a hint that reads nothing and cannot
                // fault; SSE, which it needs, is part of every x86-64
                // processor. The address lies inside the bucket.
                unsafe {
                    std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                        bucket.cast::<i8>().add(line * 64),
                    )
                };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored facts of `key`, if any.
    pub fn get(&self, key: Key) -> Option<Facts> {
        let bits = Self::narrow(key)?;
        let b = self.bucket(bits, key.tag);
        self.buckets[b]
            .0
            .iter()
            .find(|s| s.work != 0 && s.bits == bits && s.tag == key.tag)
            .map(|s| Facts {
                value: s.value.checked_sub(1),
                not: s.not as u64,
            })
    }

    /// Stores the facts of `key`, found after searching `work` positions
    /// (replacing what was stored for it). A key whose cells do not fit
    /// the table's word is not stored.
    pub fn put(&mut self, key: Key, facts: Facts, work: u64) {
        let Some(bits) = Self::narrow(key) else {
            return;
        };
        self.beyond_u64 |= key.bits >> 64 != 0;
        // Grow at three quarters full. Some buckets fill before that, so
        // some cheap entries are replaced before the budget is reached
        // (about one put in eight near three quarters); growing at half
        // full measured no faster on `cram(5x8)` (2.63–2.73 s against
        // 2.69–2.74 s) and took 55 MB instead of 30 MB.
        if self.filled * 4 >= self.slots() * 3 && self.slots() < self.most_slots {
            self.grow();
        }
        let work = work_level(work);
        let b = self.bucket(bits, key.tag);
        let bucket = &mut self.buckets[b].0;
        let same = bucket
            .iter()
            .position(|s| s.work != 0 && s.bits == bits && s.tag == key.tag);
        let slot = match same.or_else(|| bucket.iter().position(|s| s.work == 0)) {
            Some(i) if same.is_some() => i,
            Some(i) => {
                self.filled += 1;
                i
            }
            None => {
                self.replaced += 1;
                (0..BUCKET)
                    .min_by_key(|&i| bucket[i].work)
                    .expect("a bucket has slots")
            }
        };
        let work = if same.is_some() {
            work.max(bucket[slot].work)
        } else {
            work
        };
        bucket[slot] = Slot {
            bits,
            not: facts.not as u32,
            tag: key.tag,
            value: facts.value.map_or(0, |v| v + 1),
            work,
        };
    }

    /// Every entry: its key, its facts, and the work level it was stored
    /// with (as [`Table::put_level`] takes it back).
    pub fn entries(&self) -> impl Iterator<Item = (Key, Facts, u8)> + '_ {
        self.buckets
            .iter()
            .flat_map(|b| &b.0)
            .filter(|s| s.work != 0)
            .map(|s| {
                (
                    Key {
                        bits: s.bits.wide(),
                        tag: s.tag,
                    },
                    Facts {
                        value: s.value.checked_sub(1),
                        not: s.not as u64,
                    },
                    s.work,
                )
            })
    }

    /// Stores the facts of `key` with a work level read back from
    /// [`Table::entries`] (1 to 65), as [`Table::put`] does.
    pub fn put_level(&mut self, key: Key, facts: Facts, level: u8) {
        // The work whose level is `level`: 2^(level - 2), or 0 for 1.
        let work = match level {
            0 | 1 => 0,
            l => 1u64 << (l.min(65) - 2),
        };
        self.put(key, facts, work);
    }

    /// Grows the table (by doubling) to at least `slots` slots, or to its
    /// budget if that is less.
    pub fn grow_to(&mut self, slots: usize) {
        while self.slots() < slots.min(self.most_slots) {
            self.grow();
        }
    }

    /// Doubles the slots and re-files every entry.
    fn grow(&mut self) {
        let size = (self.slots() * 2).min(self.most_slots);
        let old = std::mem::replace(&mut self.buckets, zeroed_buckets(size / BUCKET));
        self.filled = 0;
        for s in old.into_iter().flat_map(|b| b.0).filter(|s| s.work != 0) {
            let b = self.bucket(s.bits, s.tag);
            if let Some(slot) = self.buckets[b].0.iter_mut().find(|s| s.work == 0) {
                *slot = s;
                self.filled += 1;
            }
        }
    }
}

/// What a [`Table`] is made of, for the table its threads share while a
/// search runs on two (see `super::shared`).
pub(super) struct Parts<B: Bits> {
    pub(super) buckets: Vec<Bucket<B>>,
    pub(super) budget: u64,
    pub(super) most_slots: usize,
    pub(super) replaced: u64,
    /// See [`Table::holds_beyond_u64`].
    pub(super) beyond_u64: bool,
}

impl<B: Bits> Parts<B> {
    /// How many slots hold an entry.
    pub(super) fn filled(&self) -> usize {
        self.buckets
            .iter()
            .flat_map(|b| &b.0)
            .filter(|s| s.work != 0)
            .count()
    }
}

impl<B: Bits> Table<B> {
    /// The table taken apart (its buckets kept as they are, not copied),
    /// first grown to the slots a table starts with (a table made with no
    /// budget has one bucket until its first query's entries grow it).
    pub(super) fn into_parts(mut self) -> Parts<B> {
        while self.slots() < FIRST_SLOTS.min(self.most_slots) {
            self.grow();
        }
        Parts {
            buckets: self.buckets,
            budget: self.budget,
            most_slots: self.most_slots,
            replaced: self.replaced,
            beyond_u64: self.beyond_u64,
        }
    }

    /// The table put back together, its entries counted again.
    pub(super) fn from_parts(parts: Parts<B>) -> Table<B> {
        let filled = parts.filled();
        Table {
            buckets: parts.buckets,
            filled,
            budget: parts.budget,
            most_slots: parts.most_slots,
            replaced: parts.replaced,
            beyond_u64: parts.beyond_u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_table_forgets_but_never_lies() {
        let mut t = Table::<u128>::new(96 * Table::<u128>::SLOT_BYTES);
        for i in 0..10_000u128 {
            t.put(Key { bits: i, tag: 7 }, Facts::value((i % 200) as u8), 1);
        }
        assert!(t.len() <= 64);
        assert!(t.replaced() > 0);
        let mut found = 0;
        for i in 0..10_000u128 {
            if let Some(f) = t.get(Key { bits: i, tag: 7 }) {
                assert_eq!(f, Facts::value((i % 200) as u8));
                found += 1;
            }
            assert_eq!(t.get(Key { bits: i, tag: 8 }), None);
        }
        assert!(found > 0);
    }
}
