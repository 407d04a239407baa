//! Green Hackenbush: the colon and fusion principles against cutting edges
//! one by one.

use grundy::expr::Position;
use grundy::hackenbush::cuts::{cuts_to, cuts_to_by_recomputing};
use grundy::hackenbush::{
    Hackenbush, Picture, fusion, parse_picture, rooted_value, tree_value, winning_cuts,
};
use grundy::solve::reference::Reference;
use grundy::{Game, Limits, Nimber};
use proptest::prelude::*;

use super::common::{TempFile, assert_agree, engine_value};

/// Everything checked of one picture: the fusion value against the brute
/// force on the whole picture, and for every position reachable in one cut
/// the fast winning cuts against recomputation and against search.
fn check_picture(vertices: usize, edges: &[(usize, usize)]) {
    let picture = Picture::from_edges(vertices, edges, 0).unwrap();
    let game = Hackenbush(picture);
    let picture = &game.0;
    let mut search = Reference::new(&game);
    let all = picture.all();
    let value = search.value(&all).unwrap();
    assert_eq!(fusion::value(picture, &all), value, "{edges:?}");
    assert_eq!(
        rooted_value(vertices, edges, 0).unwrap(),
        value,
        "{edges:?}"
    );
    let mut options = Vec::new();
    game.moves(&all, &mut options);
    for target in 0..=value.0 + 2 {
        let target = Nimber(target);
        let fast = cuts_to(picture, &all, target, &Limits::default()).unwrap();
        assert_eq!(
            fast,
            cuts_to_by_recomputing(picture, &all, target),
            "{edges:?} -> {target}"
        );
        let searched: Vec<usize> = (0..edges.len())
            .filter(|&e| search.value(&picture.cut(&all, e)).unwrap() == target)
            .collect();
        assert_eq!(fast, searched, "{edges:?} -> {target}");
    }
}

/// Every multiset of `k` edges (loops included) on the ground (vertex 0)
/// and `others` more vertices, in which every edge reaches the ground.
fn pictures(others: usize, k: usize) -> Vec<Vec<(usize, usize)>> {
    let n = others + 1;
    let kinds: Vec<(usize, usize)> = (0..n).flat_map(|u| (u..n).map(move |v| (u, v))).collect();
    let mut out = Vec::new();
    let mut pick = vec![0usize; k];
    loop {
        let edges: Vec<(usize, usize)> = pick.iter().map(|&i| kinds[i]).collect();
        if Picture::from_edges(n, &edges, 0).is_ok() {
            out.push(edges);
        }
        // The next non-decreasing choice of kinds.
        let Some(i) = (0..k).rev().find(|&i| pick[i] + 1 < kinds.len()) else {
            break;
        };
        let next = pick[i] + 1;
        pick[i..].iter_mut().for_each(|p| *p = next);
    }
    out
}

#[test]
fn every_small_picture_agrees_with_cutting_edges_one_by_one() {
    let mut checked = 0;
    for k in 0..=6 {
        for edges in pictures(3, k) {
            check_picture(4, &edges);
            checked += 1;
        }
    }
    // Every picture with up to 6 edges on ground + 3 vertices, loops and
    // parallel edges included.
    assert_eq!(checked, 4217);
}

/// Edges between numbered vertices.
type Edges = [(usize, usize)];

/// Every rooted tree on `n` vertices as a parent array (vertex `i > 0`
/// hangs from `parent[i] < i`); isomorphic trees repeat, which is harmless.
fn trees(n: usize, visit: &mut dyn FnMut(&Edges)) {
    let mut parent = vec![0usize; n];
    loop {
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (parent[i], i)).collect();
        visit(&edges);
        let Some(i) = (1..n).rev().find(|&i| parent[i] + 1 < i) else {
            return;
        };
        parent[i] += 1;
        parent[i + 1..].iter_mut().for_each(|p| *p = 0);
    }
}

