//! What a review measures: an evaluation from White's view ([`Eval`]), the
//! expected score it stands for, the marks a loss in expected score earns
//! ([`Mark`], with the thresholds in one place) and a side's accuracy.

use crate::core::Color;
use crate::games::GameKind;
use std::fmt;
use std::str::FromStr;

/// A loss in expected score of at least this much is an inaccuracy.
///
/// The three thresholds are lichess's, in winning chances (−1..1) 0.1, 0.2
/// and 0.3, which it reads as a loss in expected score (0..1) too: a
/// review here marks the moves a lichess user expects it to.
pub const INACCURACY_LOSS: f64 = 0.10;
/// A loss in expected score of at least this much is a mistake.
pub const MISTAKE_LOSS: f64 = 0.20;
/// A loss in expected score of at least this much is a blunder.
pub const BLUNDER_LOSS: f64 = 0.30;

/// The logistic curve's scale for checkers, in hundredths of a man: the
/// expected score of a side whose engine score is `s` is
/// `1 / (1 + exp(-s / 100))`. 100 is the scale at which our search score
/// best predicts game results: the learned evaluation is trained on
/// `0.5 * sigmoid(score / 100) + 0.5 * result`, with 100 fitted by
/// `warcaby evalnet train` (see `nets/README.md`). So a man up is worth
/// about 0.73, two men up about 0.88.
pub const CHECKERS_SCALE: f64 = 100.0;

/// The curve's scale for Clobber, in the heuristics' hundredths. Nothing
/// has been fitted: the default evaluation (`live`) gives 200 for a stone
/// that can still move, 100 for each stone that can capture and 150 for a
/// group fewer, so a stone up with its mobility is about 300, which this
/// scale makes worth what a man is worth in checkers (about 0.73).
pub const CLOBBER_SCALE: f64 = 300.0;

/// How an engine judged a position, from White's point of view.
///
/// Written as players read it ([`fmt::Display`], [`FromStr`]): `+0.35`,
/// a score in the game's units (men in checkers, where a man is 1.00; in
/// Clobber the heuristic's stones), or `#+7` / `#-7`: White / Black wins
/// by force in 7 plies (`#+0`: the game is over and White has won).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// A score in hundredths of the game's unit (hundredths of a man), for
    /// White: positive when White stands better.
    Score(i32),
    /// A forced win.
    Win {
        /// Who wins.
        winner: Color,
        /// In how many plies (0: already won on the board).
        plies: u32,
    },
}

/// The largest score a written evaluation may hold (in hundredths), far
/// above any engine score short of a forced win: anything beyond is no
/// evaluation we wrote.
const MAX_WRITTEN_SCORE: i64 = 1_000_000;

impl Eval {
    /// The expected score (0..1) of `side` in a game of `kind`: a logistic
    /// curve of the score ([`CHECKERS_SCALE`], [`CLOBBER_SCALE`]), and 1 or
    /// 0 for a forced win or loss.
    pub fn expected(self, side: Color, kind: GameKind) -> f64 {
        let for_white = match self {
            Eval::Score(hundredths) => logistic(f64::from(hundredths) / scale(kind)),
            Eval::Win { winner, .. } => f64::from(u8::from(winner == Color::White)),
        };
        match side {
            Color::White => for_white,
            Color::Black => 1.0 - for_white,
        }
    }

    /// The score of an expected score `expected` (for White) on the curve
    /// of `kind`: how a value that is already a probability (the AlphaZero
    /// bot's) is shown in the game's units.
    pub fn from_expected(expected: f64, kind: GameKind) -> Eval {
        let p = expected.clamp(0.001, 0.999);
        Eval::Score((scale(kind) * (p / (1.0 - p)).ln()).round() as i32)
    }
}

fn scale(kind: GameKind) -> f64 {
    match kind {
        GameKind::Checkers => CHECKERS_SCALE,
        GameKind::Clobber => CLOBBER_SCALE,
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Score(hundredths) => {
                let sign = if hundredths < 0 { '-' } else { '+' };
                let abs = hundredths.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Eval::Win { winner, plies } => {
                let sign = if winner == Color::White { '+' } else { '-' };
                write!(f, "#{sign}{plies}")
            }
        }
    }
}

/// A text that is not an evaluation as [`Eval`] writes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an evaluation (like +0.35 or #-7)")]
pub struct EvalError(pub String);

