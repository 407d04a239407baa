//! Whether a quotient is tame: isomorphic, with its P-portion, to the
//! quotient of misère Nim.
//!
//! The quotient `T_k` of misère Nim with heaps below `2^k` (Plambeck,
//! "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
//! G05, §6; Plambeck and Siegel, arXiv math/0609825, §3) is derived from
//! Bouton's rule for misère Nim: a sum whose heaps are all 0 or 1 is lost
//! by the mover exactly when it has an odd number of ones; any other sum
//! exactly when its nim-sum is 0. So a sum's class is its parity `e` when
//! every heap is at most 1 (`s_e`), and otherwise its nim-sum `v` (`b_v`);
//! these `2 + 2^k` classes are told apart by adding Nim heaps, and they
//! multiply as `s_e·s_f = s_{e⊕f}`, `s_e·b_v = b_{v⊕e}`, `b_v·b_w =
//! b_{v⊕w}`, with `P = {s_1, b_0}`. `T_0` (no heap with a move) has one
//! element and `T_1` (heaps of 0 and 1) has two. The tests compute the
//! quotients of Nim heaps `0..n` and find these orders, 2, 6, 10, 18.

use super::monoid::Monoid;

/// The largest `k` whose `T_k` is compared (`2^12 + 2` elements).
const MAX_K: u32 = 12;

/// `Some(k)` when `(m, p)` is isomorphic to `T_k` (as a monoid, `P` onto
/// `P`), `None` when it is not (or when it is larger than `T_12`).
/// `gens` generate `m`.
pub(crate) fn tame_index(m: &Monoid, p: &[bool], gens: &[u32]) -> Option<u32> {
    let n = m.size();
    let k = match n {
        1 => 0,
        2 => 1,
        _ if n >= 6 && (n - 2).is_power_of_two() => (n - 2).trailing_zeros(),
        _ => return None,
    };
    if k > MAX_K {
        return None;
    }
    let (t, tp) = tame_monoid(k);
    search(m, p, gens, &t, &tp, &mut Vec::new()).then_some(k)
}

/// `T_k` and its P-portion: index 0 is `s_0`, 1 is `s_1` and `2 + v` is
/// `b_v`.
fn tame_monoid(k: u32) -> (Monoid, Vec<bool>) {
    if k == 0 {
        return (Monoid::trivial(), vec![false]);
    }
    let big = if k == 1 { 0 } else { 1usize << k };
    let size = 2 + big;
    let mut table = Vec::with_capacity(size * size);
    for a in 0..size {
        for b in 0..size {
            let c = match (a < 2, b < 2) {
                (true, true) => a ^ b,
                (true, false) => 2 + ((b - 2) ^ a),
                (false, true) => 2 + ((a - 2) ^ b),
                (false, false) => 2 + ((a - 2) ^ (b - 2)),
            };
            table.push(c as u32);
        }
    }
    let mut p = vec![false; size];
    p[1] = true;
    if big > 0 {
        p[2] = true;
    }
    (Monoid::from_table(size, table), p)
}

/// Depth-first search for images of `gens` in `t` (the first
/// `images.len()` already chosen) that extend to an isomorphism.
fn search(
    m: &Monoid,
    p: &[bool],
    gens: &[u32],
    t: &Monoid,
    tp: &[bool],
    images: &mut Vec<u32>,
) -> bool {
    if !consistent(m, p, &gens[..images.len()], t, tp, images) {
        return false;
    }
    if images.len() == gens.len() {
        return true;
    }
    for x in 0..t.size() as u32 {
        images.push(x);
        if search(m, p, gens, t, tp, images) {
            return true;
        }
        images.pop();
    }
    false
}

/// Whether sending `gens[i]` to `images[i]` defines, on the submonoid the
/// chosen generators generate, a one-to-one map that respects
/// multiplication and `P`: both are walked together from the identities,
/// and a clash is a proof that no isomorphism extends the choice. With
/// every generator chosen and the sizes equal, passing means the map is
/// an isomorphism.
fn consistent(
    m: &Monoid,
    p: &[bool],
    gens: &[u32],
    t: &Monoid,
    tp: &[bool],
    images: &[u32],
) -> bool {
    let mut to = vec![u32::MAX; m.size()];
    let mut from = vec![u32::MAX; t.size()];
    to[0] = 0;
    from[0] = 0;
    let mut queue = vec![0u32];
    let mut at = 0;
    while at < queue.len() {
        let q = queue[at];
        at += 1;
        for (&g, &x) in gens.iter().zip(images) {
            let (q2, t2) = (m.mul(q, g), t.mul(to[q as usize], x));
            if to[q2 as usize] == u32::MAX {
                if from[t2 as usize] != u32::MAX || p[q2 as usize] != tp[t2 as usize] {
                    return false;
                }
                to[q2 as usize] = t2;
                from[t2 as usize] = q2;
                queue.push(q2);
            } else if to[q2 as usize] != t2 {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tame_monoids_are_tame() {
        for k in 0..5 {
            let (t, tp) = tame_monoid(k);
            // Generators: s_1 and the b_v of powers of two.
            let mut gens: Vec<u32> = if k == 0 { vec![] } else { vec![1] };
            if k >= 2 {
                gens.extend((1..k).map(|i| 2 + (1u32 << i)));
            }
            assert_eq!(tame_index(&t, &tp, &gens), Some(k), "k={k}");
        }
    }
}
