//! Checkers evaluations, by name: `material`, `positional` and `learned`.
//! Scores are in hundredths of a man, from the side to move's point of view.

use crate::checkers::bitboard::{Bitboard, Direction};
use crate::checkers::movegen::forward;
use crate::checkers::position::Position;
use crate::checkers::rules::Rules;
use crate::core::named::UnknownName;
use crate::core::Color;
use crate::search::Evaluator;
use std::fmt;
use std::str::FromStr;

use super::learned::EvalNet;
use super::CheckersNode;

/// Value of a man.
pub const MAN: i32 = 100;

/// Value of a king under `rules`: flying kings are worth far more.
pub fn king_value(rules: &Rules) -> i32 {
    if rules.flying_kings {
        250
    } else {
        135
    }
}

/// The checkers evaluations that can be chosen by name.
///
/// ```
/// use warcaby::checkers::ai::{CheckersEval, CheckersNode, MAN};
/// use warcaby::search::Evaluator;
/// use warcaby::{Position, Variant};
///
/// let eval: CheckersEval = "material".parse().unwrap();
/// assert_eq!(eval, CheckersEval::Material);
/// let node = |fen| CheckersNode {
///     pos: Position::from_fen(fen, Variant::English).unwrap(),
///     quiet_plies: 0,
/// };
/// // Scores are for the side to move, in hundredths of a man.
/// assert_eq!(eval.evaluate(&node("W:W21,22:B1")), MAN);
/// assert_eq!(eval.evaluate(&node("B:W21,22:B1")), -MAN);
/// assert_eq!(eval.evaluate(&node("W:W21-32:B1-12")), 0);
/// // The positional evaluation sees more than material, but agrees who is ahead.
/// assert!(CheckersEval::Positional.evaluate(&node("W:W21,22:B1")) > 0);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default, Hash)]
pub enum CheckersEval {
    /// Men and kings only (king value depends on the variant).
    Material,
    /// Material plus advancement, back-rank guard, centre, mobility, runaway
    /// men, trading down when ahead and endgame technique.
    #[default]
    Positional,
    /// A network trained on self-play ([`super::learned`]), carried as a
    /// value so engines with different networks can meet; the name
    /// `learned` reads as the shipped one ([`CheckersEval::learned`]).
    /// A rule set the network set has no network for falls back to
    /// `positional`.
    Learned(EvalNet),
}

/// The evaluations' names, in the order they are listed.
const NAMES: [&str; 3] = ["material", "positional", "learned"];

impl CheckersEval {
    /// The learned evaluation with the shipped network.
    pub fn learned() -> CheckersEval {
        CheckersEval::Learned(EvalNet::shipped().expect("the shipped networks read (tested)"))
    }

    /// All evaluations by name (`learned` with the shipped network).
    pub fn all() -> [CheckersEval; 3] {
        [
            CheckersEval::Material,
            CheckersEval::Positional,
            CheckersEval::learned(),
        ]
    }

    /// The name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            CheckersEval::Material => NAMES[0],
            CheckersEval::Positional => NAMES[1],
            CheckersEval::Learned(_) => NAMES[2],
        }
    }
}

impl fmt::Display for CheckersEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CheckersEval {
    type Err = UnknownName;
    /// A name, case-insensitive (`learned`: the shipped network).
    fn from_str(text: &str) -> Result<CheckersEval, UnknownName> {
        CheckersEval::all()
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownName {
                what: "evaluation",
                given: text.to_string(),
                expected: format!("{} or {}", NAMES[..2].join(", "), NAMES[2]),
            })
    }
}

crate::core::named::serde_as_text!(CheckersEval);

impl Evaluator<CheckersNode> for CheckersEval {
    /// Every checkers evaluation scores in hundredths of a man.
    fn probcut_margin(&self) -> Option<i32> {
        Some(crate::search::CHECKERS_PROBCUT_MARGIN)
    }

    #[inline]
    fn evaluate(&self, node: &CheckersNode) -> i32 {
        let pos = &node.pos;
        let white = match self {
            CheckersEval::Material => material(pos, Color::White) - material(pos, Color::Black),
            CheckersEval::Positional => positional(pos),
            CheckersEval::Learned(net) => match net.evaluate(pos) {
                Some(own) => return own,
                None => positional(pos),
            },
        };
        match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        }
    }
}

fn material(pos: &Position, color: Color) -> i32 {
    pos.men(color).count() as i32 * MAN + pos.kings(color).count() as i32 * king_value(pos.rules())
}

/// Rank counted from `color`'s own back rank (0) to its crowning rank (7).
#[inline]
fn relative_rank(color: Color, rank: u8) -> usize {
    match color {
        Color::White => rank as usize,
        Color::Black => 7 - rank as usize,
    }
}

