//! The table the two threads of one board search share (see `search`):
//! the same buckets of four slots as [`Table`] (the buckets are handed
//! over, not copied), read and written through atomics, for cells in
//! either word ([`SharedBits`]).
//!
//! Why no thread ever reads a wrong entry: every access to a bucket, read
//! or write, holds the bucket's lock (the top bit of its first slot's
//! facts word, which a stored work level, at most 65, never sets), so a
//! reader sees each slot as one write left it, never the cells of one
//! entry with the facts of another. And every entry says only what is
//! true of its key: the value, or values the key does not have. Entries
//! may be lost (replaced, or written to the old buckets while the table
//! grows) and a thread may read an older entry than the other just wrote;
//! the search then knows less and searches more, but what it knows is
//! still true, so its answer is the one-thread answer.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};

use super::bits::Bits;
use super::table::{
    BUCKET, Bucket, Facts, Key, Parts, Slot, Table, hash, work_level, zeroed_buckets,
};

/// One bucket of `W` words: each slot's cells (one word, or two), its
/// facts packed as the slot's facts are laid out in a [`Table`]'s bucket
/// (see [`pack`]), and for two words of cells one word of padding.
#[repr(C, align(64))]
pub struct Shared<const W: usize>([AtomicU64; W]);

/// The words of cells a table can share: each names the bucket of atomics
/// that is its [`Bucket`] in memory.
pub trait SharedBits: Bits {
    /// The bucket of atomics of the same size and alignment as a
    /// `Bucket<Self>`.
    type Atomic: Send + Sync;
    /// The words of one slot.
    const SLOT_WORDS: usize;
    /// The bucket's words.
    fn words(bucket: &Self::Atomic) -> &[AtomicU64];
}

impl SharedBits for u64 {
    type Atomic = Shared<{ 2 * BUCKET }>;
    const SLOT_WORDS: usize = 2;
    fn words(bucket: &Self::Atomic) -> &[AtomicU64] {
        &bucket.0
    }
}

impl SharedBits for u128 {
    type Atomic = Shared<{ 4 * BUCKET }>;
    const SLOT_WORDS: usize = 4;
    fn words(bucket: &Self::Atomic) -> &[AtomicU64] {
        &bucket.0
    }
}

// The two kinds of bucket are one and the same memory (see `from_plain`),
// and a slot is its words.
const _: () = {
    use std::mem::{align_of, size_of};
    assert!(size_of::<<u64 as SharedBits>::Atomic>() == size_of::<Bucket<u64>>());
    assert!(align_of::<<u64 as SharedBits>::Atomic>() == align_of::<Bucket<u64>>());
    assert!(size_of::<<u128 as SharedBits>::Atomic>() == size_of::<Bucket<u128>>());
    assert!(align_of::<<u128 as SharedBits>::Atomic>() == align_of::<Bucket<u128>>());
    assert!(size_of::<Slot<u64>>() == 8 * <u64 as SharedBits>::SLOT_WORDS);
    assert!(size_of::<Slot<u128>>() == 8 * <u128 as SharedBits>::SLOT_WORDS);
};

/// The lock bit of a bucket, in its first slot's facts word: the top bit
/// of the work byte, the slot's last.
const LOCK: u64 = u64::from_ne_bytes([0, 0, 0, 0, 0, 0, 0, 0x80]);

/// The words of cells of a slot of `B`: 1 or 2.
fn cell_words<B: Bits>() -> usize {
    B::BITS as usize / 64
}

/// The index of slot `i`'s facts word in its bucket's words, after its
/// cells.
fn facts_at<B: SharedBits>(i: usize) -> usize {
    i * B::SLOT_WORDS + cell_words::<B>()
}

/// The cells slot `i` of `words` holds, in the word `B`, read in the
/// slot's own byte order.
fn cells_at<B: SharedBits>(words: &[AtomicU64], i: usize) -> B {
    let at = i * B::SLOT_WORDS;
    if cell_words::<B>() == 1 {
        return B::from_wide(words[at].load(Ordering::Relaxed) as u128);
    }
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&words[at].load(Ordering::Relaxed).to_ne_bytes());
    bytes[8..].copy_from_slice(&words[at + 1].load(Ordering::Relaxed).to_ne_bytes());
    B::from_wide(u128::from_ne_bytes(bytes))
}

