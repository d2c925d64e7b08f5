//! What a click or a drop means: the selection state machine of the board,
//! independent of the browser. It only ever offers moves from the engine's
//! legal move list; it never judges a rule itself.

use warcaby::clobber::{ClobberMove, ClobberPosition};
use warcaby::{Bitboard, Move, Position, Square, SquareNotation};

/// The result of a click (or a drop) on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M = Move> {
    /// Nothing to do.
    None,
    /// The selection changed; redraw.
    Changed,
    /// A complete legal move was entered.
    Play(M),
    /// The click was refused; tell the player why.
    Refused(Refusal),
}

/// Why a click on the board was refused (in words: [`crate::i18n::notices`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A capture is mandatory and this piece cannot capture: the pieces
    /// that can (`movable`, their squares listed) and this one's square.
    MustCapture {
        /// The squares of the pieces that can capture, comma separated.
        movable: String,
        /// The square clicked.
        square: String,
    },
    /// The piece on `square` has no legal move.
    NoLegalMove {
        /// The square clicked.
        square: String,
    },
    /// Mid-chain, a square that does not continue it.
    ContinueCapture,
    /// Several chains pass the square clicked: enter them hop by hop.
    SeveralPassThere,
    /// The Clobber stone on `cell` has no move.
    StoneHasNoMove {
        /// The cell clicked.
        cell: String,
    },
}

/// What to do next while a capture is half entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// `count` captures end on `target`: pick a marked square to choose.
    ChooseChain {
        /// How many chains end there.
        count: usize,
        /// Their common end.
        target: String,
    },
    /// The capture is entered up to `square`: pick the next landing.
    EnteredUpTo {
        /// The last landing square entered.
        square: String,
    },
}

impl<M> Outcome<M> {
    /// The same outcome with the move turned into another type.
    pub fn map<N>(self, f: impl FnOnce(M) -> N) -> Outcome<N> {
        match self {
            Outcome::None => Outcome::None,
            Outcome::Changed => Outcome::Changed,
            Outcome::Play(mv) => Outcome::Play(f(mv)),
            Outcome::Refused(why) => Outcome::Refused(why),
        }
    }
}

/// The board's selection: a piece, and the landing squares entered so far
/// of a capture chain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    from: Option<Square>,
    entered: Vec<Square>,
    /// A destination clicked that several chains share: they wait for the
    /// next click to tell them apart.
    target: Option<Square>,
}

impl Selection {
    /// The selected piece, if any.
    pub fn from(&self) -> Option<Square> {
        self.from
    }

    /// Landing squares entered so far.
    pub fn entered(&self) -> &[Square] {
        &self.entered
    }

    /// Forgets the selection.
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The legal moves still matching what was entered.
    pub fn candidates(&self, legal: &[Move]) -> Vec<Move> {
        let Some(from) = self.from else {
            return Vec::new();
        };
        legal
            .iter()
            .filter(|m| m.from() == from && m.path().starts_with(&self.entered))
            .filter(|m| self.target.is_none_or(|t| m.to() == t))
            .copied()
            .collect()
    }

    /// Squares to mark as the next step (dots): next landing of each
    /// candidate; with a target pending, the squares that tell chains apart.
    pub fn next_squares(&self, legal: &[Move]) -> Bitboard {
        let n = self.entered.len();
        self.candidates(legal)
            .iter()
            .filter_map(|m| m.path().get(n).copied())
            .collect()
    }

    /// What to do next while a capture is half entered: None otherwise.
    pub fn hint(&self, legal: &[Move], notation: SquareNotation) -> Option<Hint> {
        if let Some(target) = self.target {
            return Some(Hint::ChooseChain {
                count: self.candidates(legal).len(),
                target: target.display(notation).to_string(),
            });
        }
        let last = self.entered.last()?;
        Some(Hint::EnteredUpTo {
            square: last.display(notation).to_string(),
        })
    }

    /// Clicks (or drops on) `sq`; `forced` says a capture is mandatory now
    /// (the engine's [`warcaby::AnyGame::capture_is_forced`]).
    pub fn click(&mut self, pos: &Position, legal: &[Move], forced: bool, sq: Square) -> Outcome {
        let own = pos.pieces(pos.side_to_move()).contains(sq);
        let movable = legal.iter().any(|m| m.from() == sq);
        if self.from.is_some() {
            if let Some(outcome) = self.advance(legal, sq) {
                return outcome;
            }
        }
        if own && movable {
            if self.from == Some(sq) && self.entered.is_empty() && self.target.is_none() {
                self.clear();
            } else {
                *self = Selection {
                    from: Some(sq),
                    ..Selection::default()
                };
            }
            return Outcome::Changed;
        }
        let had_selection = self.from.is_some();
        if own {
            self.clear();
            return Outcome::Refused(why_not(pos, legal, forced, sq));
        }
        if had_selection && !self.entered.is_empty() {
            // Mid-chain: keep what was entered, explain.
            return Outcome::Refused(Refusal::ContinueCapture);
        }
        self.clear();
        if had_selection {
            Outcome::Changed
        } else {
            Outcome::None
        }
    }

