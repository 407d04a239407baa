//! Every-SG analysis of a position written in the expression language:
//! who wins under the every-move rule, every winning move, and the step
//! count of each component.
//!
//! Two methods: `steps` (the theory of [`super::steps`](mod@super::steps): the largest step
//! count decides) and `search` (a search of the whole game under the
//! every-move rule, [`super::EveryGame`], which needs no theory and serves
//! to check it).

use std::collections::HashMap;

use serde::Serialize;

use super::game::{EveryGame, EveryStep, every_steps};
use super::steps::step_counts;
use crate::error::Result;
use crate::expr::position::term_text;
use crate::expr::sum_game::Args;
use crate::expr::{CanonicalSum, Position, Term};
use crate::game::Outcome;
use crate::limits::Limits;
use crate::solve::Solver;
use crate::solve::explore::Explored;

/// How an Every-SG position was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The step counts of the components.
    Steps,
    /// Search over the whole game under the every-move rule.
    Search,
}

impl Method {
    /// The name used in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Steps => "steps",
            Method::Search => "search",
        }
    }
}

/// One component and how long it lasts.
#[derive(Clone, Debug, Serialize)]
pub struct EveryComponent {
    /// The component as a term: `sub{1,3,4}(9)`.
    pub component: String,
    /// Its step count (with the steps method).
    pub steps: Option<u64>,
}

/// What one component does in a move of the sum.
#[derive(Clone, Debug, Serialize)]
pub struct PartMove {
    /// Index of the component.
    pub component: usize,
    /// The component before: `nim(7)`.
    pub from: String,
    /// The component after: `nim(6)`.
    pub to: String,
}

/// A move under the every-move rule.
#[derive(Clone, Debug, Serialize)]
pub struct EveryMove {
    /// What each component that could move did.
    pub parts: Vec<PartMove>,
    /// The position after the move, as `every(...)`.
    #[serde(serialize_with = "as_every")]
    pub position: Position,
    /// Who wins after the move (`P`: the player who made it).
    pub outcome: Outcome,
    /// The step count after the move (with the steps method).
    pub steps: Option<u64>,
}

/// Everything `grundy value --every` reports.
#[derive(Clone, Debug, Serialize)]
pub struct EveryAnalysis {
    /// The position, written `every(...)`.
    #[serde(serialize_with = "as_every")]
    pub position: Position,
    /// Always "every".
    pub play: &'static str,
    /// Who wins under the every-move rule.
    pub outcome: Outcome,
    /// How it was decided.
    pub method: Method,
    /// The argument, in one sentence.
    pub reason: String,
    /// The step count of the whole position: the largest of the
    /// components' (with the steps method).
    pub steps: Option<u64>,
    /// The components.
    pub components: Vec<EveryComponent>,
    /// Every move to a position the player to move then loses.
    pub winning_moves: Vec<EveryMove>,
}

fn as_every<S: serde::Serializer>(p: &Position, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("every({p})"))
}