/// Stores `cells` as slot `i`'s cells among `words` (see [`cells_at`]).
fn set_cells<B: SharedBits>(words: &[AtomicU64], i: usize, cells: B) {
    let at = i * B::SLOT_WORDS;
    let wide = cells.wide();
    if cell_words::<B>() == 1 {
        words[at].store(wide as u64, Ordering::Relaxed);
        return;
    }
    let bytes = wide.to_ne_bytes();
    for (k, half) in bytes.chunks_exact(8).enumerate() {
        let word = u64::from_ne_bytes(half.try_into().expect("eight bytes"));
        words[at + k].store(word, Ordering::Relaxed);
    }
}

/// The facts word of a slot as its fields: not, tag, value + 1, work.
fn unpack(word: u64) -> (u32, u16, u8, u8) {
    let b = word.to_ne_bytes();
    (
        u32::from_ne_bytes([b[0], b[1], b[2], b[3]]),
        u16::from_ne_bytes([b[4], b[5]]),
        b[6],
        b[7],
    )
}

/// The fields of a slot as its facts word (see [`unpack`]).
fn pack(not: u32, tag: u16, value: u8, work: u8) -> u64 {
    let (n, t) = (not.to_ne_bytes(), tag.to_ne_bytes());
    u64::from_ne_bytes([n[0], n[1], n[2], n[3], t[0], t[1], value, work])
}

/// The buckets of a [`Table`] as shared buckets, without copying.
fn from_plain<B: SharedBits>(buckets: Vec<Bucket<B>>) -> Vec<B::Atomic> {
    let mut buckets = std::mem::ManuallyDrop::new(buckets);
    let (ptr, len, cap) = (buckets.as_mut_ptr(), buckets.len(), buckets.capacity());
    // SAFETY: a `B::Atomic` has the size and alignment of a `Bucket<B>`
    // (asserted above for both words), so the allocation is one of `cap`
    // of them; both are plain integers in every bit pattern (an
    // `AtomicU64` is a `u64` in memory), and the slot's fields are read
    // back in their own byte order (`pack`, `unpack`, `cells_at`). The
    // vector is not used again.
    unsafe { Vec::from_raw_parts(ptr.cast::<B::Atomic>(), len, cap) }
}

/// The shared buckets as a [`Table`]'s, without copying (see `from_plain`).
fn to_plain<B: SharedBits>(buckets: Vec<B::Atomic>) -> Vec<Bucket<B>> {
    let mut buckets = std::mem::ManuallyDrop::new(buckets);
    let (ptr, len, cap) = (buckets.as_mut_ptr(), buckets.len(), buckets.capacity());
    // SAFETY: as in `from_plain`, the other way; the caller owns the
    // vector, so no thread holds a bucket's lock.
    unsafe { Vec::from_raw_parts(ptr.cast::<Bucket<B>>(), len, cap) }
}

/// The buckets of a [`SharedTable`]: those in use, and those it grew out
/// of, each with the thread that may still read them and how many times
/// that thread had said it held no bucket when they were replaced.
// The boxes keep each vector (its length with its buckets' address) at
// one place, which `SharedTable::current` points to.
#[allow(clippy::box_collection)]
struct Arrays<A> {
    in_use: Box<Vec<A>>,
    retired: Option<(Box<Vec<A>>, usize, u64)>,
}

/// What a [`SharedTable::put`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Put {
    /// Wrote the facts of a key already there, or stored nothing.
    Updated,
    /// Took an empty slot.
    Filled,
    /// Took the slot of another key.
    Replaced,
}

/// A table of region values shared by two threads, its keys' cells in
/// the word `B` (as a `Table<B>`). It grows like a [`Table`]; the buckets
/// it grew out of are freed once the other thread has shown it holds none
/// of them (see [`SharedTable::quiet`]), and it grows again only after,
/// so it holds at most what a growing [`Table`] holds.
pub struct SharedTable<B: SharedBits> {
    /// The buckets in use: `arrays.in_use`.
    current: AtomicPtr<Vec<B::Atomic>>,
    arrays: Mutex<Arrays<B::Atomic>>,
    /// For each thread, how many times it said it held no bucket.
    quiet: [AtomicU64; 2],
    /// About how many slots are filled (each thread counts its own fills
    /// and adds them now and then, see [`SharedTable::add_filled`]).
    filled: AtomicUsize,
    most_slots: usize,
    /// What the table was made of, but its buckets.
    budget: u64,
    plain_most_slots: usize,
    replaced: AtomicU64,
    /// See [`Table::holds_beyond_u64`].
    beyond_u64: AtomicBool,
}