    /// Follows a click on `sq` through the chain being entered: the chains
    /// that still pass through or end on `sq` are kept. Chains that all
    /// give the same position are one move to the player: the first is
    /// played, so a square a chain lands on twice (or two orders of the
    /// same captures) never needs telling apart.
    fn advance(&mut self, legal: &[Move], sq: Square) -> Option<Outcome> {
        let n = self.entered.len();
        let fits: Vec<Move> = self
            .candidates(legal)
            .into_iter()
            .filter(|m| m.path()[n.min(m.path().len())..].contains(&sq))
            .collect();
        if fits.is_empty() {
            return None;
        }
        let stepping: Vec<Move> = fits.iter().filter(|m| m.path()[n] == sq).copied().collect();
        if same_result(&fits) {
            let mv = stepping.first().copied().unwrap_or(fits[0]);
            self.clear();
            return Some(Outcome::Play(mv));
        }
        // A click is the next landing square first when chains are being
        // told apart, or when every chain left lands there next.
        let next_for_all = stepping.len() == fits.len();
        if !stepping.is_empty() && (self.target.is_some() || n > 0 || next_for_all) {
            self.entered.push(sq);
            return Some(self.settle(&stepping));
        }
        if fits.iter().all(|m| m.to() == sq) {
            // Several chains end here: the next click tells them apart.
            self.target = Some(sq);
            return Some(Outcome::Changed);
        }
        if !stepping.is_empty() {
            self.entered.push(sq);
            return Some(self.settle(&stepping));
        }
        Some(Outcome::Refused(Refusal::SeveralPassThere))
    }

    /// Plays the move when the candidates left give one position;
    /// otherwise waits.
    fn settle(&mut self, remaining: &[Move]) -> Outcome {
        match remaining {
            [first, ..] if same_result(remaining) => {
                let mv = *first;
                self.clear();
                Outcome::Play(mv)
            }
            _ => Outcome::Changed,
        }
    }
}

/// True when the moves (all from one square) give one and the same
/// position: they end on the same square, capture the same pieces and
/// crown alike, so only the order of the landings differs.
fn same_result(moves: &[Move]) -> bool {
    moves.windows(2).all(|pair| {
        let (a, b) = (pair[0], pair[1]);
        a.to() == b.to() && a.captured() == b.captured() && a.promotes() == b.promotes()
    })
}

/// Why the piece on `sq` cannot move (`forced`: a capture is mandatory).
pub fn why_not(pos: &Position, legal: &[Move], forced: bool, sq: Square) -> Refusal {
    let notation = pos.rules().notation;
    if forced {
        let mut from: Vec<String> = legal
            .iter()
            .map(|m| m.from())
            .collect::<Bitboard>()
            .squares()
            .map(|s| s.display(notation).to_string())
            .collect();
        from.dedup();
        return Refusal::MustCapture {
            movable: from.join(", "),
            square: sq.display(notation).to_string(),
        };
    }
    Refusal::NoLegalMove {
        square: sq.display(notation).to_string(),
    }
}

/// The Clobber board's selection: a stone, then one of the cells it can
/// capture on (every Clobber move is a single step).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClobberSelection {
    from: Option<u8>,
}

impl ClobberSelection {
    /// The selected stone's cell, if any.
    pub fn from(&self) -> Option<u8> {
        self.from
    }

    /// Forgets the selection.
    pub fn clear(&mut self) {
        self.from = None;
    }

    /// The cells the selected stone can capture on.
    pub fn targets(&self, legal: &[ClobberMove]) -> Vec<u8> {
        legal
            .iter()
            .filter(|m| Some(m.from) == self.from)
            .map(|m| m.to)
            .collect()
    }

