//! A fast hash for keys made of small machine words.
//!
//! The misère searches key their tables by short lists of small numbers
//! (a sum's heaps, a quotient check's state), looked up once per option
//! listed. The standard library's SipHash took about a fifth of the
//! search's time there; its protection against chosen collisions buys
//! nothing where the keys come from the search itself and a position
//! limit bounds the work.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map hashed with [`WordHasher`].
pub(crate) type WordHashMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// A set hashed with [`WordHasher`].
pub(crate) type WordHashSet<K> = HashSet<K, BuildHasherDefault<WordHasher>>;

/// The multiply-and-rotate of rustc's `FxHasher`, eight bytes at a time.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let mut rest = [0u8; 8];
        let tail = chunks.remainder();
        if !tail.is_empty() {
            rest[..tail.len()].copy_from_slice(tail);
            self.add(u64::from_le_bytes(rest));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn finish(&self) -> u64 {
        // The high bits of a product depend on all the bits of its
        // factors, the low bits only on the low ones; the table picks its
        // bucket from the low bits (as rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
