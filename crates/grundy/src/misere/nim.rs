//! Misère Nim (anti-Nim) by Bouton's rule.
//!
//! Bouton (1901, "Nim, a game with a complete mathematical theory", *Annals
//! of Mathematics* 3) already treated the misère form: when every heap has
//! at most one token, the player to move wins exactly when the number of
//! heaps of one is even; otherwise the player to move wins exactly when the
//! nim-sum is non-zero, as in normal Nim. (The winner plays as in normal
//! Nim until a move would leave only heaps of at most one, and then leaves
//! an odd number of them.) Jia Zhihao's 2009 training-team paper states it
//! as the anti-Nim theorem and generalises it to the SJ theorem
//! ([`super::sj`]).
//!
//! The misère Grundy value of a Nim position follows the same split: the
//! nim-sum when some heap exceeds one, and one more or less (the nim-sum
//! with `1`) when none does (*Winning Ways*, ch. 13: the misère values of
//! Nim positions).
//!
//! ```
//! use grundy::misere::nim;
//!
//! // HDU 1907 "John": whoever eats the last candy loses.
//! assert!(nim::first_player_wins(&[3, 5, 1]));
//! assert!(!nim::first_player_wins(&[1]));
//! // The one winning move from 3, 5, 1 leaves 3, 2, 1 (nim-sum 0).
//! assert_eq!(nim::winning_moves(&[3, 5, 1]), [(1, 2)]);
//! ```

use crate::nimber::Nimber;

/// Whether the player to move wins misère Nim with these heaps.
pub fn first_player_wins(heaps: &[u64]) -> bool {
    !misere_grundy(heaps).is_zero()
}

/// The misère Grundy value of a Nim position: the nim-sum if some heap has
/// two or more tokens, and the nim-sum plus one (XOR 1) if none has.
pub fn misere_grundy(heaps: &[u64]) -> Nimber {
    let sum: Nimber = heaps.iter().map(|&h| Nimber(h)).sum();
    if heaps.iter().any(|&h| h > 1) {
        sum
    } else {
        sum + Nimber(1)
    }
}

/// Every winning move of misère Nim, as `(heap index, tokens left)`, in
/// heap order; empty when the player to move loses.
///
/// A winning move changes one heap `h` to `t < h`. Only three values of
/// `t` can win: the one making the nim-sum 0 (which wins when a heap of two
/// or more remains), and 0 or 1 (which win when no such heap remains and
/// an odd number of heaps of one does).
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let sum = heaps.iter().fold(0u64, |acc, &h| acc ^ h);
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let others_big = big - usize::from(h > 1) > 0;
        let mut targets = [sum ^ h, 0, 1];
        targets.sort_unstable();
        let mut last = None;
        for t in targets {
            if t >= h || last == Some(t) {
                continue;
            }
            last = Some(t);
            let after = sum ^ h ^ t;
            // P after the move: a big heap and nim-sum 0, or no big heap
            // and nim-sum 1 (an odd number of heaps of one).
            let lost = if others_big || t > 1 {
                after == 0
            } else {
                after == 1
            };
            if lost {
                moves.push((i, t));
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_of_one_count_by_parity() {
        assert!(
            first_player_wins(&[]),
            "no move: the player to move has won"
        );
        assert!(!first_player_wins(&[1]));
        assert!(first_player_wins(&[1, 1]));
        assert!(!first_player_wins(&[1, 1, 1]));
        assert!(!first_player_wins(&[0, 1, 0]));
    }

    #[test]
    fn with_a_big_heap_it_is_normal_nim() {
        assert!(first_player_wins(&[2]));
        assert!(!first_player_wins(&[2, 2]));
        assert!(!first_player_wins(&[1, 2, 3]));
        assert!(first_player_wins(&[1, 1, 2]));
    }

    #[test]
    fn single_big_heap_is_cut_to_leave_an_odd_number_of_ones() {
        assert_eq!(winning_moves(&[1, 1, 5]), [(2, 1)]);
        assert_eq!(winning_moves(&[1, 5]), [(1, 0)]);
        assert_eq!(winning_moves(&[3, 5, 7]), [(0, 2), (1, 4), (2, 6)]);
        assert!(winning_moves(&[2, 2]).is_empty());
    }
}
