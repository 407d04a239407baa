//! The front door (`analysis::analyze`, `analysis::moves`,
//! `analysis::game::analyze_game`) against the plain definitions: outcomes
//! by `reference::outcome` over the explicit moves of each convention, and
//! the law that every reported winning move leaves a lost position.

use grundy::analysis::game::analyze_game;
use grundy::analysis::{self, Method, Value, Verdict};
use grundy::every::EveryGame;
use grundy::expr::{CanonicalSum, Play, Position};
use grundy::solve::reference::{self, Ending};
use grundy::{Game, Limits, Nimber, Outcome};
use proptest::prelude::*;

use super::small::{parse, sorted, sum};

fn report(p: &Position, play: Play, method: Method) -> analysis::Report {
    analysis::analyze(p, play, method, &Limits::default()).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// Who wins `p` under `play`, from the definition: a search of the sum's
/// own moves (one component at a time, or every component at once for the
/// every-move rule) with the right ending.
fn by_definition(p: &Position, play: Play) -> Verdict {
    let limits = Limits::default();
    let outcome = match play {
        Play::Every => {
            let (game, start) = EveryGame::new(p, &limits);
            reference::outcome(&game, &start, Ending::LastMoverWins).unwrap()
        }
        _ => {
            let (game, start) = CanonicalSum::new(p, &limits);
            let ending = match play {
                Play::Misere => Ending::LastMoverLoses,
                _ => Ending::LastMoverWins,
            };
            reference::outcome(&game, &start, ending).unwrap()
        }
    };
    outcome.into()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    /// Under each convention the report's verdict is the definition's, and
    /// each winning move leaves a position the definition calls lost; an
    /// N-position always has a winning move listed.
    #[test]
    fn verdicts_and_winning_moves_follow_the_definition(p in sum(3)) {
        for play in [Play::Normal, Play::Misere, Play::Every] {
            let r = report(&p, play, Method::Auto);
            prop_assert_eq!(r.verdict, by_definition(&p, play), "{} under {:?}", p, play);
            prop_assert!(r.winning_moves_complete);
            // Under misère play a finished game is won by the player to
            // move, who needs no move at all.
            let finished = analysis::moves(&p, play, Method::Auto, &Limits::default())
                .unwrap()
                .moves
                .is_empty();
            let needs_a_move = r.verdict == Verdict::N && !finished;
            prop_assert_eq!(needs_a_move, !r.winning_moves.is_empty(), "{}", p);
            for m in &r.winning_moves {
                prop_assert_eq!(m.play, play);
                prop_assert_eq!(by_definition(&m.position, play), Verdict::P, "{} -> {}", p, m);
            }
        }
    }

    /// `moves` marks exactly the winning moves of `analyze`, and every
    /// move's verdict is the definition's.
    #[test]
    fn moves_mark_the_winning_moves(p in sum(2)) {
        for play in [Play::Normal, Play::Misere, Play::Every] {
            let limits = Limits::default();
            let all = analysis::moves(&p, play, Method::Auto, &limits).unwrap();
            let winning = sorted(all.moves.iter().filter(|m| m.winning()).map(|m| &m.position));
            let reported = sorted(report(&p, play, Method::Auto).winning_moves.iter());
            prop_assert_eq!(winning, reported, "{} under {:?}", p, play);
            for m in &all.moves {
                prop_assert_eq!(m.verdict, by_definition(&m.position.position, play));
            }
        }
    }

    /// Search, asked for, agrees with the method chosen automatically.
    #[test]
    fn search_agrees_with_the_chosen_method(p in sum(2)) {
        for play in [Play::Misere, Play::Every] {
            let auto = report(&p, play, Method::Auto);
            let search = report(&p, play, Method::Search);
            prop_assert_eq!(auto.verdict, search.verdict, "{}", p);
            prop_assert_eq!(
                sorted(auto.winning_moves.iter()),
                sorted(search.winning_moves.iter()),
                "{}", p
            );
        }
    }
}

#[test]
fn the_report_says_which_method_decided_and_why() {
    let nim = parse("nim(1,1,5)");
    assert_eq!(report(&nim, Play::Misere, Method::Auto).method, "bouton");
    // Every vertex but the sink z has an edge to z: only z has value 0, so
    // the SJ theorem's condition holds.
    let dir = std::env::temp_dir().join(format!("grundy-front-door-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let graph = dir.join("g.txt");
    std::fs::write(&graph, "a b z\nb c z\nc z\nz\n").unwrap();
    let sj = parse(&format!("graph[{}](a) + nim(2)", graph.display()));
    let r = report(&sj, Play::Misere, Method::Auto);
    assert_eq!((r.method, r.method_note.as_deref()), ("sj", None));
    // sub{1,3,4}(2) has value 0 and can still move: the SJ condition fails,
    // and the note says so.
    let searched = parse("sub{1,3,4}(9) + nim(2)");
    let r = report(&searched, Play::Misere, Method::Auto);
    assert_eq!(r.method, "search");
    assert!(r.method_note.unwrap().contains("sub{1,3,4}(2)"));
    assert!(matches!(r.value, Some(Value::MisereGrundy(_))));
    let r = report(&parse("sub{1,2}(3) + nim(5)"), Play::Every, Method::Auto);
    assert_eq!((r.method, r.value), ("steps", Some(Value::Steps(2))));
}

#[test]
fn questions_that_do_not_fit_are_refused_with_the_reason() {
    let limits = Limits::default();
    let p = parse("sub{1,3,4}(9) + nim(2)");
    let refused = |play, method| {
        analysis::analyze(&p, play, method, &limits)
            .unwrap_err()
            .to_string()
    };
    assert!(refused(Play::Normal, Method::Search).contains("--method applies to misère"));
    assert!(refused(Play::Misere, Method::Bouton).contains("Nim heaps only"));
    assert!(refused(Play::Misere, Method::Steps).contains("every-move rule"));
    assert!(refused(Play::Every, Method::Sj).contains("misère play"));
    // A wrapper in the text and a different play asked for disagree.
    assert!(analysis::parse("every(nim(1))", Play::Misere, &limits).is_err());
    assert_eq!(
        analysis::parse("misere(nim(1))", Play::Normal, &limits)
            .unwrap()
            .play,
        Play::Misere
    );
}

/// Take 1, 3 or 4 tokens from any one heap; positions are the heaps,
/// sorted, and each heap is a component.
struct Heaps134;

impl Game for Heaps134 {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..p.len() {
            for s in [1, 3, 4] {
                if s <= p[i] {
                    let mut q = p.clone();
                    q[i] -= s;
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
    }

    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if p.len() < 2 {
            return false;
        }
        out.extend(p.iter().map(|&h| vec![h]));
        true
    }
}

fn heaps_text(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    format!("sub{{1,3,4}}({})", parts.join(","))
}

/// A game given as rules answers as the same game written as an
/// expression, under every convention: verdict, value, and (where a
/// single component is played) the winning moves.
#[test]
fn a_game_given_as_rules_answers_as_its_expression() {
    let limits = Limits::default();
    let mut positions: Vec<Vec<u64>> = (0..40).map(|n| vec![n]).collect();
    for a in 0..9 {
        for b in a..9 {
            positions.push(vec![a, b]);
        }
    }
    for heaps in &positions {
        let text = heaps_text(heaps);
        let p = parse(&text);
        for play in [Play::Normal, Play::Misere, Play::Every] {
            let rules = analyze_game(&Heaps134, heaps, play, Method::Auto, &limits).unwrap();
            let expr = report(&p, play, Method::Auto);
            assert_eq!(rules.verdict, expr.verdict, "{text} under {play:?}");
            assert_eq!(
                rules.verdict,
                by_definition(&p, play),
                "{text} under {play:?}"
            );
            if play == Play::Normal {
                assert_eq!(rules.value, expr.value, "{text}");
            }
            if rules.winning_moves_complete {
                let from_rules: Vec<String> =
                    sorted(rules.winning_moves.iter().map(|q| heaps_text(q)));
                let mut deduplicated = from_rules.clone();
                deduplicated.dedup();
                assert_eq!(from_rules, deduplicated, "each winning move once: {text}");
                let mut from_expr: Vec<String> = expr
                    .winning_moves
                    .iter()
                    .map(|m| {
                        let mut heaps = heap_sizes(&m.position);
                        heaps.sort_unstable();
                        heaps_text(&heaps)
                    })
                    .collect();
                from_expr.sort();
                from_expr.dedup();
                assert_eq!(from_rules, from_expr, "{text} under {play:?}");
            } else {
                assert_eq!(play, Play::Every, "only a sum under the every-move rule");
                assert!(rules.method_note.is_some());
            }
        }
    }
}

/// The heap sizes of a `sub{1,3,4}(...)` position.
fn heap_sizes(p: &Position) -> Vec<u64> {
    p.terms
        .iter()
        .flat_map(|t| t.args.iter().map(|a| a.int("heap").unwrap()))
        .collect()
}

#[test]
fn a_game_given_as_rules_refuses_methods_that_need_an_expression() {
    let limits = Limits::default();
    let err = analyze_game(&Heaps134, &vec![3], Play::Misere, Method::Bouton, &limits)
        .unwrap_err()
        .to_string();
    assert!(err.contains("--method bouton"), "{err}");
    // Misère search by rules gives the misère Grundy value: heap 1 of
    // sub{1,3,4} is lost under misère play (the only move takes the last
    // token), so G⁻ = 0.
    let r = analyze_game(&Heaps134, &vec![1], Play::Misere, Method::Search, &limits).unwrap();
    assert_eq!(
        (r.value, r.verdict),
        (Some(Value::MisereGrundy(Nimber(0))), Verdict::P)
    );
    assert_eq!(Verdict::from(Outcome::N), Verdict::N);
}
