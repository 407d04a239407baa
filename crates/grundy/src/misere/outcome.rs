//! Misère outcomes of sums by search: who wins, and nothing more than that
//! unless asked.
//!
//! Under misère play the outcome of a sum does not follow from the values
//! of its components, so the sum is searched as a whole. Three things keep
//! that search small:
//!
//! - **Outcome with cut-off.** A position is an N-position as soon as one
//!   of its options is a P-position (the definition), so the search stops
//!   at the first such option. The misère Grundy value needs every option
//!   of every position searched (a mex), which is what made the search of
//!   [`super::MisereSolver`] over a sum far larger.
//! - **Canonical sums.** A sum is a multiset of components: `kayles(3) +
//!   kayles(5)` is `kayles(5,3)` and `kayles(5) + kayles(3)`. Each
//!   component (a family and its arguments: one heap, or a whole
//!   position) gets a number once, and a sum is the sorted
//!   list of the numbers of its components. A component without a move is
//!   dropped: it adds no move to any sum.
//! - **Options listed once per component.** A component's options are
//!   asked of its family once and kept as lists of component numbers, so a
//!   move in a sum is a splice of small integers, and equal components of a
//!   sum are tried once.
//!
//! The misère Grundy value (Conway, *On Numbers and Games*, ch. 12) comes
//! from outcomes too: `G⁻(X) = k` exactly when `X + *k` is a misère
//! P-position (see [`super::search`]), so it is the least `k` for which the
//! search of `X + nim(k)` finds a P-position; the searches share one memo.
//! [`SumSearch::misere_grundy`] does that within a budget of positions, as
//! an extra that a caller may do without.

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, LimitKind, Result};
use crate::expr::Position;
use crate::expr::position::term_text;
use crate::family::{Arg, Family, Shape};
use crate::game::Outcome;
use crate::limits::{Limits, option_cost, options_budget, too_many_options};
use crate::nimber::Nimber;
use crate::word_hash::WordHashMap;

/// A sum: the sorted numbers of its components, none without a move.
type Sum = Box<[u32]>;

/// A memo entry: `Pending` while the sum is on the search stack, which is
/// how a cycle is detected.
#[derive(Clone, Copy, Debug)]
enum Memo {
    Pending,
    Done(Outcome),
}

/// The options of a component, listed when first needed.
enum Listing {
    /// Not asked of the family yet.
    Unlisted,
    /// As the family wrote them: what replaces the component.
    Written(Vec<Vec<Arg>>),
    /// As sorted lists of component numbers, components without a move
    /// left out.
    Numbered(Box<[Sum]>),
}

/// One component: a family (an index into [`SumSearch::families`]) and
/// the arguments of one heap or one whole position.
struct Component {
    family: u32,
    args: Vec<Arg>,
    options: Listing,
}

/// One sum being searched: `cursor` is the component whose options are
/// being tried, `option` the next of them.
struct Frame {
    sum: Sum,
    cursor: usize,
    option: usize,
}

/// An outcome search over sums of components written in the expression
/// language, under misère play, memoised.
///
/// It honours the position limit, the memory limit, the time limit and the
/// stop flag of its [`Limits`], and lists at most as many option bytes per
/// search as [`crate::Solver`] does (see [`options_budget`]).
///
/// ```
/// use grundy::expr::Position;
/// use grundy::misere::SumSearch;
/// use grundy::{Limits, Nimber, Outcome};
///
/// let p = Position::parse("kayles(4) + kayles(1,3)").unwrap();
/// let mut search = SumSearch::new(&Limits::default());
/// assert_eq!(search.outcome(&p).unwrap(), Outcome::N);
/// // A row of one, alone, must be taken: the player to move loses.
/// let one = Position::parse("kayles(1)").unwrap();
/// assert_eq!(search.outcome(&one).unwrap(), Outcome::P);
/// assert_eq!(search.misere_grundy(&one, 1000).unwrap(), Some(Nimber(0)));
/// ```
pub struct SumSearch {
    limits: Limits,
    /// The families met. A family is known by its address: the terms of
    /// a parsed position with equal names share one family, and two
    /// families built apart are never taken for one.
    families: Vec<Arc<dyn Family>>,
    family_numbers: HashMap<usize, u32>,
    /// The family of the heap `*k` added to find misère Grundy values.
    nim: Option<u32>,
    components: Vec<Component>,
    numbers: HashMap<(u32, Vec<Arg>), u32>,
    memo: WordHashMap<Sum, Memo>,
    stack: Vec<Frame>,
    /// The most positions the memo may hold in the current search: the
    /// position limit, or less for [`SumSearch::misere_grundy`].
    cap: usize,
    /// Sums expanded since the search was made, for the stop checks.
    steps: u64,
    /// Option bytes listed by the current search, for its budget.
    listed: u64,
    /// About how many bytes the memo, the stack and the components hold.
    bytes: u64,
    /// A sum being built, reused.
    scratch: Vec<u32>,
}

