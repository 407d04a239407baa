//! Playing sums of heaps with the quotient: the outcome from one product
//! per heap, and a winning move from the options of each heap grouped by
//! their image.

use serde::Serialize;

use std::ops::ControlFlow;

use super::Quotient;
use super::monoid::image;
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::heap::HeapGame;
use crate::heap::preimage::{PeriodicTail, periodic_pairs_where};

/// The winning moves of a sum: the first few, and how many there are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMoves {
    /// The first winning moves, at most as many as asked for.
    pub moves: Vec<QuotientMove>,
    /// How many winning moves there are in all.
    pub count: u64,
}

/// A move in a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientMove {
    /// Which heap of the sum moves (its place in the list given).
    pub index: usize,
    /// Its size.
    pub from: u64,
    /// The heaps it leaves (empty: none).
    pub to: Vec<u64>,
}

impl<H: HeapGame> Quotient<H> {
    /// The element of the sum of `heaps` (each at most [`Quotient::heaps`]).
    pub fn element(&self, heaps: &[u64]) -> Result<usize> {
        let mut e = 0;
        for &h in heaps {
            e = self.monoid.mul(e, self.phi_of(h)?);
        }
        Ok(e as usize)
    }

    /// Whether the sum of `heaps` is a misère P-position (lost by the
    /// player to move).
    pub fn is_p_position(&self, heaps: &[u64]) -> Result<bool> {
        Ok(self.p[self.element(heaps)?])
    }

    /// Who wins the sum of `heaps` under misère play.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.is_p_position(heaps)? {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// One winning move from the sum of `heaps` (`None` from a P-position
    /// or a sum with no move).
    pub fn winning_move(&self, heaps: &[u64]) -> Result<Option<QuotientMove>> {
        let mut found = None;
        self.each_winning_move(heaps, &mut |m| {
            found = Some(m);
            false
        })?;
        Ok(found)
    }

