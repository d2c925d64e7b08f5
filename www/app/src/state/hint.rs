//! A hint in a game against the AI: the engine's move for the player's
//! position, shown in two steps as lidraughts and lichess do — first the
//! piece to move, then the move itself — and counted per side for the
//! review. Never in a timed game (the clock is the game), nor while the
//! analysis already shows the engine's line.

use super::game::line_spots;
use super::settings::Mode;
use super::State;
use warcaby::Color;

/// How long the engine thinks about a hint, in milliseconds.
pub const HINT_MS: u64 = 1000;

/// The level whose engine gives hints (the strongest, as the analysis's).
pub const HINT_LEVEL: u8 = 8;

/// How far a hint has gone, for the position after `ply` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The engine is asked (the worker's request `id`).
    Asking {
        /// The position's ply.
        ply: usize,
        /// The request's id.
        id: u32,
    },
    /// The engine's move is known; `shown_move` says whether the move is
    /// shown or only its piece.
    Known {
        /// The position's ply.
        ply: usize,
        /// The move's text.
        text: String,
        /// Its start, then each landing.
        spots: Vec<u8>,
        /// The move is shown, not only the piece.
        shown_move: bool,
    },
}

impl Hint {
    fn ply(&self) -> usize {
        match self {
            Hint::Asking { ply, .. } | Hint::Known { ply, .. } => *ply,
        }
    }
}

/// What the hint button does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintStep {
    /// Ask the engine (the piece is shown when it answers).
    Ask,
    /// Show the move of the piece shown.
    ShowMove,
    /// Nothing more (asking, or the move is shown).
    Nothing,
}

impl State {
    /// True when the player may ask for a hint now: their turn in an
    /// untimed game against the AI, the live position shown, the analysis
    /// off and no review running.
    pub fn hint_allowed(&self) -> bool {
        matches!(self.settings.mode, Mode::HumanVsAi { .. })
            && self.human_may_move()
            && self.clock.is_none()
            && self.editor.is_none()
            && !self.analysing
            && self.running_review().is_none()
    }

    /// The hint for the position on the board, if it has one.
    pub fn current_hint(&self) -> Option<&Hint> {
        self.hint
            .as_ref()
            .filter(|h| h.ply() == self.game.ply_count() && self.view.is_none())
    }

    /// What the hint button does now.
    pub fn hint_step(&self) -> HintStep {
        match self.current_hint() {
            None => HintStep::Ask,
            Some(Hint::Known {
                shown_move: false, ..
            }) => HintStep::ShowMove,
            Some(_) => HintStep::Nothing,
        }
    }

    /// Starts a hint: the worker's request `id` asks for it.
    pub fn hint_asked(&mut self, id: u32) {
        self.hint = Some(Hint::Asking {
            ply: self.game.ply_count(),
            id,
        });
    }

    /// The id of the hint's request under way, if any.
    pub fn hint_request(&self) -> Option<u32> {
        match self.hint {
            Some(Hint::Asking { id, .. }) => Some(id),
            _ => None,
        }
    }

    /// The engine's answer `text` to the hint's request: the piece is
    /// shown and the hint counted for the side to move. False (and the
    /// hint dropped) when the move does not read in the position, or the
    /// game moved on meanwhile (then uncounted).
    pub fn hint_answered(&mut self, text: &str) -> bool {
        let Some(Hint::Asking { ply, .. }) = self.hint else {
            return false;
        };
        if ply != self.game.ply_count() {
            self.hint = None;
            return false;
        }
        let read = line_spots(self.game.played(), ply, &[text.to_string()]);
        let Some((text, spots)) = read.into_iter().next() else {
            self.hint = None;
            return false;
        };
        self.hints[self.game.side_to_move().index()] += 1;
        self.hint = Some(Hint::Known {
            ply,
            text,
            spots,
            shown_move: false,
        });
        true
    }

    /// Shows the hint's whole move.
    pub fn hint_show_move(&mut self) {
        if let Some(Hint::Known { shown_move, .. }) = self.hint.as_mut() {
            *shown_move = true;
        }
    }

    /// The spot of the piece the hint says to move.
    pub fn hint_piece(&self) -> Option<u8> {
        match self.current_hint()? {
            Hint::Known { spots, .. } => spots.first().copied(),
            Hint::Asking { .. } => None,
        }
    }

    /// The hint's move as spots, once shown.
    pub fn hint_move(&self) -> Option<(&str, &[u8])> {
        match self.current_hint()? {
            Hint::Known {
                text,
                spots,
                shown_move: true,
                ..
            } => Some((text, spots)),
            _ => None,
        }
    }

    /// Hints `side` used in this game.
    pub fn hints_used(&self, side: Color) -> u32 {
        self.hints[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::settings::Settings;
    use warcaby::games::AnyGame;
    use warcaby::{Game, Variant};

    fn against_ai() -> State {
        let settings = Settings {
            mode: Mode::HumanVsAi { human_white: false },
            ..Settings::default()
        };
        State::new(settings, AnyGame::Checkers(Game::new(Variant::English)))
    }

    #[test]
    fn a_hint_shows_the_piece_then_the_move_and_counts_once() {
        let mut state = against_ai();
        assert!(state.hint_allowed(), "Black (the human) moves first");
        assert_eq!(state.hint_step(), HintStep::Ask);
        state.hint_asked(9);
        assert_eq!(state.hint_request(), Some(9));
        assert_eq!(state.hint_step(), HintStep::Nothing, "asking");
        assert!(state.hint_answered("11-15"));
        let name = |spot: u8| state.game.played().spot_name(spot);
        assert_eq!(state.hint_piece().map(name).as_deref(), Some("11"));
        assert_eq!(state.hint_move(), None, "the piece first");
        assert_eq!(state.hint_step(), HintStep::ShowMove);
        state.hint_show_move();
        let (text, spots) = state.hint_move().expect("shown");
        assert_eq!(text, "11-15");
        let names: Vec<String> = spots
            .iter()
            .map(|&s| state.game.played().spot_name(s))
            .collect();
        assert_eq!(names, ["11", "15"]);
        assert_eq!(state.hint_step(), HintStep::Nothing);
        assert_eq!(state.hints_used(Color::Black), 1);
        assert_eq!(state.hints_used(Color::White), 0);
    }

    #[test]
    fn a_hint_belongs_to_its_position_and_a_bad_answer_drops_it() {
        let mut state = against_ai();
        state.hint_asked(3);
        assert!(!state.hint_answered("12-13"), "not a move here");
        assert_eq!(state.hint, None);
        assert_eq!(state.hints_used(Color::Black), 0);
        state.hint_asked(4);
        assert!(state.hint_answered("9-13"));
        state.game.play_text("11-15").unwrap();
        assert_eq!(state.current_hint(), None, "another position");
        assert_eq!(state.hint_piece(), None);
        state.hint_asked(5);
        state.game.play_text("23-19").unwrap();
        assert!(!state.hint_answered("22-18"), "the game moved on");
        assert_eq!(state.hint, None);
        assert_eq!(state.hints_used(Color::White), 0, "uncounted");
    }

    #[test]
    fn no_hint_in_a_timed_game_or_between_humans_or_with_the_analysis() {
        let mut state = against_ai();
        state.analysing = true;
        assert!(!state.hint_allowed());
        state.analysing = false;
        state.settings.mode = Mode::HumanVsHuman;
        assert!(!state.hint_allowed());
        state.settings.mode = Mode::HumanVsAi { human_white: true };
        assert!(!state.hint_allowed(), "the AI (Black) is to move");
    }
}