impl<B: SharedBits> SharedTable<B> {
    /// The table's buckets, shared (not copied).
    pub fn new(table: Table<B>) -> SharedTable<B> {
        let parts = table.into_parts();
        let filled = parts.filled();
        let slots = parts.buckets.len() * BUCKET;
        let mut buckets = Box::new(from_plain::<B>(parts.buckets));
        SharedTable {
            current: AtomicPtr::new(&mut *buckets),
            arrays: Mutex::new(Arrays {
                in_use: buckets,
                retired: None,
            }),
            quiet: Default::default(),
            filled: AtomicUsize::new(filled),
            most_slots: parts.most_slots.max(slots),
            budget: parts.budget,
            plain_most_slots: parts.most_slots,
            replaced: AtomicU64::new(parts.replaced),
            beyond_u64: AtomicBool::new(parts.beyond_u64),
        }
    }

    /// The table put back together, as one thread uses it.
    pub fn into_table(self) -> Table<B> {
        let arrays = self.arrays.into_inner().unwrap_or_else(|e| e.into_inner());
        Table::from_parts(Parts {
            buckets: to_plain::<B>(*arrays.in_use),
            budget: self.budget,
            most_slots: self.plain_most_slots,
            replaced: self.replaced.into_inner(),
            beyond_u64: self.beyond_u64.into_inner(),
        })
    }

    /// The buckets in use.
    fn buckets(&self) -> &[B::Atomic] {
        // SAFETY: `current` points to a boxed vector of `arrays` (the box
        // keeps it at its place): the one in use, or one retired since
        // this load, which is freed only after this thread has said it
        // holds no bucket (`quiet`), which it does between its table
        // calls, never during one, so not before the borrow ends (see
        // `quiet` for the ordering). Their buckets are atomics.
        unsafe { &*self.current.load(Ordering::SeqCst) }
    }

    /// The words of `key`'s bucket among `buckets`, with `key`'s cells, or
    /// `None` for cells beyond the word.
    fn bucket(buckets: &[B::Atomic], key: Key) -> Option<(&[AtomicU64], B)> {
        let bits = Table::<B>::narrow(key)?;
        let i = hash(key.bits, key.tag) & (buckets.len() - 1);
        Some((B::words(&buckets[i]), bits))
    }

