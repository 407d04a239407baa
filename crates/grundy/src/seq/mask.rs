//! Choosing the classification of the sparse engine from value statistics.
//!
//! With a mask `m`, the *parity* of a value `v` is that of `popcount(v & m)`.
//! A position `n` is *rare* when the parity of `G(n)` is even (the "range"
//! type of Winning Ways ch. 4, "Sparse space spells speed"; Gangolli and
//! Plambeck 1989), or, in the "domain" type, when it equals the parity of
//! `n` (Flammenkamp's octal-game computations). The sparse engine is fast
//! when rare positions are few.
//!
//! The Walsh–Hadamard transform counts the rare positions of every mask at
//! once: for a histogram `h`, `H(m) = Σ h(v)·(-1)^popcount(v & m)` is
//! `#rare - #common`. The domain type uses the signed histogram
//! `h_even - h_odd` (positions counted by the parity of `n`).

/// A classification of positions into rare and common.
///
/// Each position has a class bit: the parity of its value, plus (domain
/// type) the parity of the position. Pairs of different classes give one
/// parity of values, the *cheap* one. Correctness needs nothing more, but
/// speed needs the value of a common position to be cheap itself (else
/// nearly every heap needs a full scan). That fixes which class is rare: in
/// the range type the even class; in the domain type, with splits after
/// removing `t` tokens, the class equal to the parity of `t` (Flammenkamp:
/// `n` is sparse iff `parity(G(n) & m) = (n - t) mod 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Class {
    /// The mask.
    pub mask: u32,
    /// Whether the parity of the position takes part (domain type).
    pub domain: bool,
    /// The class bit of rare positions.
    pub rare: u8,
}

impl Class {
    /// The parity of value `v` under the mask.
    #[inline(always)]
    pub fn parity(self, v: u32) -> u8 {
        ((v & self.mask).count_ones() & 1) as u8
    }

    /// Whether position `n` holding value `v` is rare.
    #[inline(always)]
    pub fn is_rare(self, n: usize, v: u32) -> bool {
        let position = if self.domain { (n & 1) as u8 } else { 0 };
        self.parity(v) ^ position == self.rare
    }
}

trait MinByRare {
    fn min_by_rare(self, other: Self) -> Self;
}

impl MinByRare for (u64, Class) {
    /// The candidate with fewer rare positions (the earlier one on ties).
    fn min_by_rare(self, other: (u64, Class)) -> (u64, Class) {
        if other.0 < self.0 { other } else { self }
    }
}

fn walsh_hadamard(h: &mut [i64]) {
    let len = h.len();
    let mut half = 1;
    while half < len {
        for block in (0..len).step_by(2 * half) {
            for j in block..block + half {
                let (x, y) = (h[j], h[j + half]);
                h[j] = x + y;
                h[j + half] = x - y;
            }
        }
        half *= 2;
    }
}

/// The classification leaving the fewest rare positions, and their number.
///
/// `even[v]` and `odd[v]` count positions `n >= 1` of value `v` with `n`
/// even and odd; both have the same power-of-two length. The domain type
/// is considered when `domain` is `Some(t mod 2)` (every split removes a
/// number of tokens of that parity).
pub(crate) fn best_class(even: &[u64], odd: &[u64], domain: Option<u8>) -> (Class, u64) {
    debug_assert!(even.len().is_power_of_two() && even.len() == odd.len());
    let total: i64 = even.iter().chain(odd).map(|&c| c as i64).sum();
    // H(m) = #class0 - #class1.
    let pick = |mask: usize, is_domain: bool, h: i64, rare: u8| {
        let count = if rare == 0 { total + h } else { total - h } / 2;
        (
            count as u64,
            Class {
                mask: mask as u32,
                domain: is_domain,
                rare,
            },
        )
    };
    let mut range: Vec<i64> = even
        .iter()
        .zip(odd)
        .map(|(&e, &o)| (e + o) as i64)
        .collect();
    walsh_hadamard(&mut range);
    // Mask 0 gives every value the same parity, so no value is cheap and
    // the engine would scan everything: never choose it for the range type.
    let mut best = (
        total as u64 + 1,
        Class {
            mask: 0,
            domain: false,
            rare: 0,
        },
    );
    for (m, &h) in range.iter().enumerate().skip(1) {
        best = best.min_by_rare(pick(m, false, h, 0));
    }
    if let Some(rare) = domain {
        let mut signed: Vec<i64> = even
            .iter()
            .zip(odd)
            .map(|(&e, &o)| e as i64 - o as i64)
            .collect();
        walsh_hadamard(&mut signed);
        for (m, &h) in signed.iter().enumerate() {
            best = best.min_by_rare(pick(m, true, h, rare));
        }
    }
    (best.1, best.0.min(total as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(even: &[u64], odd: &[u64], class: Class) -> u64 {
        (0..even.len() as u32)
            .map(|v| {
                let at = |n: usize| class.is_rare(n, v) as u64;
                even[v as usize] * at(2) + odd[v as usize] * at(1)
            })
            .sum()
    }

    #[test]
    fn range_type_for_kayles_like_values() {
        // Values 1, 2, 4, 7, 8 have odd popcount: with the all-ones mask only
        // the 0s and 3s are rare.
        let mut even = vec![0u64; 16];
        let mut odd = vec![0u64; 16];
        for (v, c) in [(0, 3), (1, 40), (2, 40), (3, 2), (4, 40), (7, 30), (8, 20)] {
            even[v] = c / 2;
            odd[v] = c - c / 2;
        }
        let (class, rare) = best_class(&even, &odd, Some(1));
        assert_eq!(
            class,
            Class {
                mask: 15,
                domain: false,
                rare: 0
            }
        );
        assert_eq!(rare, 5);
        assert_eq!(rare, count(&even, &odd, class));
    }

    #[test]
    fn domain_type_when_values_follow_position_parity() {
        // G(n) = (n - 1) mod 4, as in the game 4.07: the low bit of the value
        // is the opposite of the parity of n, so every position is common.
        let mut even = vec![0u64; 4];
        let mut odd = vec![0u64; 4];
        for n in 1..1000usize {
            let v = (n - 1) % 4;
            if n % 2 == 0 {
                even[v] += 1
            } else {
                odd[v] += 1
            }
        }
        // 4.07 splits after removing 0 or 2 tokens: the rare class is 0.
        let (class, rare) = best_class(&even, &odd, Some(0));
        assert!(class.domain);
        assert_eq!(rare, 0);
        assert_eq!(rare, count(&even, &odd, class));
        let (range_only, range_rare) = best_class(&even, &odd, None);
        assert!(!range_only.domain && range_rare > 100);
    }
}
