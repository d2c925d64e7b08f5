//! What a click or a drop means: the selection state machine of the board,
//! the same for every game. It only ever offers moves from the engine's
//! legal move list, as paths of spots ([`SpotMove`]); it never judges a
//! rule itself.

use warcaby::games::{GameKind, PlayedGame, SpotMove};

/// The result of a click (or a drop) on a spot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do.
    None,
    /// The selection changed; redraw.
    Changed,
    /// A complete legal move was entered.
    Play(SpotMove),
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
    /// The capture that takes the most pieces is mandatory (the
    /// international rules): it takes `most`, and only the pieces on
    /// `movable` have such a capture; `square` was clicked.
    MustCaptureMost {
        /// The squares of the pieces that can take the most, comma separated.
        movable: String,
        /// The square clicked.
        square: String,
        /// How many pieces the longest capture takes.
        most: usize,
    },
    /// The piece on `square` has no legal move (in `game`, whose words
    /// explain why).
    NoLegalMove {
        /// The spot clicked.
        square: String,
        /// Which game: Clobber tells what a stone needs to move.
        game: GameKind,
    },
    /// Mid-chain, a square that does not continue it.
    ContinueCapture,
    /// Several chains pass the square clicked: enter them hop by hop.
    SeveralPassThere,
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

/// The board's selection: a piece, and the landing spots entered so far
/// of a capture chain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    from: Option<u8>,
    entered: Vec<u8>,
    /// A destination clicked that several chains share: they wait for the
    /// next click to tell them apart.
    target: Option<u8>,
}

impl Selection {
    /// The selected piece's spot, if any.
    pub fn from(&self) -> Option<u8> {
        self.from
    }

    /// Landing spots entered so far.
    pub fn entered(&self) -> &[u8] {
        &self.entered
    }

    /// Forgets the selection.
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The legal moves still matching what was entered.
    pub fn candidates(&self, legal: &[SpotMove]) -> Vec<SpotMove> {
        let Some(from) = self.from else {
            return Vec::new();
        };
        legal
            .iter()
            .filter(|m| m.from() == from && m.landings().starts_with(&self.entered))
            .filter(|m| self.target.is_none_or(|t| m.to() == t))
            .cloned()
            .collect()
    }

    /// Spots to mark as the next step (dots): next landing of each
    /// candidate; with a target pending, the spots that tell chains apart.
    pub fn next_spots(&self, legal: &[SpotMove]) -> Vec<u8> {
        let n = self.entered.len();
        let mut spots: Vec<u8> = self
            .candidates(legal)
            .iter()
            .filter_map(|m| m.landings().get(n).copied())
            .collect();
        spots.sort_unstable();
        spots.dedup();
        spots
    }

    /// What to do next while a capture is half entered: None otherwise.
    pub fn hint(&self, game: &dyn PlayedGame, legal: &[SpotMove]) -> Option<Hint> {
        if let Some(target) = self.target {
            return Some(Hint::ChooseChain {
                count: self.candidates(legal).len(),
                target: game.spot_name(target),
            });
        }
        let last = self.entered.last()?;
        Some(Hint::EnteredUpTo {
            square: game.spot_name(*last),
        })
    }