#[test]
fn every_rooted_tree_of_up_to_seven_edges_obeys_the_colon_principle() {
    let mut checked = 0;
    for n in 1..=8 {
        trees(n, &mut |edges| {
            let game = Hackenbush(Picture::from_edges(n, edges, 0).unwrap());
            let value = Reference::new(&game).value(&game.0.all()).unwrap();
            assert_eq!(tree_value(n, edges, 0).unwrap(), value, "{edges:?}");
            assert_eq!(fusion::value(&game.0, &game.0.all()), value, "{edges:?}");
            checked += 1;
        });
    }
    assert_eq!(checked, 1 + 1 + 2 + 6 + 24 + 120 + 720 + 5040); // (n-1)! parent arrays
}

#[test]
fn bamboo_stalks_are_nim_heaps() {
    for n in 0..=10 {
        let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
        let game = Hackenbush(Picture::from_edges(n + 1, &edges, 0).unwrap());
        let searched = Reference::new(&game).value(&game.0.all()).unwrap();
        assert_eq!(searched, Nimber(n as u64));
        assert_eq!(engine_value(&format!("bamboo({n})")), searched);
    }
    assert_agree("bamboo(3,4,5)");
    assert_agree("bamboo(1,2) + nim(3) + turtles(HTH)");
}

/// A Christmas-Game picture (POJ 3710): a random tree from the ground with
/// polygons (simple cycles of 2 to 5 edges) each hanging from one vertex.
fn christmas_tree() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (
        proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        proptest::collection::vec((any::<prop::sample::Index>(), 2usize..=5), 0..3),
    )
        .prop_map(|(tree, polygons)| {
            let mut edges = Vec::new();
            let mut n = 1;
            for parent in tree {
                edges.push((parent.index(n), n));
                n += 1;
            }
            for (hang, len) in polygons {
                let at = hang.index(n);
                let ring: Vec<usize> = std::iter::once(at).chain(n..n + len - 1).collect();
                n += len - 1;
                for i in 0..len {
                    edges.push((ring[i], ring[(i + 1) % len]));
                }
            }
            (n, edges)
        })
        .prop_filter("small enough to search", |(_, e)| e.len() <= 13)
}