    /// Asks the processor for `key`'s bucket (see [`Table::prefetch`]).
    pub fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        if let Some((words, _)) = Self::bucket(self.buckets(), key) {
            for line in 0..std::mem::size_of_val(words) / 64 {
                // SAFETY: a prefetch is a hint that reads nothing and
                // cannot fault; SSE, which it needs, is part of every
                // x86-64 processor. The address lies inside the bucket.
                unsafe {
                    std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                        words.as_ptr().cast::<i8>().add(line * 64),
                    )
                };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored facts of `key`, if any.
    pub fn get(&self, key: Key) -> Option<Facts> {
        let (words, bits) = Self::bucket(self.buckets(), key)?;
        let first = lock::<B>(words);
        let mut found = None;
        for i in 0..BUCKET {
            let word = if i == 0 {
                first
            } else {
                words[facts_at::<B>(i)].load(Ordering::Relaxed)
            };
            let (not, tag, value, work) = unpack(word);
            if work != 0 && tag == key.tag && cells_at::<B>(words, i) == bits {
                found = Some(Facts {
                    value: value.checked_sub(1),
                    not: not as u64,
                });
                break;
            }
        }
        unlock::<B>(words, first);
        found
    }

    /// Stores the facts of `key` found after searching `work` positions,
    /// as [`Table::put`] does (but for growing: see
    /// [`SharedTable::add_filled`]).
    pub fn put(&self, key: Key, facts: Facts, work: u64) -> Put {
        let Some((words, bits)) = Self::bucket(self.buckets(), key) else {
            return Put::Updated;
        };
        if key.bits >> 64 != 0 {
            self.beyond_u64.store(true, Ordering::Relaxed);
        }
        let first = lock::<B>(words);
        let mut facts_words = [0u64; BUCKET];
        facts_words[0] = first;
        for (i, w) in facts_words.iter_mut().enumerate().skip(1) {
            *w = words[facts_at::<B>(i)].load(Ordering::Relaxed);
        }
        let same = (0..BUCKET).find(|&i| {
            let (_, tag, _, work) = unpack(facts_words[i]);
            work != 0 && tag == key.tag && cells_at::<B>(words, i) == bits
        });
        let empty = (0..BUCKET).find(|&i| unpack(facts_words[i]).3 == 0);
        let mut level = work_level(work);
        let (slot, done) = match (same, empty) {
            (Some(i), _) => {
                level = level.max(unpack(facts_words[i]).3);
                (i, Put::Updated)
            }
            (None, Some(i)) => (i, Put::Filled),
            (None, None) => {
                let cheapest = (0..BUCKET).min_by_key(|&i| unpack(facts_words[i]).3);
                (cheapest.expect("a bucket has slots"), Put::Replaced)
            }
        };
        let value = facts.value.map_or(0, |v| v + 1);
        facts_words[slot] = pack(facts.not as u32, key.tag, value, level);
        set_cells(words, slot, bits);
        if slot != 0 {
            words[facts_at::<B>(slot)].store(facts_words[slot], Ordering::Relaxed);
        }
        unlock::<B>(words, facts_words[0]);
        if done == Put::Replaced {
            self.replaced.fetch_add(1, Ordering::Relaxed);
        }
        done
    }

    /// Adds `n` slots thread `me` filled since it last told, and doubles
    /// the buckets once three quarters are full (as [`Table::put`] does),
    /// unless the other thread is doing it. Called between table calls.
    pub fn add_filled(&self, n: usize, me: usize) {
        self.filled.fetch_add(n, Ordering::Relaxed);
        if self.wants_room()
            && let Ok(mut arrays) = self.arrays.try_lock()
        {
            self.grow(&mut arrays, me);
        }
    }

    /// Whether three quarters of the slots are filled and the budget has
    /// room for twice as many.
    fn wants_room(&self) -> bool {
        let slots = self.buckets().len() * BUCKET;
        self.filled.load(Ordering::Relaxed) * 4 >= slots * 3 && slots < self.most_slots
    }

    /// Thread `me` says it holds no bucket now (it is between table
    /// calls), and frees the buckets the table grew out of if the other
    /// thread has said so too since they were replaced.
    ///
    /// Why that is safe: the grower stores the new `current`, then reads
    /// the other thread's count `c` (all sequentially consistent). A
    /// count above `c` was written after that read, so every table call
    /// the other thread begins after it loads the new `current`; and every
    /// call it began before has ended before it wrote the count, which the
    /// freeing thread read, so those calls happen before the freeing.
    pub fn quiet(&self, me: usize) {
        self.quiet[me].fetch_add(1, Ordering::SeqCst);
        let Ok(mut arrays) = self.arrays.try_lock() else {
            return;
        };
        if let Some((_, reader, seen)) = arrays.retired
            && self.quiet[reader].load(Ordering::SeqCst) > seen
        {
            arrays.retired = None;
        }
        // A growth put off while the old buckets were held.
        if self.wants_room() {
            self.grow(&mut arrays, me);
        }
    }

    /// Entries stored now, about.
    pub fn len(&self) -> usize {
        self.filled.load(Ordering::Relaxed)
    }

    /// The bytes the buckets in use take now.
    pub fn bytes(&self) -> u64 {
        std::mem::size_of_val(self.buckets()) as u64
    }

    /// Entries overwritten for room since the table was made.
    pub fn replaced(&self) -> u64 {
        self.replaced.load(Ordering::Relaxed)
    }

    /// Re-files every entry into twice the buckets and makes them the ones
    /// in use. The other thread goes on with the old buckets meanwhile;
    /// what it writes there after its bucket was copied is lost, which
    /// costs only work (see the module's note).
    fn grow(&self, arrays: &mut Arrays<B::Atomic>, me: usize) {
        // The buckets grown out of last time are still held: growing now
        // would hold three sets, more than the budget allows for.
        if arrays.retired.is_some() {
            return;
        }
        let old = self.buckets();
        let mut new = Box::new(from_plain::<B>(zeroed_buckets::<B>(old.len() * 2)));
        let mut filled = 0;
        for bucket in old {
            let words = B::words(bucket);
            let first = lock::<B>(words);
            for i in 0..BUCKET {
                let word = if i == 0 {
                    first
                } else {
                    words[facts_at::<B>(i)].load(Ordering::Relaxed)
                };
                if unpack(word).3 == 0 {
                    continue;
                }
                let bits = cells_at::<B>(words, i);
                let (_, tag, ..) = unpack(word);
                // The new buckets are this thread's alone until published.
                let to = B::words(&new[hash(bits.wide(), tag) & (old.len() * 2 - 1)]);
                let free = (0..BUCKET)
                    .find(|&j| unpack(to[facts_at::<B>(j)].load(Ordering::Relaxed)).3 == 0);
                if let Some(j) = free {
                    set_cells(to, j, bits);
                    to[facts_at::<B>(j)].store(word, Ordering::Relaxed);
                    filled += 1;
                }
            }
            unlock::<B>(words, first);
        }
        self.filled.store(filled, Ordering::Relaxed);
        self.current.store(&mut *new, Ordering::SeqCst);
        let reader = 1 - me;
        let seen = self.quiet[reader].load(Ordering::SeqCst);
        let old = std::mem::replace(&mut arrays.in_use, new);
        arrays.retired = Some((old, reader, seen));
    }
}

/// Takes the lock of the bucket of `words`, waiting while the other
/// thread holds it, and returns its first slot's facts word (without the
/// lock bit).
fn lock<B: SharedBits>(words: &[AtomicU64]) -> u64 {
    let word = &words[facts_at::<B>(0)];
    loop {
        let w = word.load(Ordering::Relaxed);
        if w & LOCK == 0
            && word
                .compare_exchange_weak(w, w | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        {
            return w;
        }
        std::hint::spin_loop();
    }
}

/// Gives back the lock of the bucket of `words`, its first slot's facts
/// word now `first`.
fn unlock<B: SharedBits>(words: &[AtomicU64], first: u64) {
    words[facts_at::<B>(0)].store(first & !LOCK, Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys of cells in the word `B`: for `u128`, cells past the first 64
    /// too, so both of a slot's words of cells are read back.
    fn key<B: SharedBits>(i: u64) -> Key {
        let low = i as u128 * 0x9E37_79B9;
        Key {
            bits: if B::BITS > 64 {
                low | (i as u128) << 70
            } else {
                low
            },
            tag: 5 << 8 | 9,
        }
    }

    /// Entries put in a shared table are read back, and are still there,
    /// with the same facts, once it is a plain table again; for cells in
    /// either word.
    fn keeps_its_entries<B: SharedBits>() {
        let shared = SharedTable::new(Table::<B>::new(1 << 25));
        let facts = |i: u64| Facts {
            value: i.is_multiple_of(3).then_some((i % 7) as u8),
            not: i % 5,
        };
        for i in 0..20_000 {
            if shared.put(key::<B>(i), facts(i), i) == Put::Filled {
                shared.add_filled(1, 0);
                shared.quiet(0);
                shared.quiet(1);
            }
        }
        assert!(shared.bytes() > 4096 * 16, "it grew");
        let mut found = 0;
        for i in 0..20_000 {
            if let Some(f) = shared.get(key::<B>(i)) {
                assert_eq!(f, facts(i));
                found += 1;
            }
        }
        assert!(found > 15_000, "{found}");
        let table = shared.into_table();
        assert_eq!(table.holds_beyond_u64(), B::BITS > 64);
        for i in 0..20_000 {
            if let Some(f) = table.get(key::<B>(i)) {
                assert_eq!(f, facts(i));
            }
        }
        assert!(table.len() >= found);
    }

    #[test]
    fn a_shared_table_keeps_its_entries_through_growth_and_back() {
        keeps_its_entries::<u64>();
        keeps_its_entries::<u128>();
    }

    /// A `u64` table stores nothing of cells beyond 64, as a plain one.
    #[test]
    fn a_narrow_shared_table_leaves_wide_cells_out() {
        let shared = SharedTable::new(Table::<u64>::new(1 << 20));
        let wide = key::<u128>(3);
        assert_eq!(shared.put(wide, Facts::value(1), 9), Put::Updated);
        assert_eq!(shared.get(wide), None);
        assert!(!shared.into_table().holds_beyond_u64());
    }

    /// Two threads writing and reading the same keys at once never read
    /// facts of another key: each key's facts name it.
    fn never_torn<B: SharedBits>() {
        // A small table, so the threads meet in the same buckets and
        // replace each other's entries.
        let slot = std::mem::size_of::<Slot<B>>() as u64;
        let shared = SharedTable::new(Table::<B>::new(64 * slot));
        // The facts of key `i` are "not i % 32", and its value i % 200.
        let facts = |i: u64| Facts {
            value: Some((i % 200) as u8),
            not: 1 << (i % 32),
        };
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let shared = &shared;
                s.spawn(move || {
                    for round in 0..200_000u64 {
                        let i = (round * 7 + t * 13) % 500;
                        shared.put(key::<B>(i), facts(i), round);
                        let j = (round * 11 + t) % 500;
                        if let Some(f) = shared.get(key::<B>(j)) {
                            assert_eq!(f, facts(j), "key {j}");
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn racing_threads_never_read_a_torn_entry() {
        never_torn::<u64>();
        never_torn::<u128>();
    }
}
