//! Board input: clicks, drags and the keyboard on the board, and typed
//! moves. The state's selection decides what a click means; this only
//! says why a click is not taken and shows what it did.

use super::App;
use crate::i18n::notices;
use crate::state::selection::{Hint, Outcome};
use crate::state::Drag;

impl App {
    /// True when a click on the board may enter a move; otherwise says why not.
    fn may_click(&mut self) -> bool {
        if self.state.view.is_some() {
            self.ui
                .hint(notices::viewing_earlier(self.state.settings.lang));
            return false;
        }
        if !self.state.human_may_move() {
            if !self.state.is_over() {
                self.ui.hint(notices::wait_for_ai(self.state.settings.lang));
            }
            return false;
        }
        true
    }

    /// Shows what a click did (with `hint`, what to do next), or plays the
    /// move it completed.
    fn clicked(&mut self, outcome: Outcome, hint: Option<Hint>) {
        let lang = self.state.settings.lang;
        match outcome {
            Outcome::Play(mv) => self.play(mv),
            Outcome::Refused(why) => {
                let why = notices::refusal(lang, &why);
                self.ui.hint(&why);
                self.ui.announce(&why);
                self.draw();
            }
            Outcome::Changed => {
                match hint.map(|h| notices::hint(lang, &h)) {
                    Some(hint) => {
                        self.ui.hint(&hint);
                        self.ui.announce(&hint);
                    }
                    None => self.ui.clear_hint(),
                }
                self.show_board_label();
                self.draw();
            }
            // A click that does nothing still ends what the last one said.
            Outcome::None => self.ui.clear_hint(),
        }
    }

    /// A click on a spot: an edit in the editor, else part of a move.
    fn click_spot(&mut self, spot: u8) {
        if self.state.editor.is_some() {
            self.edit_spot(spot);
            return;
        }
        if !self.may_click() {
            return;
        }
        let (outcome, hint) = self.state.click(spot);
        self.clicked(outcome, hint);
    }

    /// The pointer went down on the canvas at (x, y), in CSS pixels.
    pub fn pointer_down(&mut self, x: f64, y: f64) {
        let surface = self.surface();
        let Some(spot) = surface.spot_at(x, y) else {
            return;
        };
        if self.state.may_pick_up(spot) {
            self.state.drag = Some(Drag {
                from: spot,
                at: surface.units(x, y),
                moved: false,
            });
        }
        self.click_spot(spot);
    }

    /// The pointer moved: a dragged piece follows it.
    pub fn pointer_move(&mut self, x: f64, y: f64) {
        let (nx, ny) = self.surface().units(x, y);
        if let Some(drag) = self.state.drag.as_mut() {
            if (nx - drag.at.0).abs() + (ny - drag.at.1).abs() > 0.1 {
                drag.moved = true;
            }
            drag.at = (nx, ny);
            self.draw();
        }
    }

    /// The pointer was released: a dragged piece is dropped there.
    pub fn pointer_up(&mut self, x: f64, y: f64) {
        let Some(drag) = self.state.drag.take() else {
            return;
        };
        if !drag.moved {
            self.draw();
            return;
        }
        match self.surface().spot_at(x, y) {
            Some(spot) if spot != drag.from => {
                if self.state.selected_spot() != Some(drag.from) {
                    // The click on pointer-down toggled the selection off: select again.
                    self.click_spot(drag.from);
                }
                self.click_spot(spot);
            }
            _ => self.draw(),
        }
    }

    /// The browser took the pointer away: the drag ends where it began.
    pub fn pointer_cancel(&mut self) {
        self.state.drag = None;
        self.draw();
    }

    /// The board got or lost the keyboard's focus.
    pub fn board_focus(&mut self, focused: bool) {
        self.state.board_focused = focused;
        self.show_board_label();
        self.draw();
    }

    /// A key on the focused board: the arrows move the cursor, Enter or
    /// Space clicks the square under it (a capture chain hop by hop),
    /// Escape drops the selection. False for other keys.
    pub fn board_key(&mut self, key: &str) -> bool {
        match key {
            "Enter" | " " => {
                if let Some(spot) = self.surface().spot_on_screen(self.state.cursor()) {
                    self.click_spot(spot);
                }
            }
            "Escape" => {
                self.state.clear_selection();
                self.ui.clear_hint();
            }
            arrow if self.state.move_cursor(arrow) => {}
            _ => return false,
        }
        self.show_board_label();
        self.draw();
        true
    }

    /// A move typed by the player; true when it was played.
    pub fn typed_move(&mut self, text: &str) -> bool {
        if !self.state.human_may_move() {
            self.ui
                .notice(notices::not_your_turn(self.state.settings.lang));
            return false;
        }
        match self.play_text(text) {
            Ok(()) => true,
            Err(e) => {
                self.ui.notice(&e);
                self.ui.announce(&e);
                false
            }
        }
    }
}
