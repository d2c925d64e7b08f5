//! The evaluations of the 10x10 board (international draughts), by name:
//! `plain` and `learned`. Scores are in hundredths of a man, from the side
//! to move's point of view.

use super::learned::EvalNet;
use super::{CheckersNodeOf, PlainEval};
use crate::checkers::geometry::Board10;
use crate::core::named::UnknownName;
use crate::search::Evaluator;
use std::fmt;
use std::str::FromStr;

/// The evaluations of international draughts that can be chosen by name.
///
/// ```
/// use warcaby::checkers::ai::{CheckersNodeOf, InternationalEval};
/// use warcaby::checkers::international::Position;
/// use warcaby::search::Evaluator;
/// use warcaby::Variant;
///
/// let node = |fen| CheckersNodeOf { pos: Position::from_fen(fen, Variant::International).unwrap(), quiet_plies: 0 };
/// let learned: InternationalEval = "learned".parse().unwrap();
/// // Both agree that a man up is better than level.
/// for eval in [InternationalEval::Plain, learned] {
///     assert!(eval.evaluate(&node("W:W31-50:B1-19")) > eval.evaluate(&node("W:W31-50:B1-20")));
/// }
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default, Hash)]
pub enum InternationalEval {
    /// Material, advance, centre and back row ([`PlainEval`]).
    #[default]
    Plain,
    /// A network trained on self-play ([`super::learned`]), carried as a
    /// value like the 8x8 boards' learned evaluation; the name `learned`
    /// reads as the shipped one. A set without a 10x10 network (the
    /// browser's worker before the page has sent it) plays `plain`.
    Learned(EvalNet),
}

/// The evaluations' names, in the order they are listed.
const NAMES: [&str; 2] = ["plain", "learned"];

impl InternationalEval {
    /// The learned evaluation with the shipped networks.
    pub fn learned() -> InternationalEval {
        InternationalEval::Learned(EvalNet::shipped().expect("the shipped networks read (tested)"))
    }

    /// The name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            InternationalEval::Plain => NAMES[0],
            InternationalEval::Learned(_) => NAMES[1],
        }
    }
}

impl fmt::Display for InternationalEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for InternationalEval {
    type Err = UnknownName;
    /// A name, case-insensitive (`learned`: the shipped network).
    fn from_str(text: &str) -> Result<InternationalEval, UnknownName> {
        match text.trim() {
            t if t.eq_ignore_ascii_case(NAMES[0]) => Ok(InternationalEval::Plain),
            t if t.eq_ignore_ascii_case(NAMES[1]) => Ok(InternationalEval::learned()),
            _ => Err(UnknownName {
                what: "evaluation",
                given: text.to_string(),
                expected: NAMES.join(" or "),
            }),
        }
    }
}

crate::core::named::serde_as_text!(InternationalEval);

impl Evaluator<CheckersNodeOf<Board10>> for InternationalEval {
    #[inline]
    fn evaluate(&self, node: &CheckersNodeOf<Board10>) -> i32 {
        match self {
            InternationalEval::Learned(net) => net
                .evaluate(&node.pos)
                .unwrap_or_else(|| PlainEval.evaluate(node)),
            InternationalEval::Plain => PlainEval.evaluate(node),
        }
    }
}
