//! Nim: take any positive number of tokens from one heap. `G(n) = n`.

use super::HeapGame;
use crate::error::{Error, Result};
use crate::expr::family::{Arg, Family, Shape};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The rules of Nim (Bouton, 1901): a heap of `n` is the nimber `*n`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl HeapGame for Nim {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for k in 0..n {
            visit(&[k]);
        }
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }
}

/// `nim(a,b,...)` in expressions. Nim heaps can be as large as `u64`
/// allows, so moves to a given value are answered without listing all moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct NimFamily;

use super::heap_size as heap;

impl Family for NimFamily {
    fn head(&self) -> String {
        "nim".into()
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg]) -> Result<()> {
        heap(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], _limits: &Limits) -> Result<Nimber> {
        heap(component).map(Nimber)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let n = heap(component)?;
        if n > limits.max_moves as u64 {
            return Err(Error::limit(
                "moves",
                limits.max_moves as u64,
                "--max-moves",
            ));
        }
        out.extend((0..n).rev().map(|k| vec![Arg::Int(k)]));
        Ok(())
    }

    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        _limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        if target.0 < heap(component)? {
            out.push(vec![Arg::Int(target.0)]);
        }
        Ok(())
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        heap(component).ok().map(super::draw::tokens)
    }

    fn table(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(Nimber) -> Result<()>,
    ) -> Result<()> {
        for n in 0..=to {
            if n % 65_536 == 0 {
                limits.check_stop()?;
            }
            sink(Nimber(n))?;
        }
        Ok(())
    }
}
