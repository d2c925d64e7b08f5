//! Combinatorial values of small Clobber regions.
//!
//! Clobber is a sum of independent regions, and a small region's value (its
//! canonical form, the side to move as Left) sums with the others into one
//! small game. The solver keeps small regions only as their value: a
//! position whose regions are all small is decided by the outcome of the
//! sum, without a search. Values are memoised twice: by board hash (fast,
//! one board) and by shape hash (any place, any of the 8 orientations), so
//! a shape met elsewhere is not computed again.

use super::regions::{shape_hashes, Geometry, Sides};
#[cfg(test)]
use super::ClobberPosition;
use crate::cgt::{FastMap, GameId, Values};

/// Values of small regions, memoised, and the arithmetic on them.
#[derive(Default)]
pub struct RegionValues {
    values: Values,
    /// By board hash (salted with the board), the side to move as Left.
    by_board: FastMap<u64, GameId>,
    /// By shape hash, the side to move as Left.
    by_shape: FastMap<u64, GameId>,
}

impl RegionValues {
    /// No values known yet.
    pub fn new() -> RegionValues {
        RegionValues::default()
    }

    /// The value arena.
    pub fn arena(&mut self) -> &mut Values {
        &mut self.values
    }

    /// The value of a whole position, Black as Left (every region, however
    /// large: use it on small positions).
    #[cfg(test)]
    pub(crate) fn position_value(&mut self, pos: &ClobberPosition) -> GameId {
        let geometry = Geometry::new(pos.shape());
        let value = self.sum_value(&geometry, Sides::of(pos));
        match pos.side_to_move() {
            crate::core::Color::Black => value,
            crate::core::Color::White => self.values.negative(value),
        }
    }

    /// The value of `b` (the side to move as Left): the sum of its live
    /// regions' values.
    pub(crate) fn sum_value(&mut self, geometry: &Geometry, b: Sides) -> GameId {
        geometry
            .groups(b.mine | b.theirs)
            .fold(GameId::ZERO, |total, cells| {
                let region = b.within(cells);
                if region.mine == 0 || region.theirs == 0 {
                    return total;
                }
                let (hash, negative) = geometry.region_hashes(region);
                let value = self.region_value(geometry, region, hash, negative);
                self.values.sum(total, value)
            })
    }

    /// The value of one live region (the side to move as Left), given its
    /// board hashes.
    pub(crate) fn region_value(
        &mut self,
        geometry: &Geometry,
        region: Sides,
        hash: u64,
        negative: u64,
    ) -> GameId {
        let (hash, negative) = (hash ^ geometry.salt, negative ^ geometry.salt);
        if let Some(&value) = self.by_board.get(&hash) {
            return value;
        }
        let (shape_hash, shape_negative) = shape_hashes(geometry.shape, region);
        let value = match self.by_shape.get(&shape_hash) {
            Some(&value) => value,
            None => {
                let value = self.compute(geometry, region);
                let minus = self.values.negative(value);
                self.by_shape.insert(shape_hash, value);
                self.by_shape.insert(shape_negative, minus);
                value
            }
        };
        let minus = self.values.negative(value);
        self.by_board.insert(hash, value);
        self.by_board.insert(negative, minus);
        value
    }

    /// `{ my moves | the opponent's moves }`, each option the value of the
    /// position after it seen from me.
    fn compute(&mut self, geometry: &Geometry, region: Sides) -> GameId {
        let left = geometry
            .children(region)
            .into_iter()
            .map(|child| {
                let theirs = self.sum_value(geometry, child);
                self.values.negative(theirs)
            })
            .collect();
        let right = geometry
            .children(region.passed())
            .into_iter()
            .map(|child| self.sum_value(geometry, child))
            .collect();
        self.values.game(left, right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_of(values: &mut RegionValues, text: &str) -> GameId {
        values.position_value(&ClobberPosition::parse(text).unwrap())
    }

    #[test]
    fn known_small_clobber_values() {
        let mut v = RegionValues::new();
        let (star, up) = (v.arena().star(), v.arena().up());
        // A black stone next to a white one: whoever moves ends it, *.
        assert_eq!(value_of(&mut v, "BW/..:B"), star);
        // xxo = ↑: Black's move kills the region, White's leaves a domino.
        assert_eq!(value_of(&mut v, "BBW/...:B"), up);
        // The side to move does not change a value.
        assert_eq!(value_of(&mut v, "BBW/...:W"), up);
        // Colours swapped: the negative. Mirrored or moved: the same.
        let down = v.arena().negative(up);
        assert_eq!(value_of(&mut v, "WWB/...:B"), down);
        assert_eq!(value_of(&mut v, ".../WBB:B"), up);
        assert_eq!(value_of(&mut v, "B../B../W..:B"), up);
        // Two separate regions add: ↑ + ↓ = 0, * + * = 0, ↑ + * is fuzzy.
        assert_eq!(value_of(&mut v, "BBW./..../WWB.:B"), GameId::ZERO);
        assert_eq!(value_of(&mut v, "BW./.../BW.:B"), GameId::ZERO);
        let up_star = value_of(&mut v, "BBW/.../BW.:B");
        assert_eq!(v.arena().outcome(up_star), crate::cgt::OutcomeClass::First);
        // A dead region (one colour) adds nothing.
        assert_eq!(value_of(&mut v, "BBB/.../BW.:B"), star);
    }
}
