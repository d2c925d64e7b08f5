//! A plain evaluation that reads any board: the one international draughts
//! (10x10) plays with until it has a tuned or learned one. The 8x8 rule
//! sets have their own, stronger evaluations ([`super::CheckersEval`]).

use super::CheckersNodeOf;
use crate::checkers::geometry::Geometry;
use crate::checkers::position::PositionOf;
use crate::core::named::{named_display_and_parse, Named};
use crate::core::Color;
use crate::search::Evaluator;

/// Material (a man 100; a king 300 where kings fly, 150 where they step),
/// the men's advance (more near the crowning row), the centre files, and
/// the back row kept while the opponent still has most of its men. In
/// hundredths of a man, from the side to move's point of view.
///
/// ```
/// use warcaby::checkers::ai::{CheckersNodeOf, PlainEval};
/// use warcaby::checkers::international::Position;
/// use warcaby::search::Evaluator;
/// use warcaby::Variant;
///
/// let node = |fen| CheckersNodeOf { pos: Position::from_fen(fen, Variant::International).unwrap(), quiet_plies: 0 };
/// // The start is level; a man up is about 100 better.
/// assert_eq!(PlainEval.evaluate(&node("W:W31-50:B1-20")), 0);
/// let up = PlainEval.evaluate(&node("W:W31-50:B1-19"));
/// assert!((80..=130).contains(&up), "{up}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainEval;

/// Chosen by name (`plain`) like every evaluation, so the command line's
/// `--eval`, the arena's `engine:` bots and the Python package name it as
/// they name the others.
impl Named for PlainEval {
    const WHAT: &'static str = "evaluation";
    const ALL: &'static [PlainEval] = &[PlainEval];
    fn name(self) -> &'static str {
        "plain"
    }
}
named_display_and_parse!(PlainEval);

impl<G: Geometry> Evaluator<CheckersNodeOf<G>> for PlainEval {
    fn evaluate(&self, node: &CheckersNodeOf<G>) -> i32 {
        let pos = &node.pos;
        let us = pos.side_to_move();
        side_score(pos, us) - side_score(pos, us.opponent())
    }
}

/// One side's points.
fn side_score<G: Geometry>(pos: &PositionOf<G>, color: Color) -> i32 {
    let king = if pos.rules().flying_kings { 300 } else { 150 };
    let mut score = king * pos.kings(color).count() as i32;
    let last = G::RANKS as i32 - 1;
    let opponent_men = pos.men(color.opponent()).count();
    for sq in pos.men(color) {
        let rank = sq.rank() as i32;
        let advance = match color {
            Color::White => rank,
            Color::Black => last - rank,
        };
        // 100 a man, up to +25 on the row before crowning (the last rows
        // count most), +4 on the centre files, +5 on the back row while
        // the opponent has more than half its men (it guards the crowning row).
        score += 100 + advance * advance * 25 / (last * last);
        let file = sq.file() as i32;
        if (2..G::FILES as i32 - 2).contains(&file) {
            score += 4;
        }
        if advance == 0 && opponent_men * 2 > G::PIECES_PER_SIDE {
            score += 5;
        }
    }
    score
}