/// The bytes a sum of `len` components takes as a memo key or on the
/// stack, about.
fn sum_bytes(len: usize) -> u64 {
    (std::mem::size_of::<Sum>() + 4 * len) as u64
}

/// The bytes a list of arguments takes, about.
fn args_bytes(args: &[Arg]) -> u64 {
    let each = |a: &Arg| match a {
        Arg::Int(_) => 0,
        Arg::Word(w) => w.len() as u64,
    };
    (std::mem::size_of::<Vec<Arg>>() + std::mem::size_of_val(args)) as u64
        + args.iter().map(each).sum::<u64>()
}

/// The bytes of a memo entry besides its key: its value and the hash
/// table's overhead, about.
const ENTRY_BYTES: u64 = (std::mem::size_of::<Memo>() + 16) as u64;

impl SumSearch {
    /// An empty search within `limits`.
    pub fn new(limits: &Limits) -> SumSearch {
        SumSearch {
            limits: limits.clone(),
            families: Vec::new(),
            family_numbers: HashMap::new(),
            nim: None,
            components: Vec::new(),
            numbers: HashMap::new(),
            memo: HashMap::default(),
            stack: Vec::new(),
            cap: limits.bounds.max_positions,
            steps: 0,
            listed: 0,
            bytes: 0,
            scratch: Vec::new(),
        }
    }

    /// How many sums the memo holds.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Who wins `position` under misère play.
    pub fn outcome(&mut self, position: &Position) -> Result<Outcome> {
        let sum = self.sum_of(position)?;
        self.outcome_of(sum)
    }

    /// The misère Grundy value of `position`: the least `k` for which
    /// `position + nim(k)` is a misère P-position. The searches for it may
    /// add at most `budget` positions to the memo (and must stay within the
    /// limits, or fail with the limit's error); `None` when that budget
    /// runs out first.
    pub fn misere_grundy(&mut self, position: &Position, budget: usize) -> Result<Option<Nimber>> {
        let sum = self.sum_of(position)?;
        let nim = match self.nim {
            Some(f) => f,
            None => {
                let f = self.family_number(&crate::expr::family_named("nim")?);
                *self.nim.insert(f)
            }
        };
        let saved = self.cap;
        self.cap = self
            .limits
            .bounds
            .max_positions
            .min(self.memo.len().saturating_add(budget));
        let mut found = Ok(None);
        for k in 0.. {
            let mut with_heap = sum.clone();
            if k > 0 {
                with_heap.push(self.number(nim, vec![Arg::Int(k)]));
                with_heap.sort_unstable();
            }
            match self.outcome_of(with_heap) {
                Ok(Outcome::N) => continue,
                Ok(Outcome::P) => found = Ok(Some(Nimber(k))),
                // The budget ran out, not the limit.
                Err(e) if self.cap < self.limits.bounds.max_positions && is_positions(&e) => {}
                Err(e) => found = Err(e),
            }
            break;
        }
        self.cap = saved;
        found
    }

    /// The sum of `position`'s components, numbered.
    fn sum_of(&mut self, position: &Position) -> Result<Vec<u32>> {
        let mut sum = Vec::new();
        for c in position.components() {
            let (family, args) = position.component(&c);
            let f = self.family_number(family);
            let n = self.number(f, args.to_vec());
            if !self.terminal(n)? {
                sum.push(n);
            }
        }
        sum.sort_unstable();
        Ok(sum)
    }