    /// Clicks (or drops on) `spot` in `game`, whose legal moves are `legal`.
    pub fn click(&mut self, game: &dyn PlayedGame, legal: &[SpotMove], spot: u8) -> Outcome {
        let own = game.owner(spot) == Some(game.side_to_move());
        let movable = legal.iter().any(|m| m.from() == spot);
        if self.from.is_some() {
            if let Some(outcome) = self.advance(legal, spot) {
                return outcome;
            }
        }
        if own && movable {
            if self.from == Some(spot) && self.entered.is_empty() && self.target.is_none() {
                self.clear();
            } else {
                *self = Selection {
                    from: Some(spot),
                    ..Selection::default()
                };
            }
            return Outcome::Changed;
        }
        let had_selection = self.from.is_some();
        if own {
            self.clear();
            return Outcome::Refused(why_not(game, legal, spot));
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

    /// Follows a click on `spot` through the chain being entered: the
    /// chains that still pass through or end on `spot` are kept. Chains
    /// that all give the same position are one move to the player: the
    /// first is played, so a spot a chain lands on twice (or two orders of
    /// the same captures) never needs telling apart.
    fn advance(&mut self, legal: &[SpotMove], spot: u8) -> Option<Outcome> {
        let n = self.entered.len();
        let fits: Vec<SpotMove> = self
            .candidates(legal)
            .into_iter()
            .filter(|m| m.landings()[n.min(m.landings().len())..].contains(&spot))
            .collect();
        if fits.is_empty() {
            return None;
        }
        let stepping: Vec<SpotMove> = fits
            .iter()
            .filter(|m| m.landings()[n] == spot)
            .cloned()
            .collect();
        if same_result(&fits) {
            let mv = stepping.first().unwrap_or(&fits[0]).clone();
            self.clear();
            return Some(Outcome::Play(mv));
        }
        // A click is the next landing first when chains are being told
        // apart, or when every chain left lands there next.
        let next_for_all = stepping.len() == fits.len();
        if !stepping.is_empty() && (self.target.is_some() || n > 0 || next_for_all) {
            self.entered.push(spot);
            return Some(self.settle(&stepping));
        }
        if fits.iter().all(|m| m.to() == spot) {
            // Several chains end here: the next click tells them apart.
            self.target = Some(spot);
            return Some(Outcome::Changed);
        }
        if !stepping.is_empty() {
            self.entered.push(spot);
            return Some(self.settle(&stepping));
        }
        Some(Outcome::Refused(Refusal::SeveralPassThere))
    }

    /// Plays the move when the candidates left give one position;
    /// otherwise waits.
    fn settle(&mut self, remaining: &[SpotMove]) -> Outcome {
        match remaining {
            [first, ..] if same_result(remaining) => {
                let mv = first.clone();
                self.clear();
                Outcome::Play(mv)
            }
            _ => Outcome::Changed,
        }
    }
}

/// True when the moves (all from one spot) give one and the same position.
fn same_result(moves: &[SpotMove]) -> bool {
    moves.windows(2).all(|pair| pair[0].same_result(&pair[1]))
}

/// Why the piece on `spot` cannot move.
pub fn why_not(game: &dyn PlayedGame, legal: &[SpotMove], spot: u8) -> Refusal {
    if game.capture_is_forced() {
        let mut from: Vec<u8> = legal.iter().map(|m| m.from()).collect();
        from.sort_unstable();
        from.dedup();
        let movable = from
            .into_iter()
            .map(|s| game.spot_name(s))
            .collect::<Vec<_>>()
            .join(", ");
        let square = game.spot_name(spot);
        if game.rules().maximum_capture() {
            let most = legal.iter().map(|m| m.taken().len()).max().unwrap_or(0);
            return Refusal::MustCaptureMost {
                movable,
                square,
                most,
            };
        }
        return Refusal::MustCapture { movable, square };
    }
    Refusal::NoLegalMove {
        square: game.spot_name(spot),
        game: game.kind(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::{ClobberGame, ClobberPosition};
    use warcaby::{Game, Position, Square, SquareNotation, Variant};

    #[test]
    fn clobber_select_then_capture() {
        let game = ClobberGame::from_position(ClobberPosition::parse("WB./..B:B").unwrap());
        let legal = PlayedGame::legal_moves(&game);
        let mut s = Selection::default();
        // b2 (cell 4) captures a2; c1 (cell 2) cannot move.
        assert!(matches!(
            s.click(&game, &legal, 2),
            Outcome::Refused(Refusal::NoLegalMove { square, game: GameKind::Clobber }) if square == "c1"
        ));
        assert_eq!(s.click(&game, &legal, 4), Outcome::Changed);
        assert_eq!(s.next_spots(&legal), [3]);
        assert_eq!(s.click(&game, &legal, 4), Outcome::Changed);
        assert_eq!(s.from(), None);
        s.click(&game, &legal, 4);
        match s.click(&game, &legal, 3) {
            Outcome::Play(m) => assert_eq!(m.text(), "b2-a2"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.from(), None);
        // A click on an empty cell drops the selection.
        s.click(&game, &legal, 4);
        assert_eq!(s.click(&game, &legal, 0), Outcome::Changed);
        assert_eq!(s.click(&game, &legal, 0), Outcome::None);
    }

    fn sq(s: &str) -> u8 {
        Square::parse(s, SquareNotation::Algebraic).unwrap().index() as u8
    }

    fn numbered(n: &str) -> u8 {
        Square::parse(n, SquareNotation::Numeric).unwrap().index() as u8
    }

    fn setup(fen: &str, variant: Variant) -> (Game, Vec<SpotMove>) {
        let game = Game::from_position(Position::from_fen(fen, variant).unwrap());
        let legal = PlayedGame::legal_moves(&game);
        (game, legal)
    }

    #[test]
    fn click_to_move() {
        let (game, legal) = setup("B:W21-32:B1-12", Variant::English);
        let mut s = Selection::default();
        assert_eq!(s.click(&game, &legal, sq("d6")), Outcome::Changed);
        assert_eq!(s.next_spots(&legal).len(), 2);
        match s.click(&game, &legal, sq("c5")) {
            Outcome::Play(m) => assert_eq!(m.text(), "10-14"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mandatory_capture_explains_refusal() {
        let (game, legal) = setup("W:W22,30:B18", Variant::English);
        let mut s = Selection::default();
        match s.click(&game, &legal, sq("c1")) {
            Outcome::Refused(why) => {
                assert_eq!(
                    why,
                    Refusal::MustCapture {
                        movable: "22".into(),
                        square: "30".into()
                    }
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn maximum_capture_explains_refusal() {
        // Brazilian: h2 could take g3, but c3 takes two (d4, f6).
        let (game, legal) = setup("W:Wc3,h2:Bd4,f6,g3", Variant::Brazilian);
        let mut s = Selection::default();
        match s.click(&game, &legal, sq("h2")) {
            Outcome::Refused(why) => assert_eq!(
                why,
                Refusal::MustCaptureMost {
                    movable: "c3".into(),
                    square: "h2".into(),
                    most: 2,
                }
            ),
            other => panic!("{other:?}"),
        }
        s.click(&game, &legal, sq("c3"));
        match s.click(&game, &legal, sq("g7")) {
            Outcome::Play(m) => assert_eq!(m.text(), "c3:g7"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn chain_entered_step_by_step() {
        // King c3 (22) with five black men: c3xa1 alone, or the loop
        // c3-e5-g3-e1-c3 either way round and then a1.
        let (game, legal) = setup("W:WK22:B18,19,25,26,27", Variant::English);
        let mut s = Selection::default();
        assert_eq!(s.click(&game, &legal, sq("c3")), Outcome::Changed);
        // a1 ends all three: wait.
        assert_eq!(s.click(&game, &legal, sq("a1")), Outcome::Changed);
        assert_eq!(s.candidates(&legal).len(), 3);
        assert_eq!(
            s.hint(&game, &legal),
            Some(Hint::ChooseChain {
                count: 3,
                target: "29".to_string()
            })
        );
        // e1 starts only one of them: it is played.
        match s.click(&game, &legal, sq("e1")) {
            Outcome::Play(m) => assert_eq!(m.landings()[0], sq("e1")),
            other => panic!("{other:?}"),
        }
        // Step by step from the start: e5 fits one chain only.
        s.click(&game, &legal, sq("c3"));
        match s.click(&game, &legal, sq("e5")) {
            Outcome::Play(m) => assert_eq!(m.taken().len(), 5),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_half_entered_chain_says_what_comes_next() {
        let (game, legal) = setup("W:W22,30:B1,9,10,11,18", Variant::Tournament);
        let mut s = Selection::default();
        s.click(&game, &legal, sq("c3"));
        assert_eq!(s.hint(&game, &legal), None);
        assert_eq!(s.click(&game, &legal, sq("e5")), Outcome::Changed);
        assert_eq!(s.entered(), [sq("e5")]);
        assert_eq!(
            s.hint(&game, &legal),
            Some(Hint::EnteredUpTo {
                square: "15".to_string()
            })
        );
    }

    #[test]
    fn shared_destination_waits_for_the_next_click() {
        let (game, legal) = setup("W:WKf2:Bc7,d2,e3,e5,g5", Variant::Russian);
        let mut s = Selection::default();
        s.click(&game, &legal, sq("f2"));
        assert_eq!(s.click(&game, &legal, sq("h4")), Outcome::Changed);
        assert_eq!(s.candidates(&legal).len(), 2);
        let marks = s.next_spots(&legal);
        assert!(marks.contains(&sq("d4")) && marks.contains(&sq("b6")));
        match s.click(&game, &legal, sq("b6")) {
            Outcome::Play(m) => assert_eq!(m.text(), "f2:b6:d8:h4"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unique_chain_completes_at_once() {
        let (game, legal) = setup("W:Wc3:Bd4,f6,d6,b6", Variant::Russian);
        let mut s = Selection::default();
        s.click(&game, &legal, sq("c3"));
        match s.click(&game, &legal, sq("g7")) {
            Outcome::Play(m) => assert_eq!(m.taken().len(), 2),
            other => panic!("{other:?}"),
        }
    }

    /// The new player's position: 27x18x11x2x9x18 and 27x18x9x2x11x18
    /// take the same pieces, so a click on any of their landing squares
    /// plays one of them.
    #[test]
    fn chains_giving_one_position_are_one_move() {
        let (game, legal) = setup("W:W27,30,31:B23,14,6,15,7,1", Variant::Tournament);
        let from_27 = legal.iter().filter(|m| m.from() == numbered("27"));
        assert_eq!(from_27.count(), 2, "{legal:?}");
        for landing in ["18", "11", "2", "9"] {
            let mut s = Selection::default();
            s.click(&game, &legal, numbered("27"));
            match s.click(&game, &legal, numbered(landing)) {
                Outcome::Play(m) => {
                    assert_eq!((m.to(), m.taken().len()), (numbered("18"), 5), "{landing}")
                }
                other => panic!("{landing}: {other:?}"),
            }
        }
    }

    /// Two chains through 18 twice that take different pieces: the
    /// landings clicked one by one tell them apart, 18 first.
    #[test]
    fn a_square_landed_on_twice_is_entered_step_by_step() {
        let (game, _) = setup("W:W27,30,31:B23,14,6,15,7,1", Variant::Tournament);
        let chain = |landings: [&str; 5], taken: [&str; 4]| {
            let mut hops: Vec<Vec<u8>> = taken.iter().map(|t| vec![numbered(t)]).collect();
            hops.push(Vec::new());
            SpotMove::new(
                numbered("27"),
                landings.iter().map(|l| numbered(l)).collect(),
                hops,
                false,
                landings.join("x"),
            )
        };
        let one = chain(["18", "11", "2", "9", "18"], ["23", "15", "7", "6"]);
        let other = chain(["18", "9", "2", "11", "18"], ["23", "14", "6", "7"]);
        let legal = [one, other.clone()];
        let mut s = Selection::default();
        s.click(&game, &legal, numbered("27"));
        assert_eq!(s.click(&game, &legal, numbered("18")), Outcome::Changed);
        assert_eq!(s.entered(), [numbered("18")]);
        let marks = s.next_spots(&legal);
        assert!(marks.contains(&numbered("11")) && marks.contains(&numbered("9")));
        assert_eq!(s.click(&game, &legal, numbered("9")), Outcome::Play(other));
    }
}