/// The absolute rank of `color`'s relative rank `r`.
#[inline]
fn absolute_rank(color: Color, r: usize) -> u8 {
    relative_rank(color, r as u8) as u8
}

/// Bonus for a man on each relative rank (more as it nears the crown).
const ADVANCE: [i32; 8] = [0, 1, 3, 6, 10, 16, 24, 0];
/// The sixteen central squares' inner part: c3-f6 dark squares.
const CENTRE: Bitboard = Bitboard::from_bits(0x0000_3C3C_3C3C_0000 & Bitboard::DARK.0);
/// The two long-diagonal double corners (a1/b2 and g7/h8) where a lone king hides.
const DOUBLE_CORNERS: Bitboard = Bitboard::from_bits((1 << 0) | (1 << 9) | (1 << 54) | (1 << 63));

/// `CONES[color][sq]`: the squares a man of `color` on `sq` may still pass
/// through on its way to the crown (its forward cone).
const CONES: [[u64; 64]; 2] = {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (mut up, mut down) = (1u64 << sq, 1u64 << sq);
        let mut i = 0;
        while i < 7 {
            up = (up & NOT_H) << 9 | (up & NOT_A) << 7;
            down = (down & NOT_H) >> 7 | (down & NOT_A) >> 9;
            t[0][sq] |= up;
            t[1][sq] |= down;
            i += 1;
        }
        sq += 1;
    }
    t
};

#[inline]
fn cone(color: Color, sq: crate::checkers::square::Square) -> Bitboard {
    Bitboard::from_bits(CONES[color.index()][sq.index()])
}

fn mobility(pos: &Position, color: Color) -> i32 {
    let empty = pos.empty();
    let mut n = 0;
    for d in forward(color) {
        n += (pos.men(color).shift(d) & empty).count();
    }
    for d in Direction::ALL {
        n += (pos.kings(color).shift(d) & empty).count();
    }
    n as i32
}

/// Distance in king steps between two squares.
fn distance(a: crate::checkers::square::Square, b: crate::checkers::square::Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Features of one side, from its own point of view.
fn side_score(pos: &Position, color: Color, opening: bool) -> i32 {
    let them = color.opponent();
    let men = pos.men(color);
    let mut score = 0;
    let enemy_kings = pos.kings(them).any();
    let mut advanced = Bitboard::EMPTY;
    for (r, bonus) in ADVANCE.iter().enumerate().skip(1).take(6) {
        let on_rank = men & Bitboard::rank(absolute_rank(color, r));
        score += bonus * on_rank.count() as i32;
        if r >= 3 {
            advanced |= on_rank;
        }
    }
    for sq in advanced {
        // A man nobody can stop: no enemy piece in its forward cone.
        if (cone(color, sq) & pos.pieces(them)).is_empty() {
            let r = relative_rank(color, sq.rank()) as i32;
            score += 12 + 8 * (r - 3);
        }
    }
    if opening && !enemy_kings {
        let back = Bitboard::rank(match color {
            Color::White => 0,
            Color::Black => 7,
        });
        score += 6 * (men & back).count() as i32;
    }
    score += 4 * (men & CENTRE).count() as i32 + 6 * (pos.kings(color) & CENTRE).count() as i32;
    score += 2 * mobility(pos, color);
    score
}

/// Endgame technique for the side ahead: bring its kings close to the
/// enemy, push the enemy out of the double corners, and trade when ahead.
fn endgame(pos: &Position, strong: Color) -> i32 {
    let weak = strong.opponent();
    let mut score = 0;
    let targets = pos.pieces(weak);
    for king in pos.kings(strong) {
        let nearest = targets
            .squares()
            .map(|t| distance(king, t))
            .min()
            .unwrap_or(0);
        score -= 3 * nearest;
    }
    score -= 10 * (pos.kings(weak) & DOUBLE_CORNERS).count() as i32;
    score
}

fn positional(pos: &Position) -> i32 {
    let (w, b) = (Color::White, Color::Black);
    let mw = material(pos, w);
    let mb = material(pos, b);
    let pieces = pos.occupied().count() as i32;
    let opening = pieces > 16;
    let mut score = mw - mb;
    score += side_score(pos, w, opening) - side_score(pos, b, opening);
    if mw != mb {
        let strong = if mw > mb { w } else { b };
        let sign = if strong == w { 1 } else { -1 };
        // Trading down when ahead: the same lead counts more with fewer pieces.
        score += sign * (mw - mb).abs() * (24 - pieces).max(0) / 24;
        if pos.men(w.opponent()).count() + pos.men(w).count() <= 4 {
            score += sign * endgame(pos, strong);
        }
    }
    score
}