/// A random picture: any edges among ground and five vertices, kept if
/// every edge reaches the ground.
fn any_picture() -> impl Strategy<Value = Vec<(usize, usize)>> {
    proptest::collection::vec((0usize..6, 0usize..6), 1..=11)
        .prop_filter("every edge reaches the ground", |e| {
            Picture::from_edges(6, e, 0).is_ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The Christmas Game's rule (odd polygon = one edge, even = a vertex)
    /// as the fusion principle applies it, against search.
    #[test]
    fn christmas_trees_agree_with_search((n, edges) in christmas_tree()) {
        check_picture(n, &edges);
    }

    #[test]
    fn random_pictures_agree_with_search(edges in any_picture()) {
        check_picture(6, &edges);
    }
}

/// POJ 3710 (Christmas Game), the sample: two trees, a single edge and an
/// edge under a triangle; "Sally", who moves first, wins.
#[test]
fn the_christmas_game_sample_is_a_first_player_win() {
    let first = rooted_value(3, &[(1, 2)], 1).unwrap();
    let second = rooted_value(5, &[(1, 2), (2, 3), (2, 4), (3, 4)], 1).unwrap();
    assert_eq!((first, second), (Nimber(1), Nimber(2)));
    assert!(!(first + second).is_zero());
}

#[test]
fn cycles_fuse_odd_to_an_edge_and_even_to_a_vertex() {
    // A triangle and a square, each standing on the ground at one vertex.
    let triangle = parse_picture("ground g\ng a\na b\nb g\n", "t").unwrap();
    let square = parse_picture("ground g\ng a\na b\nb c\nc g\n", "s").unwrap();
    let t = fusion::reduce(&triangle, &triangle.all());
    let s = fusion::reduce(&square, &square.all());
    assert_eq!((t.value, s.value), (Nimber(1), Nimber(0)));
    assert_eq!(t.fused[0].edges, 3);
    assert_eq!(s.fused[0].vertices, ["g", "a", "b", "c"]);
    // Cutting a-b leaves two single edges (value 0); cutting g-a or b-g
    // leaves a stalk of 2.
    assert_eq!(
        winning_cuts(&triangle, &triangle.all(), &Limits::default()).unwrap(),
        [1]
    );
}

#[test]
fn pictures_from_files_in_expressions() {
    let file = TempFile::new(
        "picture.txt",
        "# a stalk of 2 with a triangle on top, and a loop on the ground\nground g\ng a\na b\nb c\nc d\nd b\ng g\n",
    );
    let path = file.path();
    assert_agree(&format!("hackenbush[{path}]"));
    assert_agree(&format!("hackenbush[{path}](1,2,6) + bamboo(2)"));
    assert_agree(&format!("hackenbush[{path}] + mock(HTH)"));
    let p = Position::parse(&format!("hackenbush[{path}]")).unwrap();
    assert_eq!(p.to_string(), format!("hackenbush[{path}](1,2,3,4,5,6)"));
    let a = grundy::analysis::normal::analyze(&p, &Limits::default()).unwrap();
    // Triangle -> loop (*1) at b; b stands on a stalk of 2: *3; loop at g: *1.
    assert_eq!(a.grundy, Nimber(3 ^ 1));
    for m in &a.winning_moves {
        assert!(
            engine_value(&m.position.to_string()).is_zero(),
            "{}",
            m.position
        );
    }
    let err = |expr: String| Position::parse(&expr).unwrap_err().to_string();
    assert!(
        err(format!("hackenbush[{path}](2)"))
            .contains("edge 2 (a-b) is not connected to the ground by the listed edges")
    );
    assert!(
        err(format!("hackenbush[{path}](7)"))
            .contains("there is no edge 7: the edges are numbered 1 to 6")
    );
    assert!(err(format!("hackenbush[{path}](1,1)")).contains("edge 1 is listed twice"));
}

#[test]
fn a_long_stalk_needs_no_deep_recursion() {
    let n = 200_000;
    let mut text = String::from("ground 0\n");
    for i in 0..n {
        text.push_str(&format!("{i} {}\n", i + 1));
    }
    let picture = parse_picture(&text, "stalk").unwrap();
    assert_eq!(fusion::value(&picture, &picture.all()), Nimber(n as u64));
    assert_eq!(
        winning_cuts(&picture, &picture.all(), &Limits::default()).unwrap(),
        [0]
    ); // cut at the ground
}

#[test]
fn cuts_inside_a_long_cycle_are_found_within_a_limit() {
    // A cycle of 301 edges through the ground is *1 (odd: one loop); cutting
    // edge k leaves stalks of k and 300 - k, which cancel only at k = 150.
    let n = 301;
    let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let picture = Picture::from_edges(n, &edges, 0).unwrap();
    let all = picture.all();
    assert_eq!(fusion::value(&picture, &all), Nimber(1));
    assert_eq!(
        winning_cuts(&picture, &all, &Limits::default()).unwrap(),
        [150]
    );
    let tight = Limits::default().with_max_positions(10_000);
    let err = winning_cuts(&picture, &all, &tight)
        .unwrap_err()
        .to_string();
    assert!(err.contains("raise it with --max-positions"), "{err}");
}

#[test]
fn bad_pictures_are_clear_errors() {
    let e = Picture::from_edges(3, &[(0, 1), (2, 2)], 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "edge 2 (2-2) is not connected to the ground (vertex 0)"
    );
    assert!(
        tree_value(3, &[(0, 1), (0, 1)], 0)
            .unwrap_err()
            .to_string()
            .contains("not a tree")
    );
    assert!(
        Picture::from_edges(2, &[(0, 5)], 0)
            .unwrap_err()
            .to_string()
            .contains("names vertex 5")
    );
    assert!(
        Picture::from_edges(2, &[], 2)
            .unwrap_err()
            .to_string()
            .contains("the ground is vertex 2")
    );
}
