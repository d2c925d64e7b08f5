//! The saved state in localStorage (what [`crate::state::saved`] encodes).

use super::window;
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
