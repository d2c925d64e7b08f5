//! Clobber evaluations, by name: the six heuristics of the Clobber doc and
//! our stronger default. Scores are from the side to move's point of view,
//! scaled by 100 so the blends' weights (0.7, 0.3, ...) stay integers.

use super::ClobberPosition;
use crate::core::named::{named_display_and_parse, Named};
use crate::core::Color;
use crate::search::Evaluator;

/// The Clobber heuristics that can be chosen by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum ClobberEval {
    /// Stones that can capture, mine minus theirs.
    Active,
    /// Centre weights of my stones minus theirs.
    Center,
    /// Number of my groups subtracted from theirs (fewer groups is better).
    Accumulation,
    /// Centre while >= 60% of the stones are left, then 0.7 active + 0.3
    /// centre while >= 40%, then active.
    FirstCenterThenAggressive,
    /// Accumulation, then 0.4 accumulation + 0.6 active, then active.
    GroupThenFight,
    /// Centre, then 0.5 centre + 0.5 accumulation, then accumulation.
    TakeMiddleStayInGroup,
    /// Ours: stones that can still ever play (in a region holding both
    /// colours), then active stones and compact groups:
    /// 2 live + 1 active + 1.5 accumulation. It beats the seed's best
    /// (`warcaby bench clobber`).
    #[default]
    Live,
}

impl ClobberEval {
    /// All heuristics, the doc's six first.
    pub const ALL: [ClobberEval; 7] = [
        ClobberEval::Active,
        ClobberEval::Center,
        ClobberEval::Accumulation,
        ClobberEval::FirstCenterThenAggressive,
        ClobberEval::GroupThenFight,
        ClobberEval::TakeMiddleStayInGroup,
        ClobberEval::Live,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ClobberEval::Active => "active",
            ClobberEval::Center => "center",
            ClobberEval::Accumulation => "accumulation",
            ClobberEval::FirstCenterThenAggressive => "first_center_then_aggressive",
            ClobberEval::GroupThenFight => "group_then_fight",
            ClobberEval::TakeMiddleStayInGroup => "take_middle_stay_in_group",
            ClobberEval::Live => "live",
        }
    }
}

impl Named for ClobberEval {
    const WHAT: &'static str = "heuristic";
    const ALL: &'static [ClobberEval] = &ClobberEval::ALL;
    fn name(self) -> &'static str {
        ClobberEval::name(self)
    }
}

named_display_and_parse!(ClobberEval);

/// Stones that can capture: `me` minus the opponent.
pub(super) fn active(pos: &ClobberPosition, me: Color) -> i32 {
    pos.active(me).count_ones() as i32 - pos.active(me.opponent()).count_ones() as i32
}

/// The centre weight of a cell: distance to the nearest row edge plus to the
/// nearest column edge, plus the smaller of the two.
pub(super) fn center_weight(pos: &ClobberPosition, cell: usize) -> i32 {
    let shape = pos.shape();
    let (r, c) = shape.row_col(cell);
    let dr = r.min(shape.rows() - 1 - r) as i32;
    let dc = c.min(shape.cols() - 1 - c) as i32;
    dr + dc + dr.min(dc)
}

fn weight_sum(pos: &ClobberPosition, mut set: u128) -> i32 {
    let mut total = 0;
    while set != 0 {
        total += center_weight(pos, set.trailing_zeros() as usize);
        set &= set - 1;
    }
    total
}

/// Centre weights of `me`'s stones minus the opponent's.
pub(super) fn center(pos: &ClobberPosition, me: Color) -> i32 {
    weight_sum(pos, pos.stones(me)) - weight_sum(pos, pos.stones(me.opponent()))
}

/// The opponent's number of groups minus `me`'s.
pub(super) fn accumulation(pos: &ClobberPosition, me: Color) -> i32 {
    pos.groups(pos.stones(me.opponent())).len() as i32 - pos.groups(pos.stones(me)).len() as i32
}

/// Stones in regions that hold both colours (the others can never move
/// again): mine minus theirs.
pub(super) fn live(pos: &ClobberPosition, me: Color) -> i32 {
    let mine = pos.stones(me);
    let theirs = pos.stones(me.opponent());
    let live = pos
        .groups(mine | theirs)
        .into_iter()
        .filter(|r| r & mine != 0 && r & theirs != 0)
        .fold(0u128, |m, r| m | r);
    (mine & live).count_ones() as i32 - (theirs & live).count_ones() as i32
}

/// Which phase of the game: 0 while >= 60% of the cells hold stones, 1
/// while >= 40%, else 2.
fn phase(pos: &ClobberPosition) -> usize {
    let left = (pos.stones(Color::White) | pos.stones(Color::Black)).count_ones() as usize;
    let cells = pos.shape().cells();
    if left * 10 >= cells * 6 {
        0
    } else if left * 10 >= cells * 4 {
        1
    } else {
        2
    }
}

