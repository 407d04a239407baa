//! A one-heap family of the expression language seen as a [`HeapGame`],
//! for the quotient of its heaps.

use std::sync::Arc;

use crate::error::{Error, LimitKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::heap::HeapGame;
use crate::limits::Limits;
use crate::period::Proof;

/// A one-heap family's options of heaps `0..=to`, listed once: the
/// quotient asks for them many times, and a family's listing can fail
/// (a limit, a script's error) where a [`HeapGame`]'s cannot. Heaps beyond
/// `to` (reached through a proved period of the quotient) are walked by
/// the family's rules when it has them ([`Family::heap_options`]).
pub struct ListedHeaps {
    family: Arc<dyn Family>,
    options: Vec<Vec<Vec<u64>>>,
}

impl ListedHeaps {
    /// Lists the options of heaps `0..=to` of `family`, a one-heap family
    /// (`to` bounded by `limits.bounds.max_heap`).
    pub fn of(family: &Arc<dyn Family>, to: u64, limits: &Limits) -> Result<ListedHeaps> {
        if family.shape() != Shape::Heaps {
            return Err(Error::invalid(format!(
                "`{}` is not a one-heap family: a misère quotient is of the sums of heaps of one game",
                family.head()
            )));
        }
        if to > limits.bounds.max_heap {
            return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
        }
        let mut options = Vec::new();
        let mut listed = Vec::new();
        for n in 0..=to {
            limits.check_stop()?;
            listed.clear();
            family.moves(&[Arg::Int(n)], limits, &mut listed)?;
            let heaps = listed
                .iter()
                .map(|option| {
                    option
                        .iter()
                        .map(|arg| match arg {
                            Arg::Int(h) => Ok(*h),
                            other => Err(Error::invalid(format!(
                                "`{}` left `{other}`, not a heap size",
                                family.head()
                            ))),
                        })
                        .collect::<Result<Vec<u64>>>()
                })
                .collect::<Result<Vec<_>>>()?;
            options.push(heaps);
        }
        Ok(ListedHeaps {
            family: family.clone(),
            options,
        })
    }
}

impl HeapGame for ListedHeaps {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        match usize::try_from(n).ok().and_then(|n| self.options.get(n)) {
            Some(options) => {
                for option in options {
                    visit(option);
                }
            }
            // Only a proved period leads beyond the heaps listed, and only
            // families with rules prove one.
            None => {
                self.family.heap_options(n, visit);
            }
        }
    }

    fn period_proof(&self) -> Option<Proof> {
        self.family.period_proof()
    }
}