impl FromStr for Eval {
    type Err = EvalError;
    /// Reads `+0.35`, `-1`, `0.5`, `#+7`, `#-7` or `#7` (White wins).
    fn from_str(text: &str) -> Result<Eval, EvalError> {
        let bad = || EvalError(text.to_string());
        if let Some(mate) = text.strip_prefix('#') {
            let (winner, digits) = match mate.as_bytes().first() {
                Some(b'-') => (Color::Black, &mate[1..]),
                Some(b'+') => (Color::White, &mate[1..]),
                _ => (Color::White, mate),
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let plies = digits.parse().map_err(|_| bad())?;
            return Ok(Eval::Win { winner, plies });
        }
        parse_hundredths(text).map(Eval::Score).ok_or_else(bad)
    }
}

/// `[+-]units[.dd]` in hundredths; None for anything else (a third
/// decimal, letters, an exponent, a number beyond any engine score).
fn parse_hundredths(text: &str) -> Option<i32> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (units, fraction) = rest.split_once('.').unwrap_or((rest, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if units.is_empty() || units.len() > 7 || fraction.len() > 2 || !digits(units) {
        return None;
    }
    if !digits(fraction) || (rest.contains('.') && fraction.is_empty()) {
        return None;
    }
    let cents: i64 = format!("{fraction:0<2}").parse().ok()?;
    let value = units.parse::<i64>().ok()? * 100 + cents;
    if value > MAX_WRITTEN_SCORE {
        return None;
    }
    i32::try_from(if negative { -value } else { value }).ok()
}

/// How bad a move was, by the expected score it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Lost at least [`INACCURACY_LOSS`].
    Inaccuracy,
    /// Lost at least [`MISTAKE_LOSS`].
    Mistake,
    /// Lost at least [`BLUNDER_LOSS`].
    Blunder,
}

impl Mark {
    /// Every mark, mildest first.
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark a move that lost `loss` in expected score earns, if any.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER_LOSS {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY_LOSS {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The mark's word, as written in a reviewed PDN.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark a word names, if any.
    pub fn from_name(word: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.name() == word)
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side's accuracy (0..100) from the average loss in expected score of
/// its moves (0..1): lichess's curve for one move,
/// `103.1668 * exp(-0.04354 * loss_percent) - 3.1669`, applied to the
/// average loss in percent and clamped to 0..100. No loss gives 100, an
/// average loss of 0.05 about 80, of 0.10 about 64, of 0.30 about 25.
/// (lichess averages the per-move figures instead; the average loss is
/// simpler to explain and to recompute from a reviewed PDN.)
pub fn accuracy(average_loss: f64) -> f64 {
    let percent = 100.0 * average_loss.max(0.0);
    (103.1668 * (-0.04354 * percent).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_man_up_is_worth_about_three_quarters_and_a_forced_win_all() {
        let man_up = Eval::Score(100);
        let white = man_up.expected(Color::White, GameKind::Checkers);
        assert!((white - 0.731).abs() < 0.001, "{white}");
        let black = man_up.expected(Color::Black, GameKind::Checkers);
        assert!((white + black - 1.0).abs() < 1e-12);
        let win = Eval::Win {
            winner: Color::Black,
            plies: 5,
        };
        assert_eq!(win.expected(Color::Black, GameKind::Checkers), 1.0);
        assert_eq!(win.expected(Color::White, GameKind::Clobber), 0.0);
        assert_eq!(
            Eval::Score(0).expected(Color::Black, GameKind::Clobber),
            0.5
        );
    }

    #[test]
    fn a_probability_maps_back_onto_the_curve() {
        let eval = Eval::from_expected(0.731, GameKind::Checkers);
        assert_eq!(eval, Eval::Score(100));
        let sure = Eval::from_expected(1.0, GameKind::Checkers);
        assert!(sure.expected(Color::White, GameKind::Checkers) > 0.998);
    }

    #[test]
    fn evaluations_are_written_and_read_back() {
        let cases = [
            (Eval::Score(35), "+0.35"),
            (Eval::Score(-5), "-0.05"),
            (Eval::Score(0), "+0.00"),
            (Eval::Score(-1234), "-12.34"),
            (
                Eval::Win {
                    winner: Color::White,
                    plies: 7,
                },
                "#+7",
            ),
            (
                Eval::Win {
                    winner: Color::Black,
                    plies: 0,
                },
                "#-0",
            ),
        ];
        for (eval, text) in cases {
            assert_eq!(eval.to_string(), text);
            assert_eq!(text.parse::<Eval>(), Ok(eval), "{text}");
        }
        assert_eq!("0.5".parse::<Eval>(), Ok(Eval::Score(50)));
        assert_eq!("-2".parse::<Eval>(), Ok(Eval::Score(-200)));
        let white = Eval::Win {
            winner: Color::White,
            plies: 3,
        };
        assert_eq!("#3".parse::<Eval>(), Ok(white));
    }

    #[test]
    fn what_is_not_an_evaluation_is_refused() {
        for text in [
            "",
            "+",
            "-",
            "1.",
            ".5",
            "0.123",
            "1e3",
            "abc",
            "#",
            "#+",
            "#x",
            "#-+3",
            "++1",
            "99999999",
            "1.-5",
            "NaN",
            "inf",
            "#99999999999",
        ] {
            assert!(text.parse::<Eval>().is_err(), "{text:?} read");
        }
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_loss(0.0), None);
        assert_eq!(Mark::of_loss(0.099), None);
        assert_eq!(Mark::of_loss(INACCURACY_LOSS), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.199), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(MISTAKE_LOSS), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(BLUNDER_LOSS), Some(Mark::Blunder));
        assert_eq!(Mark::of_loss(1.0), Some(Mark::Blunder));
        for mark in Mark::ALL {
            assert_eq!(Mark::from_name(mark.name()), Some(mark));
        }
        assert_eq!(Mark::from_name("Blunder"), None);
    }

    #[test]
    fn accuracy_falls_with_the_average_loss() {
        assert!((accuracy(0.0) - 100.0).abs() < 0.001);
        assert!((accuracy(0.10) - 64.0).abs() < 1.0, "{}", accuracy(0.10));
        assert!(accuracy(0.05) > accuracy(0.10));
        assert_eq!(accuracy(1.0), 0.0);
        assert!((accuracy(-0.5) - 100.0).abs() < 0.001);
    }
}