    /// Winning moves from the sum of `heaps`: for each heap size in the sum
    /// and each image among its options that wins, one option (other
    /// options with that image win too and are left out).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<QuotientMove>> {
        let mut all = Vec::new();
        self.each_winning_move(heaps, &mut |m| {
            all.push(m);
            true
        })?;
        Ok(all)
    }

    /// Every winning move from the sum of `heaps`: in every heap of the sum
    /// (equal heaps each), every option whose image wins; the first `max`
    /// of them listed, all of them counted. The images that win are found
    /// per heap from the grouped options, and only a heap with a winning
    /// image has its options walked.
    pub fn all_winning_moves(&self, heaps: &[u64], max: usize) -> Result<WinningMoves> {
        let m = &self.monoid;
        let mut all = WinningMoves {
            moves: Vec::new(),
            count: 0,
        };
        let Some(rests) = self.rests(heaps)? else {
            return Ok(all);
        };
        for (i, (&h, &rest)) in heaps.iter().zip(&rests).enumerate() {
            let mut wins = vec![false; m.size()];
            for &(e, _) in self.groups_of(h) {
                wins[e as usize] = self.p[m.mul(rest, e) as usize];
            }
            if !wins.contains(&true) {
                continue;
            }
            let mut keep = |parts: &[u64]| {
                all.count += 1;
                if all.moves.len() < max {
                    all.moves.push(QuotientMove {
                        index: i,
                        from: h,
                        to: parts.iter().copied().filter(|&x| x > 0).collect(),
                    });
                }
            };
            if h <= self.heaps() {
                for option in &self.heaps.options[h as usize] {
                    if wins[image(m, &self.phi, option) as usize] {
                        let parts: Vec<u64> = option.iter().map(|&x| x as u64).collect();
                        keep(&parts);
                    }
                }
            } else {
                self.winning_beyond(h, &wins, &mut keep);
            }
        }
        Ok(all)
    }

    /// Calls `keep` with every option of heap `h`, beyond the heaps computed
    /// (a proved period), whose image `e` has `wins[e]`.
    ///
    /// The kinds of move (tokens removed `j`, heaps left `k`) are read off
    /// the options of the heap `h` folds to: under the rules the theorem
    /// covers they are the same for every large heap. A move leaving one
    /// heap is one option; the two-heap splits of `h − j` are found by the
    /// residues of the smaller heap ([`periodic_pairs_where`]: `Φ` is
    /// periodic from the preperiod on), so only the winning options are
    /// visited, not the million options of a heap of a million. Rules
    /// leaving three heaps have their options walked.
    fn winning_beyond(&self, h: u64, wins: &[bool], keep: &mut dyn FnMut(&[u64])) {
        let m = &self.monoid;
        let periodic = self
            .periodic
            .expect("heaps beyond are reached by a proved period");
        let folded = periodic.fold(h);
        let mut kinds: Vec<(u64, usize)> = self.heaps.options[folded as usize]
            .iter()
            .map(|o| {
                let left: u64 = o.iter().map(|&x| u64::from(x)).sum();
                (folded - left, o.iter().filter(|&&x| x > 0).count())
            })
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        let phi = |x: u64| u64::from(self.phi[periodic.fold(x) as usize]);
        if kinds.iter().any(|&(_, k)| k > 2) {
            self.game.options(h, &mut |parts| {
                let e = parts.iter().fold(0, |e, &x| m.mul(e, phi(x) as u32));
                if wins[e as usize] {
                    keep(parts);
                }
            });
            return;
        }
        let start = periodic.preperiod.max(1);
        let period: Vec<u64> = (start..start + periodic.period).map(phi).collect();
        let tail = PeriodicTail {
            preperiod: start,
            values: &period,
        };
        for (j, k) in kinds {
            let left = h - j;
            match k {
                1 if wins[phi(left) as usize] => keep(&[left]),
                2 => {
                    let _ = periodic_pairs_where(
                        left,
                        false,
                        tail,
                        &phi,
                        &|x, y| wins[m.mul(x as u32, y as u32) as usize],
                        &mut |a, b| {
                            keep(&[a, b]);
                            ControlFlow::Continue(())
                        },
                    );
                }
                _ => {}
            }
        }
    }

    /// Calls `visit` with winning moves until it returns `false`.
    ///
    /// The sum less heap `i` is the product of the images before `i` and
    /// after it (prefix and suffix products: one pass each), and a move in
    /// heap `i` wins exactly when that times the image of its option is in
    /// `P`. The options of each heap are grouped by image once, when the
    /// quotient is grown, so a heap costs one product per distinct image of
    /// its options, not one per option.
    fn each_winning_move(
        &self,
        heaps: &[u64],
        visit: &mut dyn FnMut(QuotientMove) -> bool,
    ) -> Result<()> {
        let m = &self.monoid;
        let Some(rests) = self.rests(heaps)? else {
            return Ok(());
        };
        for (i, (&h, &rest)) in heaps.iter().zip(&rests).enumerate() {
            let first = heaps[..i].iter().all(|&g| g != h);
            if !first {
                continue;
            }
            for &(e, option) in self.groups_of(h) {
                if self.p[m.mul(rest, e) as usize] {
                    let to = self.option_of(h, option);
                    if !visit(QuotientMove {
                        index: i,
                        from: h,
                        to,
                    }) {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// `Φ(h)`, or an error for a heap beyond the quotient.
    /// For each heap of the sum, the image of the sum less that heap (prefix
    /// and suffix products: one pass each); `None` when the sum is a
    /// P-position, so no move wins.
    fn rests(&self, heaps: &[u64]) -> Result<Option<Vec<u32>>> {
        let images = heaps
            .iter()
            .map(|&h| self.phi_of(h))
            .collect::<Result<Vec<u32>>>()?;
        let m = &self.monoid;
        let mut suffix = vec![0u32; images.len() + 1];
        for i in (0..images.len()).rev() {
            suffix[i] = m.mul(images[i], suffix[i + 1]);
        }
        if self.p[suffix[0] as usize] {
            return Ok(None);
        }
        let mut prefix = 0u32;
        let mut rests = Vec::with_capacity(images.len());
        for (i, &image) in images.iter().enumerate() {
            rests.push(m.mul(prefix, suffix[i + 1]));
            prefix = m.mul(prefix, image);
        }
        Ok(Some(rests))
    }

    fn phi_of(&self, h: u64) -> Result<u32> {
        let folded = self.periodic.map_or(h, |p| p.fold(h));
        self.phi.get(folded as usize).copied().ok_or_else(|| {
            Error::invalid(format!(
                "heap {h} is beyond the misère quotient, which covers heaps 0..={} (no period of its images proved yet)",
                self.heaps()
            ))
        })
    }

    /// The options of heap `h` grouped by image: its own, or those of the
    /// heap it folds to beyond the heaps computed (the same images, by the
    /// periodicity theorem).
    fn groups_of(&self, h: u64) -> &[(u32, u32)] {
        let folded = self.periodic.map_or(h, |p| p.fold(h));
        &self.groups[folded as usize]
    }

    /// Option number `option` of the heap `h` folds to, made an option of
    /// `h` with the same image: its largest heap lengthened by `h - h'`, a
    /// multiple of the period (module `period`: that heap is past the
    /// preperiod, so its image stays).
    fn option_of(&self, h: u64, option: u32) -> Vec<u64> {
        let folded = self.periodic.map_or(h, |p| p.fold(h));
        let mut to: Vec<u64> = self.heaps.options[folded as usize][option as usize]
            .iter()
            .map(|&x| x as u64)
            .collect();
        if let Some(largest) = to.iter_mut().max() {
            *largest += h - folded;
        }
        to
    }

    /// Groups the options of every heap by image: one option per image.
    pub(crate) fn group_options(&mut self) {
        let m = &self.monoid;
        self.groups = self
            .heaps
            .options
            .iter()
            .map(|options| {
                let mut groups: Vec<(u32, u32)> = Vec::new();
                for (i, o) in options.iter().enumerate() {
                    let e = image(m, &self.phi, o);
                    if groups.iter().all(|&(f, _)| f != e) {
                        groups.push((e, i as u32));
                    }
                }
                groups
            })
            .collect();
    }
}
