//! The quotient grown heap by heap.

use super::candidate;
use super::monoid::{Monoid, option_images, reduce};
use super::period::{Periodic, Status, phi_period};
use super::rules::Heaps;
use super::slices::Slices;
use super::verify::{Explored, Verdict, verify};
use crate::error::{Error, LimitKind, Result};
use crate::heap::HeapGame;
use crate::limits::{Limits, Progress};
use crate::word_hash::WordHashMap;

/// The exponents `k` of the relations `x^k = x^(k+2)` of the cheap
/// guesses tried before the exact construction, in turn.
const GUESS_EXPONENTS: [u32; 2] = [1, 4];

/// The most guesses for one heap before the exact construction.
const GUESS_ROUNDS: usize = 2;

/// The misère quotient of heaps `0..=n` of one game, grown one heap at a
/// time.
///
/// Every state it holds is proved, a guess by the check of module
/// `verify` and otherwise by construction (module `slices`): a sum of
/// heaps is a misère P-position exactly when the product of its heaps'
/// images lies in `P`, and no two elements can be told apart by adding a
/// sum to both. `n` starts at 0 (the heap of 0 has no move and is the
/// identity).
///
/// ```
/// use grundy::Limits;
/// use grundy::heap::nim::Nim;
/// use grundy::misere::quotient::Quotient;
///
/// // Misère Nim with heaps of 0, 1, 2, 3: the tame quotient of order 6.
/// let mut q = Quotient::new(Nim);
/// q.extend_to(3, &Limits::default()).unwrap();
/// assert_eq!(q.order(), 6);
/// // One heap of 1 is lost for the player to move; 1 + 1 is won.
/// assert!(q.is_p_position(&[1]).unwrap());
/// assert!(!q.is_p_position(&[1, 1]).unwrap());
/// ```
pub struct Quotient<H> {
    pub(crate) game: H,
    pub(crate) heaps: Heaps,
    pub(crate) monoid: Monoid,
    /// `p[e]`: the sums going to `e` are misère P-positions.
    pub(crate) p: Vec<bool>,
    /// `phi[h]`: the element of a heap of `h`.
    pub(crate) phi: Vec<u32>,
    /// The image of the heaps with each set of option images (sorted), in
    /// the current monoid; `None` after the monoid changed, until rebuilt.
    pub(crate) by_options: Option<WordHashMap<Vec<u32>, u32>>,
    /// For each heap, its options grouped by image: `(image, index of one
    /// option with it)`.
    pub(crate) groups: Vec<Vec<(u32, u32)>>,
    /// The period of `Φ` once the periodicity theorem proves it: the
    /// quotient is then that of every heap.
    pub(crate) periodic: Option<Periodic>,
    /// The check's search of the last guess that passed, resumed by the
    /// next check of the same monoid.
    pub(crate) explored: Option<Explored>,
    /// The exact construction's solved sets, kept for the next heap.
    slices: Slices,
}

impl<H: HeapGame> Quotient<H> {
    /// The quotient of the heap of 0 alone: the trivial monoid.
    pub fn new(game: H) -> Quotient<H> {
        let mut heaps = Heaps::default();
        heaps.push_empty();
        Quotient {
            game,
            heaps,
            monoid: Monoid::trivial(),
            p: vec![false],
            phi: vec![0],
            by_options: None,
            groups: vec![Vec::new()],
            periodic: None,
            explored: None,
            slices: Slices::default(),
        }
    }

    /// The rules.
    pub fn game(&self) -> &H {
        &self.game
    }