impl ClobberEval {
    /// The heuristic's value for `me`, times 100.
    pub fn score(self, pos: &ClobberPosition, me: Color) -> i32 {
        let a = || 100 * active(pos, me);
        let c = || 100 * center(pos, me);
        let g = || 100 * accumulation(pos, me);
        match self {
            ClobberEval::Active => a(),
            ClobberEval::Center => c(),
            ClobberEval::Accumulation => g(),
            ClobberEval::FirstCenterThenAggressive => match phase(pos) {
                0 => c(),
                1 => (7 * a() + 3 * c()) / 10,
                _ => a(),
            },
            ClobberEval::GroupThenFight => match phase(pos) {
                0 => g(),
                1 => (4 * g() + 6 * a()) / 10,
                _ => a(),
            },
            ClobberEval::TakeMiddleStayInGroup => match phase(pos) {
                0 => c(),
                1 => (5 * c() + 5 * g()) / 10,
                _ => g(),
            },
            ClobberEval::Live => 200 * live(pos, me) + a() + 150 * accumulation(pos, me),
        }
    }
}

impl Evaluator<ClobberPosition> for ClobberEval {
    fn evaluate(&self, pos: &ClobberPosition) -> i32 {
        self.score(pos, pos.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 3 rows x 3 columns, rows top to bottom:
    /// ```text
    /// W B .
    /// . W W
    /// B . B
    /// ```
    /// White: a3, b2, c2. Black: b3, a1, c1. White to move.
    fn board() -> ClobberPosition {
        ClobberPosition::parse("WB./.WW/B.B:W").unwrap()
    }

    #[test]
    fn active_counts_stones_that_can_capture() {
        // White a3 takes b3; b2 takes b3; c2 takes c1: 3 active.
        // Black b3 takes a3 or b2; c1 takes c2; a1 has no white neighbour: 2.
        assert_eq!(active(&board(), Color::White), 3 - 2);
        assert_eq!(ClobberEval::Active.score(&board(), Color::White), 100);
    }

    #[test]
    fn center_weights_follow_the_formula() {
        let pos = board();
        // On 3x3 the middle cell b2 weighs 1 + 1 + 1 = 3, edge middles 1, corners 0.
        assert_eq!(center_weight(&pos, pos.shape().cell(1, 1)), 3);
        assert_eq!(center_weight(&pos, pos.shape().cell(1, 2)), 1);
        assert_eq!(center_weight(&pos, pos.shape().cell(0, 0)), 0);
        // White: a3 0 + b2 3 + c2 1 = 4; Black: b3 1 + a1 0 + c1 0 = 1.
        assert_eq!(center(&pos, Color::White), 3);
        assert_eq!(center(&pos, Color::Black), -3);
    }

    #[test]
    fn accumulation_counts_groups() {
        // White groups: {a3}, {b2, c2} = 2. Black: {b3}, {a1}, {c1} = 3.
        assert_eq!(accumulation(&board(), Color::White), 3 - 2);
    }

    #[test]
    fn blends_switch_on_the_stones_left() {
        let pos = board();
        // 6 of 9 cells hold stones: 66% >= 60%, the first phase.
        assert_eq!(
            ClobberEval::FirstCenterThenAggressive.score(&pos, Color::White),
            300
        );
        assert_eq!(ClobberEval::GroupThenFight.score(&pos, Color::White), 100);
        assert_eq!(
            ClobberEval::TakeMiddleStayInGroup.score(&pos, Color::White),
            300
        );
        // 4 of 9 (44%): the middle phase. White b2, c2; Black b3, c1:
        // active W: b2 (b3), c2 (c1) = 2; B: b3 (b2), c1 (c2) = 2 -> 0.
        // centre W: 3 + 1 = 4; B: 1 + 0 = 1 -> 3. Groups W 1, B 2 -> 1.
        let mid = ClobberPosition::parse(".B./.WW/..B:W").unwrap();
        let active_mid = 100 * active(&mid, Color::White);
        assert_eq!(active_mid, 0);
        assert_eq!(
            ClobberEval::FirstCenterThenAggressive.score(&mid, Color::White),
            (7 * active_mid + 3 * 300) / 10
        );
        assert_eq!(
            ClobberEval::GroupThenFight.score(&mid, Color::White),
            (4 * 100 + 6 * active_mid) / 10
        );
        assert_eq!(
            ClobberEval::TakeMiddleStayInGroup.score(&mid, Color::White),
            (5 * 300 + 5 * 100) / 10
        );
        // 2 of 9 (22%): the last phase. White b2, Black b3: active 1 - 1 = 0,
        // groups 1 - 1 = 0.
        let late = ClobberPosition::parse(".B./.W./...:W").unwrap();
        assert_eq!(
            ClobberEval::FirstCenterThenAggressive.score(&late, Color::White),
            0
        );
        assert_eq!(ClobberEval::GroupThenFight.score(&late, Color::White), 0);
        assert_eq!(
            ClobberEval::TakeMiddleStayInGroup.score(&late, Color::White),
            0
        );
    }

    #[test]
    fn live_counts_stones_that_can_still_play() {
        // All six stones are in regions with both colours: {a3, b3, b2, c2, c1}
        // and... a1 is alone: dead. Live: White 3, Black 2 -> 1.
        assert_eq!(live(&board(), Color::White), 1);
        // 200 * 1 + 100 * active (1) + 150 * accumulation (1).
        assert_eq!(ClobberEval::Live.score(&board(), Color::White), 450);
    }

    #[test]
    fn names_parse_and_list_the_choices() {
        for e in ClobberEval::ALL {
            assert_eq!(e.name().parse::<ClobberEval>(), Ok(e));
        }
        let err = "strongest".parse::<ClobberEval>().unwrap_err().to_string();
        assert!(err.contains("active, center, accumulation"), "{err}");
        assert!(err.contains("or live"), "{err}");
    }
}
