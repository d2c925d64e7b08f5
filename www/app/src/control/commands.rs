//! The page's commands: new game, undo and redo, stepping through the
//! game, the board editor, import and PDN export, and settings changes.

use super::App;
use crate::dom;
use crate::i18n::{errors, notices};
use crate::state::editor::Editing;
use crate::state::review::{GameReviewState, Stage};
use crate::state::settings::{Mode, Settings};
use crate::state::Step;
use warcaby::core::rng::entropy_seed;
use warcaby::games::{AnyGame, PasteError};
use warcaby::Color;

impl App {
    /// Starts a new game of the settings' game.
    pub fn new_game(&mut self) {
        self.cancel_thinking();
        let (game, name) = self.state.fresh_game();
        self.state.load(game);
        self.state.clock = self.state.settings.time_control.clock();
        self.ai.draw_offer = None;
        self.ai.draw_waiting = false;
        self.cancel_confirm();
        self.set_animation(None);
        self.ai.seed = entropy_seed();
        self.ui.clear_progress();
        self.keep_set_aside(None);
        self.ui.clear_notice();
        self.ui
            .announce(&notices::new_game(self.state.settings.lang, &name));
        self.after_change();
    }

    /// Keeps `game`, replaced by a change of game or rules, for the
    /// player to go back to (None: forgets the one kept); a notice with
    /// the button "Back to the previous game" says so.
    pub(super) fn keep_set_aside(&mut self, game: Option<AnyGame>) {
        if game.is_some() {
            let (_, name) = self.state.fresh_game();
            self.ui
                .notice(&notices::put_aside(self.state.settings.lang, &name));
        } else if self.set_aside.is_some() {
            self.ui.clear_notice();
        }
        self.ui.show_restore(game.is_some());
        self.set_aside = game;
    }

    /// Goes back to the game set aside by a change of game or rules.
    pub fn restore_set_aside(&mut self) {
        let Some(game) = self.set_aside.take() else {
            return;
        };
        self.state.adopt(game);
        self.loaded();
        self.ui
            .announce(notices::back_to_previous(self.state.settings.lang));
    }

    /// A new game against the AI with the colours swapped (other modes:
    /// a new game).
    pub fn rematch(&mut self) {
        if let Mode::HumanVsAi { human_white } = self.state.settings.mode {
            self.state.settings.mode = Mode::HumanVsAi {
                human_white: !human_white,
            };
            self.face_the_human();
            self.ui.show_settings(&self.state.settings);
        }
        self.new_game();
    }

    /// Puts the human's side at the bottom, where the board has a side for
    /// each player (checkers); a board without sides (Clobber) stays as it is.
    pub(super) fn face_the_human(&mut self) {
        let Mode::HumanVsAi { human_white } = self.state.settings.mode else {
            return;
        };
        if self.state.game.kind().board_has_sides() {
            self.state.settings.flipped = !human_white;
            self.ui.show_settings(&self.state.settings);
        }
    }

    /// Takes a move back (against the AI, back to the human's turn).
    pub fn undo(&mut self) {
        if self.state.clock.is_some() || self.state.ending.is_some() {
            return;
        }
        self.cancel_thinking();
        self.set_animation(None);
        // A hint like "Wait for the AI to move" no longer applies.
        self.ui.clear_hint();
        if self.state.undo() == 0 {
            self.ui
                .notice(notices::nothing_to_undo(self.state.settings.lang));
        }
        self.after_change();
    }

    /// Replays a move taken back.
    pub fn redo(&mut self) {
        if self.state.clock.is_some() || self.state.ending.is_some() {
            return;
        }
        self.cancel_thinking();
        self.set_animation(None);
        self.ui.clear_hint();
        if !self.state.redo() {
            self.ui
                .notice(notices::nothing_to_redo(self.state.settings.lang));
        }
        self.after_change();
    }

    /// Turns the board half a turn.
    pub fn flip(&mut self) {
        self.state.settings.flipped = !self.state.settings.flipped;
        self.save();
        self.draw();
    }

    /// Steps through the game's positions (the arrow keys of the move list).
    pub fn step_view(&mut self, step: Step) {
        if let Some(ply) = self.state.step(step) {
            self.view_ply(Some(ply));
        }
    }

    /// Shows the position after `ply` moves (None: the live game).
    pub fn view_ply(&mut self, ply: Option<usize>) {
        let back_to_game = self.state.set_view(ply);
        self.set_animation(None);
        self.ui.clear_hint();
        if back_to_game {
            // Whoever waited while a past position was shown (the AI, an
            // automatic single move) goes on.
            self.after_change();
        } else {
            self.refresh();
            self.update_analysis();
        }
    }

    /// Imports a text as the game in play reads it (a FEN or PDN game in
    /// checkers, a position text in Clobber), by the rules the settings
    /// keep for that game (a PDN may name others); a reviewed PDN brings
    /// its review (marks, graph, better moves).
    pub fn import(&mut self, text: &str) {
        let lang = self.state.settings.lang;
        let rules = self.state.settings.rules_for(self.state.game.kind());
        match rules.read_pasted_reviewed(text.trim()) {
            Ok((game, review)) => {
                self.imported(game);
                if let Some(review) = review {
                    self.state.review = Some(GameReviewState {
                        record: self.state.game.record(),
                        stage: Stage::Done(review),
                    });
                    self.refresh();
                }
            }
            Err(PasteError::Empty) => self
                .ui
                .notice(notices::paste_first(lang, rules.pasted_text())),
            Err(e) => self
                .ui
                .notice(&notices::not_loaded(lang, &errors::pasted(lang, &e))),
        }
    }

