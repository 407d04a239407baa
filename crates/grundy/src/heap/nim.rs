//! Nim: take any positive number of tokens from one heap. `G(n) = n`.

use std::ops::ControlFlow;

use super::HeapGame;
use crate::error::{Error, Result};
use crate::family::{Arg, Family, Shape};
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

    fn option_count(&self, n: u64) -> Option<u64> {
        Some(n)
    }

    /// `G(k) = k`, so the one option of value `t` is the heap `t`, when
    /// smaller than `n`.
    fn options_to(
        &self,
        n: u64,
        target: Nimber,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        Some(if target.0 < n {
            visit(&[target.0])
        } else {
            ControlFlow::Continue(())
        })
    }
}

/// `nim(a,b,...)` in expressions, and the games that are Nim under another
/// name (`bamboo`: a stalk of `n` edges is `*n`). Nim heaps can be as large
/// as `u64` allows, so moves to a given value are answered without listing
/// all moves.
#[derive(Clone, Copy, Debug)]
pub struct NimFamily {
    /// The family's name in expressions.
    name: &'static str,
    /// What one argument is, for messages: "a heap size".
    size: &'static str,
    /// The picture of a heap, if the game has one.
    picture: Option<fn(u64) -> String>,
}

impl NimFamily {
    /// `nim(...)`: heaps drawn as rows of tokens.
    pub const NIM: NimFamily = NimFamily {
        name: "nim",
        size: "a heap size",
        picture: Some(super::draw::tokens),
    };

    /// Nim under another name, whose arguments are `size` ("a stalk
    /// length"), drawn as text only.
    pub const fn named(name: &'static str, size: &'static str) -> NimFamily {
        NimFamily {
            name,
            size,
            picture: None,
        }
    }

    fn heap(&self, component: &[Arg]) -> Result<u64> {
        match component {
            [a] => a.int(self.size),
            _ => Err(Error::invalid(format!(
                "{} takes one number per heap",
                self.name
            ))),
        }
    }
}

impl Family for NimFamily {
    fn head(&self) -> String {
        self.name.into()
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.heap(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], _limits: &Limits) -> Result<Nimber> {
        self.heap(component).map(Nimber)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let n = self.heap(component)?;
        limits.check_moves(n)?;
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
        if target.0 < self.heap(component)? {
            out.push(vec![Arg::Int(target.0)]);
        }
        Ok(())
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        self.picture
            .zip(self.heap(component).ok())
            .map(|(draw, n)| draw(n))
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
