//! Bamboo stalks: Green Hackenbush on paths standing on the ground.
//!
//! Cutting the `k`-th edge of a stalk of `n` (counting from the ground)
//! leaves a stalk of `k - 1`, the moves of a Nim heap, so a stalk of `n`
//! edges is `*n`. Only the name differs from [`NimFamily`]; the tests check
//! the stalks against the brute-force cutting of path pictures.

use crate::error::{Error, Result};
use crate::expr::family::{Arg, Family, Shape};
use crate::heap::nim::NimFamily;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// `bamboo(3,4,5)`: stalks of 3, 4 and 5 edges.
#[derive(Clone, Copy, Debug, Default)]
pub struct BambooFamily;

impl Family for BambooFamily {
    fn head(&self) -> String {
        "bamboo".into()
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg]) -> Result<()> {
        match component {
            [Arg::Int(_)] => Ok(()),
            [other] => Err(Error::invalid(format!(
                "expected a stalk length (a number of edges), found `{other}`"
            ))),
            _ => Err(Error::invalid("bamboo takes one length per stalk")),
        }
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        self.check(component)?;
        NimFamily.value(component, limits)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        self.check(component)?;
        NimFamily.moves(component, limits, out)
    }

    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        self.check(component)?;
        NimFamily.moves_to(component, target, limits, out)
    }

    fn table(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(Nimber) -> Result<()>,
    ) -> Result<()> {
        NimFamily.table(to, limits, sink)
    }
}
