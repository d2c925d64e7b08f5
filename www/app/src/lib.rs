//! The Warcaby page: a canvas board with click and drag input, the AI in a
//! web worker, move list, undo/redo, import/export and saved state, for
//! checkers and for Clobber. All rules come from the engine crate (its
//! [`AnyGame`]); this crate only shows and asks.
//!
//! Layout, like chessground's state / events / render split:
//! - [`state`]: the headless state and its transitions (plain Rust, tested
//!   natively): settings, saved form, selection, editor, texts.
//! - [`view`]: the board's geometry, marks, drawing and animation.
//! - [`dom`]: the page's elements, the settings form, localStorage and the
//!   event handlers.
//! - [`control`]: [`App`], which turns events into state transitions, asks
//!   the AI worker and shows the result.

/// Implements `Display` and `FromStr` for choices the page names in its
/// lists and saves by name (the engine's [`warcaby::core::named::Named`]
/// mechanism: names, parsing, the error that lists the valid names).
#[macro_export]
macro_rules! by_name {
    ($($ty:ty),*) => {$(
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                warcaby::core::named::display(*self, f)
            }
        }

        impl std::str::FromStr for $ty {
            type Err = warcaby::core::named::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                warcaby::core::named::parse(s)
            }
        }
    )*};
}

pub mod control;
pub mod dom;
pub mod i18n;
pub mod json;
pub mod state;
pub mod view;

pub use control::App;
use state::settings::Settings;
use std::cell::RefCell;
use warcaby::games::AnyGame;
use warcaby::{Game, Variant};
use wasm_bindgen::prelude::*;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the app, if it is up (and not already borrowed).
pub fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|cell| {
        if let Ok(mut guard) = cell.try_borrow_mut() {
            if let Some(app) = guard.as_mut() {
                f(app);
            }
        }
    });
}

/// A first visit's settings: the defaults, in the browser's language, with
/// sounds off where the system asks for less motion (a quiet page for those
/// who want calm).
fn first_visit_settings() -> Settings {
    Settings {
        lang: dom::browser_lang(),
        sound: !dom::prefers_reduced_motion(),
        ..Settings::default()
    }
}

/// Starts the page: restores the saved settings and game (or starts anew,
/// saying why a saved one could not be restored), wires the controls and
/// starts the AI.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let ui = dom::ui::Ui::bind()?;
    let fresh = || AnyGame::Checkers(Game::new(Variant::Tournament));
    // Saved settings the form cannot show (a value none of its choices
    // has) are as corrupt as unreadable ones.
    let restored = dom::storage::load_saved().and_then(|saved| match saved {
        Some((settings, game)) => {
            ui.show_settings(&settings);
            ui.form_shows(&settings).map(|()| Some((settings, game)))
        }
        None => Ok(None),
    });
    let first_visit = matches!(restored, Ok(None));
    let restored_game = matches!(restored, Ok(Some(_)));
    let (settings, game, notice) = match restored {
        Ok(Some((settings, game))) => (settings, game, None),
        Ok(None) => (first_visit_settings(), fresh(), None),
        Err(problem) => {
            let settings = first_visit_settings();
            let notice = settings.lang.pick(
                format!(
                    "Your saved game could not be restored ({problem}); a new game was started."
                ),
                "Nie udało się przywrócić zapisanej gry (zapis jest uszkodzony); zaczęto nową grę."
                    .to_string(),
            );
            (settings, fresh(), Some(notice))
        }
    };
    APP.with(|cell| *cell.borrow_mut() = Some(App::new(ui, settings, game)));
    dom::handlers::install_handlers()?;
    // A game in the address (a link from an arena report) is imported as
    // if pasted: a bad one gives import's notice and changes nothing.
    let linked = state::link::pdn_in_fragment(&dom::location_hash());
    with_app(|app| {
        if restored_game {
            app.restore_flow();
        }
        app.begin(notice);
        match &linked {
            Some(Ok(pdn)) => app.import(pdn),
            Some(Err(why)) => app.notice(&i18n::notices::bad_link(app.settings().lang, *why)),
            None if first_visit => app.first_visit(),
            None => {}
        }
    });
    Ok(())
}

/// Makes the AI worker crash (for the end-to-end tests of the page's
/// recovery; reachable as `window.wasmBindings.debug_crash_ai()`). An idle
/// worker is told to panic. A thinking worker cannot read that message
/// before its search ends, so it fails the way a crashed worker does: an
/// error event on the worker object. Only in builds with the `test-hooks`
/// feature, which the release page leaves out.
#[cfg(feature = "test-hooks")]
#[wasm_bindgen]
pub fn debug_crash_ai() {
    let mut busy = None;
    with_app(|app| busy = app.crash_ai());
    // Outside `with_app`: the error handler needs the app itself.
    if let Some(worker) = busy {
        control::ai::raise_error(&worker, "the AI worker crashed on purpose");
    }
}
