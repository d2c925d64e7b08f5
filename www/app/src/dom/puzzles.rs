//! The puzzle panel's elements: "Solve a puzzle", and while one is on the
//! board its title, what it says, the player's record and its buttons.
//! Handed texts; decides nothing.

use super::{element, set_text};
use web_sys::{HtmlButtonElement, HtmlElement};

/// A puzzle as the panel shows it.
pub struct Shown {
    /// Its name, rating and themes.
    pub title: String,
    /// What to do, or what became of the last move.
    pub news: String,
    /// The player's rating and streak.
    pub record: String,
    /// The line is played out: Hint and Solution are off.
    pub done: bool,
}

fn show(id: &str, on: bool) {
    if let Ok(el) = element::<HtmlElement>(id) {
        el.set_hidden(!on);
    }
}

fn enable(id: &str, on: bool) {
    if let Ok(button) = element::<HtmlButtonElement>(id) {
        button.set_disabled(!on);
    }
}

/// Shows or hides "Solve a puzzle".
pub fn show_open(on: bool) {
    show("puzzle-open", on);
}

/// Says the puzzles are on their way (or no longer).
pub fn show_loading(on: bool) {
    enable("puzzle-open", !on);
}

/// The puzzle on the board (None: the panel's puzzle part is hidden).
pub fn show_puzzle(shown: Option<Shown>) {
    show("puzzle", shown.is_some());
    let Some(shown) = shown else {
        return;
    };
    set_text("puzzle-title", &shown.title);
    set_text("puzzle-news", &shown.news);
    set_text("puzzle-record", &shown.record);
    enable("puzzle-hint", !shown.done);
    enable("puzzle-solution", !shown.done);
}
