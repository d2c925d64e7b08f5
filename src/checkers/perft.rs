//! Move-path enumeration counts ("perft"), the standard check of a move generator.

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::Geometry;
use crate::checkers::movegen::{self, MoveSink};
use crate::checkers::moves::MoveOf;
use crate::checkers::position::PositionOf;
use crate::checkers::square::SquareOf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts leaf nodes `depth` plies below `pos`, every distinct move once.
/// The last ply is counted in bulk (moves counted, not played).
///
/// ```
/// use warcaby::checkers::perft::perft;
/// use warcaby::{Position, Variant};
///
/// // The published English checkers counts (OEIS A133046): 7, 49, 302,
/// // 1469, 7361, 36768, ...
/// let start = Position::start(Variant::English);
/// let counts: Vec<u64> = (1..=6).map(|depth| perft(&start, depth)).collect();
/// assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768]);
///
/// // Russian draughts part from English at depth 5 (men capture backward).
/// assert_eq!(perft(&Position::start(Variant::Russian), 5), 7482);
/// ```
pub fn perft<G: Geometry>(pos: &PositionOf<G>, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    perft_with(pos, depth, &mut buffers)
}

fn perft_with<G: Geometry>(pos: &PositionOf<G>, depth: u32, buffers: &mut [Vec<MoveOf<G>>]) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count(pos),
        2 => {
            let mut sink = CountChildren { pos, leaves: 0 };
            movegen::generate(pos, &mut sink);
            sink.leaves
        }
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
            pos.legal_moves_into(moves);
            let mut total = 0;
            for mv in moves.iter() {
                total += perft_with(&pos.after(mv), depth - 1, rest);
            }
            total
        }
    }
}

/// [`perft`] spread over `threads` threads: the positions two plies down are
/// shared out through an atomic counter.
pub fn perft_parallel<G: Geometry>(pos: &PositionOf<G>, depth: u32, threads: usize) -> u64 {
    if depth < 4 || threads <= 1 {
        return perft(pos, depth);
    }
    let roots: Vec<PositionOf<G>> = pos
        .legal_moves()
        .iter()
        .flat_map(|m| {
            let child = pos.after(m);
            child
                .legal_moves()
                .into_iter()
                .map(move |r| child.after(&r))
        })
        .collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
                    let mut total = 0;
                    while let Some(p) = roots.get(next.fetch_add(1, Ordering::Relaxed)) {
                        total += perft_with(p, depth - 2, &mut buffers);
                    }
                    total
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker"))
            .sum()
    })
}

/// Perft split by root move: each legal move with its subtree count.
///
/// ```
/// use warcaby::checkers::perft::{divide, perft};
/// use warcaby::{Position, Variant};
///
/// let start = Position::start(Variant::English);
/// let split = divide(&start, 4);
/// assert_eq!(split.len(), 7); // one line per root move
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&start, 4));
/// for (mv, n) in split {
///     assert_eq!(n, perft(&start.after(&mv), 3));
/// }
/// ```
pub fn divide<G: Geometry>(pos: &PositionOf<G>, depth: u32) -> Vec<(MoveOf<G>, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&pos.after(&mv), depth - 1)))
        .collect()
}

/// Plays each generated move and counts the replies (the last two plies of perft).
struct CountChildren<'a, G: Geometry> {
    pos: &'a PositionOf<G>,
    leaves: u64,
}

impl<G: Geometry> MoveSink<G> for CountChildren<'_, G> {
    #[inline]
    fn push(
        &mut self,
        from: SquareOf<G>,
        path: &[SquareOf<G>],
        captured: BitboardOf<G>,
        promotes: bool,
    ) {
        let child = self
            .pos
            .after_parts(from, path[path.len() - 1], captured, promotes);
        self.leaves += movegen::count(&child);
    }
}