    /// Clicks (or drops on) `cell`.
    pub fn click(
        &mut self,
        pos: &ClobberPosition,
        legal: &[ClobberMove],
        cell: u8,
    ) -> Outcome<ClobberMove> {
        if let Some(mv) = legal
            .iter()
            .find(|m| Some(m.from) == self.from && m.to == cell)
        {
            self.clear();
            return Outcome::Play(*mv);
        }
        let own = pos.stones(pos.side_to_move()) & (1u128 << cell) != 0;
        if own && legal.iter().any(|m| m.from == cell) {
            self.from = if self.from == Some(cell) {
                None
            } else {
                Some(cell)
            };
            return Outcome::Changed;
        }
        let had_selection = self.from.take().is_some();
        if own {
            let cell = pos.shape().name(cell as usize);
            return Outcome::Refused(Refusal::StoneHasNoMove { cell });
        }
        if had_selection {
            Outcome::Changed
        } else {
            Outcome::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::{SquareNotation, Variant};

    #[test]
    fn clobber_select_then_capture() {
        let pos = ClobberPosition::parse("WB./..B:B").unwrap();
        let legal = pos.legal_moves();
        let mut s = ClobberSelection::default();
        // b2 (cell 4) captures a2; c1 (cell 2) cannot move.
        assert!(
            matches!(s.click(&pos, &legal, 2), Outcome::Refused(Refusal::StoneHasNoMove { cell }) if cell == "c1")
        );
        assert_eq!(s.click(&pos, &legal, 4), Outcome::Changed);
        assert_eq!(s.targets(&legal), [3]);
        assert_eq!(s.click(&pos, &legal, 4), Outcome::Changed);
        assert_eq!(s.from(), None);
        s.click(&pos, &legal, 4);
        match s.click(&pos, &legal, 3) {
            Outcome::Play(m) => assert_eq!(pos.move_text(&m), "b2-a2"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.from(), None);
        // A click on an empty cell drops the selection.
        s.click(&pos, &legal, 4);
        assert_eq!(s.click(&pos, &legal, 0), Outcome::Changed);
        assert_eq!(s.click(&pos, &legal, 0), Outcome::None);
    }

    fn sq(s: &str) -> Square {
        Square::parse(s, SquareNotation::Algebraic).unwrap()
    }

    fn setup(fen: &str, variant: Variant) -> (Position, Vec<Move>) {
        let pos = Position::from_fen(fen, variant).unwrap();
        let legal = pos.legal_moves();
        (pos, legal)
    }

    /// A capture is mandatory in `pos`, as the engine says.
    fn forced(pos: &Position) -> bool {
        warcaby::AnyGame::Checkers(warcaby::Game::from_position(*pos)).capture_is_forced()
    }

    #[test]
    fn click_to_move() {
        let (pos, legal) = setup("B:W21-32:B1-12", Variant::English);
        let mut s = Selection::default();
        assert_eq!(
            s.click(&pos, &legal, forced(&pos), sq("d6")),
            Outcome::Changed
        );
        assert_eq!(s.next_squares(&legal).count(), 2);
        match s.click(&pos, &legal, forced(&pos), sq("c5")) {
            Outcome::Play(m) => assert_eq!(pos.move_text(&m), "10-14"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mandatory_capture_explains_refusal() {
        let (pos, legal) = setup("W:W22,30:B18", Variant::English);
        let mut s = Selection::default();
        match s.click(&pos, &legal, forced(&pos), sq("c1")) {
            Outcome::Refused(why) => assert!(matches!(why, Refusal::MustCapture { .. }), "{why:?}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn chain_entered_step_by_step() {
        // King c3 (22) with five black men: c3xa1 alone, or the loop
        // c3-e5-g3-e1-c3 either way round and then a1.
        let (pos, legal) = setup("W:WK22:B18,19,25,26,27", Variant::English);
        let mut s = Selection::default();
        assert_eq!(
            s.click(&pos, &legal, forced(&pos), sq("c3")),
            Outcome::Changed
        );
        // a1 ends all three: wait.
        assert_eq!(
            s.click(&pos, &legal, forced(&pos), sq("a1")),
            Outcome::Changed
        );
        assert_eq!(s.candidates(&legal).len(), 3);
        let notation = pos.rules().notation;
        assert_eq!(
            s.hint(&legal, notation),
            Some(Hint::ChooseChain {
                count: 3,
                target: "29".to_string()
            })
        );
        // e1 starts only one of them: it is played.
        match s.click(&pos, &legal, forced(&pos), sq("e1")) {
            Outcome::Play(m) => assert_eq!(m.path()[0], sq("e1")),
            other => panic!("{other:?}"),
        }
        // Step by step from the start: e5 fits one chain only.
        s.click(&pos, &legal, forced(&pos), sq("c3"));
        match s.click(&pos, &legal, forced(&pos), sq("e5")) {
            Outcome::Play(m) => assert_eq!(m.capture_count(), 5),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_half_entered_chain_says_what_comes_next() {
        let (pos, legal) = setup("W:W22,30:B1,9,10,11,18", Variant::Tournament);
        let notation = pos.rules().notation;
        let mut s = Selection::default();
        s.click(&pos, &legal, forced(&pos), sq("c3"));
        assert_eq!(s.hint(&legal, notation), None);
        assert_eq!(
            s.click(&pos, &legal, forced(&pos), sq("e5")),
            Outcome::Changed
        );
        assert_eq!(s.entered(), [sq("e5")]);
        let hint = s.hint(&legal, notation).unwrap();
        assert_eq!(
            hint,
            Hint::EnteredUpTo {
                square: "15".to_string()
            }
        );
    }

    #[test]
    fn shared_destination_waits_for_the_next_click() {
        let (pos, legal) = setup("W:WKf2:Bc7,d2,e3,e5,g5", Variant::Russian);
        let mut s = Selection::default();
        s.click(&pos, &legal, forced(&pos), sq("f2"));
        assert_eq!(
            s.click(&pos, &legal, forced(&pos), sq("h4")),
            Outcome::Changed
        );
        assert_eq!(s.candidates(&legal).len(), 2);
        let marks = s.next_squares(&legal);
        assert!(marks.contains(sq("d4")) && marks.contains(sq("b6")));
        match s.click(&pos, &legal, forced(&pos), sq("b6")) {
            Outcome::Play(m) => assert_eq!(pos.move_text(&m), "f2:b6:d8:h4"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unique_chain_completes_at_once() {
        let (pos, legal) = setup("W:Wc3:Bd4,f6,d6,b6", Variant::Russian);
        let mut s = Selection::default();
        s.click(&pos, &legal, forced(&pos), sq("c3"));
        match s.click(&pos, &legal, forced(&pos), sq("g7")) {
            Outcome::Play(m) => assert_eq!(m.capture_count(), 2),
            other => panic!("{other:?}"),
        }
    }

    fn numbered(n: &str) -> Square {
        Square::parse(n, SquareNotation::Numeric).unwrap()
    }

    /// The new player's position: 27x18x11x2x9x18 and 27x18x9x2x11x18
    /// take the same pieces, so a click on any of their landing squares
    /// plays one of them.
    #[test]
    fn chains_giving_one_position_are_one_move() {
        let (pos, legal) = setup("W:W27,30,31:B23,14,6,15,7,1", Variant::Tournament);
        let from_27: Vec<&Move> = legal
            .iter()
            .filter(|m| m.from() == numbered("27"))
            .collect();
        assert_eq!(from_27.len(), 2, "{legal:?}");
        for landing in ["18", "11", "2", "9"] {
            let mut s = Selection::default();
            s.click(&pos, &legal, forced(&pos), numbered("27"));
            match s.click(&pos, &legal, forced(&pos), numbered(landing)) {
                Outcome::Play(m) => {
                    assert_eq!(
                        (m.to(), m.capture_count()),
                        (numbered("18"), 5),
                        "{landing}"
                    )
                }
                other => panic!("{landing}: {other:?}"),
            }
        }
    }

    /// Two chains through 18 twice that take different pieces: the
    /// landings clicked one by one tell them apart, 18 first.
    #[test]
    fn a_square_landed_on_twice_is_entered_step_by_step() {
        let (pos, _) = setup("W:W27,30,31:B23,14,6,15,7,1", Variant::Tournament);
        let path = |squares: [&str; 5]| squares.map(numbered);
        let takes = |squares: [&str; 4]| squares.into_iter().map(numbered).collect::<Bitboard>();
        let (one, other) = (
            Move::new(
                numbered("27"),
                &path(["18", "11", "2", "9", "18"]),
                takes(["23", "15", "7", "6"]),
                false,
            ),
            Move::new(
                numbered("27"),
                &path(["18", "9", "2", "11", "18"]),
                takes(["23", "14", "6", "7"]),
                false,
            ),
        );
        let legal = [one, other];
        let mut s = Selection::default();
        s.click(&pos, &legal, true, numbered("27"));
        assert_eq!(
            s.click(&pos, &legal, true, numbered("18")),
            Outcome::Changed
        );
        assert_eq!(s.entered(), [numbered("18")]);
        let marks = s.next_squares(&legal);
        assert!(marks.contains(numbered("11")) && marks.contains(numbered("9")));
        assert_eq!(
            s.click(&pos, &legal, true, numbered("9")),
            Outcome::Play(other)
        );
    }
}