    /// The largest heap covered: the quotient is of heaps `0..=heaps()`.
    pub fn heaps(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The number of elements of the quotient.
    pub fn order(&self) -> usize {
        self.monoid.size()
    }

    /// Grows the quotient to heaps `0..=n`, from where it is. Fails with
    /// the positions, memory or time limit, or when stopped; the quotient
    /// then stays as it was after the last heap that succeeded.
    pub fn extend_to(&mut self, n: u64, limits: &Limits) -> Result<()> {
        if n > limits.bounds.max_heap {
            return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
        }
        let first = self.heaps();
        while self.heaps() < n {
            if let Err(e) = self.extend_one(limits) {
                self.settle();
                return Err(e);
            }
            if let Some(progress) = &limits.run.progress {
                progress(&Progress {
                    done: self.heaps() - first,
                    target: n - first,
                    detail: format!(
                        "misère quotient of heaps 0..={}: order {}",
                        self.heaps(),
                        self.order()
                    ),
                });
            }
        }
        self.settle();
        Ok(())
    }

    /// Grows the quotient heap by heap until the periodicity theorem proves
    /// a period of `Φ` (module `period`), so that it is the quotient of
    /// every heap, or heap `most` is reached. Returns whether it is proved.
    /// Fails as [`Quotient::extend_to`] does.
    pub fn extend_until_periodic(&mut self, most: u64, limits: &Limits) -> Result<bool> {
        // Checking for a period costs a pass over `Φ` per possible
        // period, so it is done every few heaps, not after each.
        const STEP: u64 = 8;
        while self.periodic.is_none() && self.heaps() < most {
            let next = (self.heaps() + STEP).min(most);
            self.extend_to(next, limits)?;
        }
        Ok(self.periodic.is_some())
    }

    /// The period of `Φ` proved for every heap, if the theorem applies
    /// yet: `(preperiod, period)`.
    pub fn proved_period(&self) -> Option<(u64, u64)> {
        self.periodic.map(|p| (p.preperiod, p.period))
    }

    /// After growing: the options grouped by image, and the period if the
    /// theorem proves one.
    fn settle(&mut self) {
        self.group_options();
        self.periodic = phi_period(&self.phi, self.game.period_proof().as_ref())
            .filter(|p| p.status == Status::Proved)
            .map(|p| Periodic {
                preperiod: p.preperiod,
                period: p.period,
                top: self.heaps(),
            });
        if self.periodic.is_some() {
            // Heaps beyond are folded into the period: no check runs again.
            self.explored = None;
        }
    }

    /// The image of the heaps below `n` with each set of option images,
    /// built again if the monoid changed since it was last built.
    fn by_options(&mut self, n: usize) -> &WordHashMap<Vec<u32>, u32> {
        let (m, phi, heaps) = (&self.monoid, &self.phi, &self.heaps);
        self.by_options.get_or_insert_with(|| {
            (1..n)
                .filter(|&h| !heaps.terminal(h))
                .map(|h| (option_images(m, phi, &heaps.options[h]), phi[h]))
                .collect()
        })
    }

    /// Adds the next heap.
    fn extend_one(&mut self, limits: &Limits) -> Result<()> {
        let n = self.phi.len();
        self.heaps.push(&self.game, limits)?;
        let result = self.adjoin(n, limits);
        if result.is_err() {
            self.heaps.pop();
        }
        result
    }

    /// Adjoins heap `n`, whose moves `self.heaps` already holds.
    fn adjoin(&mut self, n: usize, limits: &Limits) -> Result<()> {
        if self.heaps.terminal(n) {
            // A heap with no move changes no outcome: it is the identity.
            self.phi.push(0);
            return Ok(());
        }
        // A heap whose options have the images of an earlier heap's options
        // is indistinguishable from it: replacing one by the other in any
        // sum changes no outcome, by induction on the sum, since the moves
        // in either heap reach the same images. The quotient stays as it
        // is and no check is needed. (Once `Φ` is periodic this is the
        // common case, which makes growing to the heap the periodicity
        // theorem asks for cheap.)
        let options = option_images(&self.monoid, &self.phi, &self.heaps.options[n]);
        if let Some(&e) = self.by_options(n).get(&options) {
            self.phi.push(e);
            return Ok(());
        }
        if self.guess(n, limits)? {
            return Ok(());
        }
        self.adjoin_exactly(limits)
    }

    /// Tries the cheap guesses for heap `n`, true when one passes and is
    /// now the quotient. The first is the quotient so far times
    /// `⟨x | x^k = x^(k+2)⟩` for the new heap, reduced, then checked
    /// (module `verify`). A failed check names a sum; its first heap other
    /// than `n` not yet apart gets a cyclic factor of its own (heap `n`
    /// may tell apart sums the smaller heaps merged), or, when the sum
    /// names no new heap, `k` grows; at most [`GUESS_ROUNDS`] guesses.
    /// Most heaps of a settled quotient pass the first guess in
    /// microseconds, where the exact construction pays for every heap size
    /// as a letter of its automata.
    fn guess(&mut self, n: usize, limits: &Limits) -> Result<bool> {
        let mut apart: Vec<usize> = Vec::new();
        let mut level = 0;
        for _ in 0..GUESS_ROUNDS {
            let k = GUESS_EXPONENTS[level];
            let mut factors: Vec<(Vec<usize>, u32)> = apart.iter().map(|&h| (vec![h], k)).collect();
            factors.push((vec![n], k));
            let cand = candidate::extend(&self.monoid, &self.phi, &factors, &self.heaps, limits)?;
            // In heap order, so that the reduction numbers the elements the
            // same way whenever the quotient comes out the same: the
            // check's search is then resumed, not redone.
            let mut order: Vec<usize> = Vec::new();
            for letter in cand.letter.iter().flatten() {
                if !order.contains(letter) {
                    order.push(*letter);
                }
            }
            let reduced = reduce(&cand.monoid, &order, limits)?;
            let phi: Vec<u32> = cand
                .phi
                .iter()
                .map(|&e| reduced.class[e as usize])
                .collect();
            match verify(
                &reduced.monoid,
                &reduced.p,
                &phi,
                &self.heaps,
                &mut self.explored,
                limits,
            )? {
                Verdict::Holds => {
                    self.phi = phi;
                    self.monoid = reduced.monoid;
                    self.p = reduced.p;
                    self.by_options = None;
                    return Ok(true);
                }
                Verdict::Fails(sum) => {
                    let before = apart.len();
                    if let Some(h) = sum.into_iter().find(|&h| h != n && !apart.contains(&h)) {
                        apart.push(h);
                    }
                    if apart.len() == before {
                        level += 1;
                        if level == GUESS_EXPONENTS.len() {
                            break;
                        }
                    }
                }
            }
        }
        Ok(false)
    }

    /// Sets the quotient to that of every heap known, built by slices
    /// (module `slices`, which keeps what it solved for the next heap).
    fn adjoin_exactly(&mut self, limits: &Limits) -> Result<()> {
        let q = self.slices.quotient(&self.heaps, limits)?;
        let letters: Vec<usize> = (0..q.letters()).collect();
        let reduced = reduce(&q, &letters, limits)?;
        let mut phi = vec![0u32; self.heaps.len()];
        for (i, &h) in self.slices.heap_of().iter().enumerate() {
            phi[h] = reduced.class[q.step(0, i) as usize];
        }
        self.phi = phi;
        self.monoid = reduced.monoid;
        self.p = reduced.p;
        self.by_options = None;
        // The check's search was of the monoid before.
        self.explored = None;
        Ok(())
    }
}