    fn family_number(&mut self, family: &Arc<dyn Family>) -> u32 {
        // The families are kept, so their addresses are not reused.
        let address = Arc::as_ptr(family).cast::<()>() as usize;
        if let Some(&f) = self.family_numbers.get(&address) {
            return f;
        }
        let f = self.families.len() as u32;
        self.families.push(family.clone());
        self.family_numbers.insert(address, f);
        f
    }

    /// The number of a component, given one when first met.
    fn number(&mut self, family: u32, args: Vec<Arg>) -> u32 {
        if let Some(&n) = self.numbers.get(&(family, args.clone())) {
            return n;
        }
        let n = self.components.len() as u32;
        // The arguments are held twice: in the component and the index.
        self.bytes += 2 * args_bytes(&args);
        self.components.push(Component {
            family,
            args: args.clone(),
            options: Listing::Unlisted,
        });
        self.numbers.insert((family, args), n);
        n
    }

    /// Whether component `n` has no move.
    fn terminal(&mut self, n: u32) -> Result<bool> {
        let c = &self.components[n as usize];
        match &c.options {
            Listing::Unlisted => {
                let mut written = Vec::new();
                let family = &self.families[c.family as usize];
                family.moves(&c.args, &self.limits, &mut written)?;
                let empty = written.is_empty();
                let bytes: u64 = written.iter().map(|o| args_bytes(o)).sum();
                self.charge(bytes)?;
                self.components[n as usize].options = Listing::Written(written);
                Ok(empty)
            }
            Listing::Written(w) => Ok(w.is_empty()),
            Listing::Numbered(o) => Ok(o.is_empty()),
        }
    }

    /// Lists the options of component `n` as numbered sums.
    fn number_options(&mut self, n: u32) -> Result<()> {
        if let Listing::Numbered(_) = self.components[n as usize].options {
            return Ok(());
        }
        self.terminal(n)?;
        let c = &mut self.components[n as usize];
        let Listing::Written(written) = std::mem::replace(&mut c.options, Listing::Unlisted) else {
            unreachable!("listed just above")
        };
        let family = c.family;
        let whole = self.families[family as usize].shape() == Shape::Whole;
        let mut numbered = Vec::with_capacity(written.len());
        for option in written {
            let parts: Vec<Vec<Arg>> = if whole {
                vec![option]
            } else {
                option.into_iter().map(|a| vec![a]).collect()
            };
            let mut sum = Vec::with_capacity(parts.len());
            for part in parts {
                let m = self.number(family, part);
                if !self.terminal(m)? {
                    sum.push(m);
                }
            }
            sum.sort_unstable();
            self.bytes += sum_bytes(sum.len());
            numbered.push(sum.into_boxed_slice());
        }
        self.components[n as usize].options = Listing::Numbered(numbered.into());
        Ok(())
    }