    /// Plays on from an imported game, its rules or board in the settings.
    fn imported(&mut self, game: AnyGame) {
        let switched = self.state.adopt(game);
        self.loaded();
        if switched {
            let rules = dom::option_label("variant", &self.state.settings.variant.to_string());
            self.ui
                .notice(&notices::rules_switched(self.state.settings.lang, &rules));
        }
    }

    /// Plays on from the game just put on the board (with its settings).
    fn loaded(&mut self) {
        self.cancel_thinking();
        self.keep_set_aside(None);
        self.set_animation(None);
        self.ui.show_settings(&self.state.settings);
        self.ui.clear_notice();
        self.ui
            .announce(notices::position_loaded(self.state.settings.lang));
        self.after_change();
    }

    /// The game as PDN (checkers only: PDN is checkers' file format), with
    /// its review as comments when it has one.
    pub fn pdn_text(&self) -> Option<String> {
        let (white, black) = match self.state.settings.mode {
            Mode::HumanVsAi { human_white: true } => ("Human", "Warcaby AI"),
            Mode::HumanVsAi { human_white: false } => ("Warcaby AI", "Human"),
            Mode::HumanVsHuman => ("Human", "Human"),
            Mode::AiVsAi => ("Warcaby AI", "Warcaby AI"),
        };
        let date = dom::today();
        let mut tags = vec![
            ("Event", "Warcaby game"),
            ("Date", date.as_str()),
            ("White", white),
            ("Black", black),
        ];
        let game = &self.state.game;
        let result = match self.state.ending {
            Some(ending) => {
                tags.push(("Termination", ending_termination(ending)));
                ending.result_text()
            }
            None => game.outcome().map_or("*", |o| o.result_text()),
        };
        let comments = self
            .state
            .done_review()
            .map(|review| review.annotate(&[]))
            .unwrap_or_default();
        game.pdn(&tags, result, comments)
    }

    /// Opens the editor on the position shown; the AI waits.
    pub fn open_editor(&mut self) {
        self.cancel_thinking();
        self.stop_analysis();
        let editing = Editing::open(&self.state.game, self.state.shown_ply());
        let side = editing.side_to_move();
        self.state.editor = Some(editing);
        self.state.clear_selection();
        self.set_animation(None);
        self.ui.show_editor(true, side);
        self.ui.clear_notice();
        self.refresh();
    }

    /// Changes what stands on `spot` in the editor.
    pub(super) fn edit_spot(&mut self, spot: u8) {
        let Some(editing) = &self.state.editor else {
            return;
        };
        match editing.paint(spot, dom::form::brush()) {
            Some(edited) => {
                self.state.editor = Some(edited);
                self.ui.clear_hint();
            }
            None => self
                .ui
                .hint(notices::piece_refused(self.state.settings.lang)),
        }
        self.ui.show_fen(&self.position_text());
        self.show_board_label();
        self.draw();
    }

    /// Puts the start position of the edited game's rules on the board.
    pub fn edit_start(&mut self) {
        self.state.editor = self.state.editor.as_ref().map(|e| e.start());
        if let Some(editing) = &self.state.editor {
            self.ui.show_editor(true, editing.side_to_move());
        }
        self.refresh();
    }

    /// Empties the editor's board (`empty`), or sets the side to move.
    pub fn edit(&mut self, empty: bool, side: Color) {
        self.state.editor = self.state.editor.as_ref().and_then(|e| e.with(empty, side));
        self.refresh();
    }

    /// Closes the editor: plays on from its position (`play`), or goes
    /// back to the game.
    pub fn close_editor(&mut self, play: bool) {
        let Some(edited) = self.state.editor.take() else {
            return;
        };
        self.ui.show_editor(false, Color::White);
        if play {
            self.state.load(edited.into_game());
            self.loaded();
        } else {
            self.after_change();
        }
    }

    /// Applies a settings change made in the page.
    pub fn settings_changed(&mut self, mut new: Settings) {
        if !new.rules().alphazero_plays() && new.drop_alphazero() {
            self.ui.show_settings(&new);
        }
        let old = &self.state.settings;
        let game_changed = new.rules() != old.rules();
        let players_changed = new.mode != old.mode;
        let engine_changed = new.level != old.level
            || new.alphazero != old.alphazero
            || new.lab != old.lab
            || new.time_ms != old.time_ms
            || [Color::Black, Color::White]
                .into_iter()
                .any(|side| new.lab_side(side, new.game) != old.lab_side(side, new.game));
        // The game a switch replaces: this one, or (when this one is only
        // a fresh start) the one an earlier switch set aside.
        let previous = match self.state.has_progress() {
            true => Some(self.state.game.clone()),
            false => self.set_aside.take(),
        };
        self.state.settings = new;
        if game_changed {
            self.ui.show_settings(&self.state.settings);
            self.new_game();
            self.keep_set_aside(previous);
            return;
        }
        if players_changed || engine_changed {
            self.cancel_thinking();
            self.face_the_human();
            self.after_change();
            return;
        }
        self.save();
        self.refresh();
    }
}

/// The PDN's Termination tag of an ending by decision (PDN's words, in
/// English like the rest of the file).
fn ending_termination(ending: crate::state::ending::Ending) -> &'static str {
    use crate::state::ending::Ending;
    match ending {
        Ending::Resigned { white: true } => "White resigned",
        Ending::Resigned { white: false } => "Black resigned",
        Ending::DrawAgreed => "Draw agreed",
        Ending::LostOnTime { .. } => "Time forfeit",
    }
}
