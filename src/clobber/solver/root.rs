//! The first moves of a solve: one per class of mirror images.

use super::super::regions::{Geometry, Sides};
use super::super::{ClobberMove, ClobberPosition};

/// A first move, with the other first moves that lead to a mirror image of
/// its position (searched once for all).
pub(super) struct RootMove {
    pub(super) mv: ClobberMove,
    pub(super) child: Sides,
    pub(super) twins: Vec<ClobberMove>,
}

/// The first moves, one per class of mirror images, those leaving the
/// opponent the fewest moves first.
pub(super) fn root_moves(pos: &ClobberPosition, geometry: &Geometry) -> Vec<RootMove> {
    let them = pos.side_to_move().opponent();
    let mut moves: Vec<(u32, (u64, u64), RootMove)> = Vec::new();
    for mv in pos.legal_moves() {
        let after = pos.after(&mv);
        let child = Sides::of(&after);
        // The whole board's hashes are the same for mirror images.
        let image = geometry.region_hashes(child);
        match moves.iter_mut().find(|m| m.1 == image) {
            Some(twin) => twin.2.twins.push(mv),
            None => moves.push((
                after.move_count(them),
                image,
                RootMove {
                    mv,
                    child,
                    twins: Vec::new(),
                },
            )),
        }
    }
    moves.sort_by_key(|m| m.0);
    moves.into_iter().map(|m| m.2).collect()
}