    /// Counts `bytes` more against the memory limit.
    fn charge(&mut self, bytes: u64) -> Result<()> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > self.limits.bounds.max_memory {
            return Err(Error::limit(
                LimitKind::Memory,
                self.limits.bounds.max_memory,
            ));
        }
        Ok(())
    }

    /// The outcome of `sum`, searched if not known; the memo is left
    /// consistent after an error.
    fn outcome_of(&mut self, sum: Vec<u32>) -> Result<Outcome> {
        let result = self.search(sum);
        if result.is_err() {
            self.abandon();
        }
        result
    }

    /// The outcome when known without search. A sum with no component has
    /// no move: the player to move has won (the opponent moved last).
    fn known(&self, sum: &[u32]) -> Result<Option<Outcome>> {
        if sum.is_empty() {
            return Ok(Some(Outcome::N));
        }
        match self.memo.get(sum) {
            Some(Memo::Done(o)) => Ok(Some(*o)),
            Some(Memo::Pending) => Err(ErrorKind::Cycle {
                vertex: self.describe(sum),
            }
            .into()),
            None => Ok(None),
        }
    }

    fn search(&mut self, root: Vec<u32>) -> Result<Outcome> {
        if let Some(o) = self.known(&root)? {
            return Ok(o);
        }
        self.listed = 0;
        self.push(root.into_boxed_slice())?;
        loop {
            // The outcome of the sum on top, once it is known.
            let mut outcome = if self.next_option()? {
                match self.known(&self.scratch)? {
                    // A move to a P-position: the top is an N-position.
                    Some(Outcome::P) => Outcome::N,
                    Some(Outcome::N) => continue,
                    None => {
                        let child = self.scratch.as_slice().into();
                        self.push(child)?;
                        continue;
                    }
                }
            } else {
                // Every option is an N-position.
                Outcome::P
            };
            loop {
                let frame = self
                    .stack
                    .pop()
                    .expect("the search stack is not empty here");
                self.bytes -= sum_bytes(frame.sum.len());
                self.memo.insert(frame.sum, Memo::Done(outcome));
                if self.stack.is_empty() {
                    return Ok(outcome);
                }
                if outcome == Outcome::N {
                    break;
                }
                // The parent has a move to this P-position.
                outcome = Outcome::N;
            }
        }
    }

    /// Builds the next option of the sum on top of the stack in `scratch`;
    /// `false` when none is left. Equal components have the same options,
    /// so only the first of them is moved in.
    fn next_option(&mut self) -> Result<bool> {
        loop {
            let top = self
                .stack
                .last()
                .expect("the search stack is not empty here");
            let (i, j) = (top.cursor, top.option);
            let Some(&n) = top.sum.get(i) else {
                return Ok(false);
            };
            if i > 0 && top.sum[i - 1] == n {
                let top = self.stack.last_mut().expect("checked above");
                top.cursor += 1;
                continue;
            }
            self.number_options(n)?;
            let Listing::Numbered(options) = &self.components[n as usize].options else {
                unreachable!("numbered just above")
            };
            let top = self.stack.last_mut().expect("checked above");
            let Some(option) = options.get(j) else {
                top.cursor += 1;
                top.option = 0;
                continue;
            };
            top.option += 1;
            // The other components and the option's are both sorted: merge.
            self.scratch.clear();
            let mut rest = top.sum[..i].iter().chain(&top.sum[i + 1..]).peekable();
            for &m in option.iter() {
                while let Some(&&r) = rest.peek()
                    && r < m
                {
                    self.scratch.push(r);
                    rest.next();
                }
                self.scratch.push(m);
            }
            self.scratch.extend(rest);
            self.listed = self
                .listed
                .saturating_add(option_cost(sum_bytes(self.scratch.len())));
            if self.listed > options_budget(self.limits.bounds.max_positions) {
                return Err(too_many_options(self.limits.bounds.max_positions));
            }
            return Ok(true);
        }
    }

    fn push(&mut self, sum: Sum) -> Result<()> {
        if self.memo.len() >= self.cap {
            return Err(Error::limit(LimitKind::Positions, self.cap as u64));
        }
        self.steps += 1;
        if self.steps.is_multiple_of(4096) {
            self.limits.check_stop()?;
        }
        // The key in the memo and the copy on the stack.
        self.charge(2 * sum_bytes(sum.len()) + ENTRY_BYTES)?;
        self.memo.insert(sum.clone(), Memo::Pending);
        self.stack.push(Frame {
            sum,
            cursor: 0,
            option: 0,
        });
        Ok(())
    }

    /// After an error mid-search, forgets the sums left pending (their
    /// outcomes were never found), so the search stays usable.
    fn abandon(&mut self) {
        for frame in std::mem::take(&mut self.stack) {
            self.bytes = self.bytes.saturating_sub(sum_bytes(frame.sum.len()));
            if let Some(Memo::Pending) = self.memo.get(&frame.sum) {
                self.memo.remove(&frame.sum);
                self.bytes = self
                    .bytes
                    .saturating_sub(sum_bytes(frame.sum.len()) + ENTRY_BYTES);
            }
        }
    }

    /// A sum written as people read it: `kayles(3) + kayles(5)`.
    fn describe(&self, sum: &[u32]) -> String {
        let terms: Vec<String> = sum
            .iter()
            .map(|&n| {
                let c = &self.components[n as usize];
                term_text(self.families[c.family as usize].as_ref(), &c.args)
            })
            .collect();
        terms.join(" + ")
    }
}

/// Whether `e` is the position limit.
fn is_positions(e: &Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::Limit {
            kind: LimitKind::Positions,
            ..
        }
    )
}