/// Analyses `position` under the every-move rule (method `steps` unless
/// another is asked for).
///
/// ```
/// use grundy::{expr::Position, Limits, Outcome};
/// use grundy::every::analyze;
///
/// // sub{1,2}(3) is lost and lasts 2 moves; nim(5) is won and lasts 1.
/// // The longer one decides: the player to move loses the sum.
/// let p = Position::parse("sub{1,2}(3) + nim(5)").unwrap();
/// let a = analyze(&p, None, &Limits::default()).unwrap();
/// assert_eq!((a.steps, a.outcome), (Some(2), Outcome::P));
/// ```
pub fn analyze(
    position: &Position,
    method: Option<Method>,
    limits: &Limits,
) -> Result<EveryAnalysis> {
    let mut judge = Judge::new(position, method.unwrap_or(Method::Steps), limits)?;
    let (outcome, steps) = judge.evaluate(position)?;
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        for step in every_steps(position, limits)? {
            let m = judge.make_move(position, step)?;
            if m.outcome == Outcome::P {
                winning_moves.push(m);
            }
        }
    }
    let components = position
        .components()
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            Ok(EveryComponent {
                component: term_text(family.as_ref(), args),
                steps: judge.component_steps(position, c)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(EveryAnalysis {
        position: position.clone(),
        play: "every",
        outcome,
        method: judge.method(),
        reason: judge.reason(position, &components, steps),
        steps,
        components,
        winning_moves,
    })
}

/// Every move of `position` under the every-move rule, with who wins after
/// it; also returns the method used.
pub fn moves(
    position: &Position,
    method: Option<Method>,
    limits: &Limits,
) -> Result<(Method, Vec<EveryMove>)> {
    let mut judge = Judge::new(position, method.unwrap_or(Method::Steps), limits)?;
    let moves = every_steps(position, limits)?
        .into_iter()
        .map(|step| judge.make_move(position, step))
        .collect::<Result<Vec<_>>>()?;
    Ok((judge.method(), moves))
}

/// The chosen way of deciding positions.
enum Judge {
    /// Step counts, each component explored once; `steps` caches the
    /// count of every component position met, by its canonical text.
    Steps {
        limits: Box<Limits>,
        steps: HashMap<String, u64>,
    },
    /// Search with the normal-play solver over the every-move game (its
    /// Grundy values are those of that game; only zero or not matters).
    Search(Box<Solver<EveryGame>>),
}

impl Judge {
    fn new(position: &Position, method: Method, limits: &Limits) -> Result<Judge> {
        Ok(match method {
            Method::Steps => Judge::Steps {
                limits: Box::new(limits.clone()),
                steps: HashMap::new(),
            },
            Method::Search => {
                let (game, _) = EveryGame::new(position, limits);
                let config = crate::solve::Config {
                    closed_forms: false,
                    decompose: false,
                    ..limits.solver_config()
                };
                Judge::Search(Box::new(Solver::new(game, config)))
            }
        })
    }

    fn method(&self) -> Method {
        match self {
            Judge::Steps { .. } => Method::Steps,
            Judge::Search(_) => Method::Search,
        }
    }

    /// Who wins `position`, and its step count if the method gives it.
    fn evaluate(&mut self, position: &Position) -> Result<(Outcome, Option<u64>)> {
        match self {
            Judge::Steps { .. } => {
                let mut longest = 0;
                for c in position.components() {
                    longest = longest.max(self.component_steps(position, &c)?.unwrap_or(0));
                }
                let outcome = if longest % 2 == 1 {
                    Outcome::N
                } else {
                    Outcome::P
                };
                Ok((outcome, Some(longest)))
            }
            Judge::Search(solver) => {
                let args: Args = solver.game().args_of(position);
                let v = solver.value(&args);
                solver.game().check()?;
                Ok((Outcome::of(v?), None))
            }
        }
    }

    /// The step count of one component (with the steps method).
    fn component_steps(
        &mut self,
        position: &Position,
        c: &crate::expr::ComponentRef,
    ) -> Result<Option<u64>> {
        let Judge::Steps { limits, steps } = self else {
            return Ok(None);
        };
        let (family, args) = position.component(c);
        // A Nim heap is won by emptying it, the only move to a lost
        // position: 1 step (0 for the empty heap).
        if family.head() == "nim"
            && let [crate::expr::Arg::Int(n)] = args
        {
            return Ok(Some((*n).min(1)));
        }
        let text = term_text(family.as_ref(), args);
        if let Some(&s) = steps.get(&text) {
            return Ok(Some(s));
        }
        let single = Position {
            terms: vec![Term {
                family: family.clone(),
                args: args.to_vec(),
            }],
        };
        let (game, start) = CanonicalSum::new(&single, limits);
        let explored = Explored::new(&game, &start, true, limits);
        game.check()?;
        let explored = explored?;
        // Keep the count of every position met: the options of this
        // component, asked for next, are among them.
        let counts = step_counts(&explored);
        for (i, &s) in counts.iter().enumerate() {
            steps
                .entry(game.position(explored.position(i)).to_string())
                .or_insert(s);
        }
        steps.insert(text, counts[0]);
        Ok(Some(counts[0]))
    }

    fn make_move(&mut self, position: &Position, step: EveryStep) -> Result<EveryMove> {
        let parts = position.components();
        let (outcome, steps) = self.evaluate(&step.position)?;
        let parts = step
            .parts
            .iter()
            .map(|(i, option)| {
                let (family, args) = position.component(&parts[*i]);
                PartMove {
                    component: *i,
                    from: term_text(family.as_ref(), args),
                    to: term_text(family.as_ref(), option),
                }
            })
            .collect();
        Ok(EveryMove {
            parts,
            position: step.position,
            outcome,
            steps,
        })
    }

    fn reason(
        &self,
        position: &Position,
        components: &[EveryComponent],
        steps: Option<u64>,
    ) -> String {
        match (self, steps) {
            (Judge::Steps { .. }, Some(longest)) => {
                let Some(c) = components
                    .iter()
                    .find(|c| c.steps == Some(longest))
                    .filter(|_| longest > 0)
                else {
                    return "no component can move: the player to move has lost".to_string();
                };
                let parity = if longest % 2 == 1 {
                    "odd: the player to move makes the last move"
                } else {
                    "even: the opponent makes the last move"
                };
                format!(
                    "the longest component, {}, lasts {longest} moves under best play; {parity}",
                    c.component
                )
            }
            _ => {
                format!("search over every(...) of {position}, every component moving on each turn")
            }
        }
    }
}
