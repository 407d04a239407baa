//! Every built-in family against the brute-force reference.

use super::common::{TempFile, assert_agree};

/// One-heap families and the heap sizes to check them on.
const HEAP_FAMILIES: &[(&str, u64)] = &[
    ("nim", 12),
    ("sub{1,3,4}", 60),
    ("sub{1..3}", 60),
    ("bash{5}", 60),
    ("sub{2,5,6}", 60),
    ("sub{fib}", 60),
    ("sub{squares}", 60),
    ("sub{pow2}", 60),
    ("sub{7}", 40),
    ("allbut{2,3,7}", 40),
    ("allbut{1}", 40),
    ("kayles", 14),
    ("dawson", 16),
    ("dawson-chess", 14),
    ("grundy-game", 16),
    ("octal[0.16]", 16),
    ("octal[4.07]", 12),
    ("0.6", 14),
    ("hex[0.8F]", 10),
];

#[test]
fn heap_families_agree_with_reference_on_single_heaps() {
    for &(family, to) in HEAP_FAMILIES {
        for n in 0..=to {
            assert_agree(&format!("{family}({n})"));
        }
    }
}

#[test]
fn board_games_agree_with_reference() {
    for a in 0..7 {
        for b in 0..7 {
            assert_agree(&format!("wythoff({a},{b})"));
            assert_agree(&format!("grid({a},{b})"));
        }
    }
    for steps in [
        vec![0],
        vec![3],
        vec![0, 2],
        vec![1, 2, 3],
        vec![2, 0, 1, 1],
        vec![1, 1, 1, 1, 1],
    ] {
        let args: Vec<String> = steps.iter().map(u64::to_string).collect();
        assert_agree(&format!("staircase({})", args.join(",")));
    }
    for heaps in [
        vec![],
        vec![1],
        vec![3, 3],
        vec![1, 2, 3],
        vec![1, 2, 3, 4],
        vec![2, 4, 6],
    ] {
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        assert_agree(&format!("takeall({})", args.join(",")));
    }
}

#[test]
fn sums_of_two_and_three_components_agree_with_reference() {
    let small: Vec<String> = [
        "nim(3)",
        "nim(2,1)",
        "sub{1,3,4}(9)",
        "sub{fib}(7)",
        "sub{squares}(8)",
        "allbut{2,3,7}(6)",
        "wythoff(2,3)",
        "grid(3,1)",
        "staircase(1,2)",
        "takeall(1,2)",
        "sub{2,5,6}(11)",
        "kayles(5)",
        "octal[0.137](6)",
        "grundy-game(7)",
    ]
    .map(String::from)
    .to_vec();
    for (i, a) in small.iter().enumerate() {
        for b in &small[i..] {
            assert_agree(&format!("{a} + {b}"));
        }
    }
    for triple in [
        ["nim(3)", "sub{1,3,4}(5)", "wythoff(1,2)"],
        ["staircase(1,1)", "grid(2,2)", "allbut{2,3,7}(4)"],
        ["sub{fib}(6)", "sub{squares}(5)", "takeall(1,3)"],
    ] {
        assert_agree(&triple.join(" + "));
    }
}

#[test]
fn graph_tokens_agree_with_reference() {
    // A small DAG with several paths of different lengths.
    let g = TempFile::new(
        "dag.txt",
        "start a\na b c d\nb d e\nc e f\nd f\ne f g\nf g\ng\n",
    );
    let path = g.path();
    for v in ["a", "b", "c", "d", "e", "f", "g"] {
        assert_agree(&format!("graph[{path}]({v})"));
    }
    assert_agree(&format!("graph[{path}](a,b) + nim(2)"));
    assert_agree(&format!("graph[{path}](c,d,e)"));
}
