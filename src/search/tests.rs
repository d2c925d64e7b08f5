//! The time policy's mechanism on a hand-made tree, where what each
//! iteration sees is known: an aborted iteration keeps a move it proved.

use super::*;

/// Children of the tree's nodes. The root (0) has moves A (1), B (2) and
/// C (3). At depth 1, A looks best; at depth 2 it loses a lot, B is best,
/// and C costs many nodes (the opponent's refutation comes last).
fn children(node: u32) -> Vec<u32> {
    match node {
        0 => vec![1, 2, 3],
        1 => vec![10],
        2 => vec![20],
        3 => (100..100 + WIDE).collect(),
        END => vec![],
        _ => vec![END],
    }
}

const WIDE: u32 = 2000;
/// The one child of the depth-2 nodes (so that they are not lost).
const END: u32 = u32::MAX;
const A: u32 = 1;
const B: u32 = 2;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Tree(u32);

impl SearchGame for Tree {
    type Move = u32;
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend(children(self.0));
    }
    fn after(&self, mv: &u32) -> Self {
        Tree(*mv)
    }
    fn hash(&self) -> u64 {
        crate::core::rng::mix(self.0 as u64 + 1)
    }
    fn leaf(&self) -> Leaf {
        if children(self.0).is_empty() {
            Leaf::NoMoves
        } else {
            Leaf::Quiet
        }
    }
    fn move_key(&self, mv: &u32) -> usize {
        *mv as usize % MOVE_KEY_SPACE
    }
}

/// Static scores, for the side to move at each node.
#[derive(Clone)]
struct TreeEval;

impl Evaluator<Tree> for TreeEval {
    fn evaluate(&self, node: &Tree) -> i32 {
        match node.0 {
            1 => -10,
            2 => -5,
            10 => -100,
            20 => 5,
            n if n == 100 + WIDE - 1 => -80,
            n if n >= 100 => 50,
            _ => 0,
        }
    }
}

fn search(nodes: u64) -> SearchInfo<u32> {
    let config = SearchConfig {
        tt_mib: 1,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new(config, TreeEval);
    let limits = Limits {
        depth: Some(2),
        nodes: Some(nodes),
        ..Limits::default()
    };
    searcher.search(&Tree(0), &[], limits, |_| {})
}

#[test]
fn the_tree_is_as_described() {
    let mut searcher = Searcher::new(SearchConfig::default(), TreeEval);
    let mut best = Vec::new();
    let r = searcher.search(&Tree(0), &[], Limits::depth(2), |i| {
        best.push((i.best_move, i.score))
    });
    assert_eq!(best, vec![(Some(A), 10), (Some(B), 5)]);
    assert!(r.nodes > WIDE as u64);
}

#[test]
fn an_aborted_iteration_keeps_the_better_move_it_proved() {
    let full = search(u64::MAX).nodes;
    let mut first_b = None;
    for limit in (1..=full + 1).step_by(5) {
        let r = search(limit);
        let mv = r.best_move.expect("a move");
        // Only the last finished iteration's move, or one the running
        // iteration proved better: never C, never B before it is proven.
        assert!(mv == A || mv == B, "limit {limit}: {mv}");
        match first_b {
            None if mv == B => first_b = Some(limit),
            Some(_) => assert_eq!(mv, B, "limit {limit}: B was proven, then lost"),
            None => {}
        }
        if mv == B {
            assert_eq!(r.score, 5);
        }
    }
    // B is proven long before the wide move C is done with: the aborted
    // iteration's answer is B, not the depth-1 move A.
    let first_b = first_b.expect("B is found");
    assert!(first_b + (WIDE as u64) / 2 < full, "{first_b} of {full}");
    assert_eq!(search(first_b).depth, 1);
}

/// A clock that advances one millisecond every time it is read.
fn ticking_clock() -> f64 {
    use std::sync::atomic::AtomicU64;
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(1, Ordering::Relaxed) as f64
}

#[test]
fn a_stop_request_returns_the_last_finished_iteration() {
    let mut searcher = Searcher::new(SearchConfig::default(), TreeEval).with_clock(ticking_clock);
    searcher.stop_flag().store(true, Ordering::Relaxed);
    // The flag is cleared when a search starts...
    let r = searcher.search(&Tree(0), &[], Limits::depth(2), |_| {});
    assert_eq!((r.best_move, r.depth), (Some(B), 2));
    // ... and honoured when set during one.
    let flag = searcher.stop_flag();
    let r = searcher.search(&Tree(0), &[], Limits::default(), |info| {
        if info.depth == 1 {
            flag.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(r.depth, 1);
}

/// Knows that C's side (node 3) is lost in 4 plies and that A is a draw.
struct Oracle;

impl ExactProbe<Tree> for Oracle {
    fn probe(&self, node: &Tree) -> Option<Exact> {
        match node.0 {
            3 => Some(Exact::Loss(4)),
            1 => Some(Exact::Draw),
            _ => None,
        }
    }
}

#[test]
fn exact_values_score_like_mates_below_the_root() {
    let mut searcher =
        Searcher::new(SearchConfig::default(), TreeEval).with_exact(Some(Arc::new(Oracle)));
    let r = searcher.search(&Tree(0), &[], Limits::depth(2), |_| {});
    // C wins in 1 + 4 plies: a mate score, preferred to B's 5, without
    // searching C's wide subtree.
    assert_eq!((r.best_move, r.score), (Some(3), MATE - 5));
    assert!(r.nodes < 100, "{}", r.nodes);
    assert_eq!(Exact::Win(3).score(2), MATE - 5);
    assert_eq!(Exact::Loss(0).score(1), -MATE + 1);
}

#[test]
fn a_restricted_root_chooses_among_the_given_moves_only() {
    let mut searcher = Searcher::new(SearchConfig::default(), TreeEval);
    // Without B, the best is C (-80 for the root) before A (-100).
    let r = searcher.search_among(&Tree(0), &[A, 3], &[], Limits::depth(2), |_| {});
    assert_eq!((r.best_move, r.score), (Some(3), -80));
    assert_eq!(r.pv.first(), Some(&3));
    // A move that is not legal is no choice; one move left is that move.
    let r = searcher.search_among(&Tree(0), &[A, 99], &[], Limits::depth(2), |_| {});
    assert_eq!((r.best_move, r.score), (Some(A), -100));
    // None legal: no move, as in a lost position.
    let r = searcher.search_among(&Tree(0), &[99], &[], Limits::depth(2), |_| {});
    assert_eq!(r.best_move, None);
    // The restricted searches left nothing behind: the whole root again.
    let r = searcher.search(&Tree(0), &[], Limits::depth(2), |_| {});
    assert_eq!((r.best_move, r.score), (Some(B), 5));
}

#[test]
fn a_restricted_root_never_searches_the_other_moves() {
    // C's subtree is WIDE nodes: leaving it out costs almost nothing.
    let mut searcher = Searcher::new(SearchConfig::default(), TreeEval);
    let r = searcher.search_among(&Tree(0), &[A, B], &[], Limits::depth(2), |_| {});
    assert_eq!(r.best_move, Some(B));
    assert!(r.nodes < 20, "{}", r.nodes);
}
