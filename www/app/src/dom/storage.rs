//! The saved state in localStorage (what [`crate::state::saved`] encodes).

use super::window;
use crate::state::clock::Clock;
use crate::state::ending::{self, Ending, SavedFlow};
use crate::state::saved::{self, KEY};
use crate::state::settings::Settings;
use warcaby::games::AnyGame;

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Saves the settings and the game.
pub fn save(settings: &Settings, game: &AnyGame) {
    let text = saved::encode(settings, game);
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, &text);
    }
}

/// Saves the game's clock and its ending by decision.
pub fn save_flow(game: &AnyGame, clock: Option<Clock>, ending: Option<Ending>) {
    if let Some(s) = storage() {
        let _ = s.set_item(ending::KEY, &ending::encode(game, clock, ending));
    }
}

/// The saved clock and ending of `game` at `now`: None if there are none;
/// an error (and the value is removed) if they cannot be used.
pub fn load_flow(game: &AnyGame, now: f64) -> Result<Option<SavedFlow>, String> {
    let Some(s) = storage() else {
        return Ok(None);
    };
    let Ok(Some(text)) = s.get_item(ending::KEY) else {
        return Ok(None);
    };
    ending::decode(&text, game, now).map(Some).inspect_err(|_| {
        let _ = s.remove_item(ending::KEY);
    })
}

/// The saved state: None if there is none; an error (and the value is
/// removed) if it cannot be used.
pub fn load_saved() -> Result<Option<(Settings, AnyGame)>, String> {
    let Some(s) = storage() else {
        return Ok(None);
    };
    let Ok(Some(text)) = s.get_item(KEY) else {
        return Ok(None);
    };
    saved::decode(&text).map(Some).inspect_err(|_| {
        let _ = s.remove_item(KEY);
    })
}

/// A value kept under `key` (the puzzles' record), if any.
pub fn load_text(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Keeps `text` under `key`.
pub fn save_text(key: &str, text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, text);
    }
}
