//! The game flow's elements: the New game dialog, the clocks, the Resign
//! and Offer a draw buttons with their confirm step, and the first
//! game's hint.

use super::{element, select_value, set_select, set_text};
use crate::i18n::{flow, Lang};
use crate::state::clock::{clock_text, Clock, LOW_MS};
use crate::state::newgame::{ColourChoice, NewGameChoice, Opponent};
use crate::state::settings::Settings;
use warcaby::{Color, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlButtonElement, HtmlDialogElement, HtmlElement};

const NEW_GAME: &str = "new-game-dialog";

/// Shows or hides the element `id`.
fn show(id: &str, on: bool) {
    if let Ok(el) = element::<HtmlElement>(id) {
        el.set_hidden(!on);
    }
}

/// Opens the New game dialog filled from `settings`.
pub fn open_new_game(settings: &Settings) {
    let choice = NewGameChoice::of(settings);
    set_select("ng-game", &choice.game.to_string());
    set_select("ng-variant", &choice.variant.to_string());
    set_select("ng-colour", choice.colour.value());
    set_select("ng-opponent", &choice.opponent.value());
    set_select("ng-time", &choice.time_control.to_string());
    if select_value("ng-opponent").is_empty() {
        // AlphaZero where it is not offered: the level instead.
        set_select("ng-opponent", &settings.level.to_string());
    }
    new_game_rows();
    if let Ok(dialog) = element::<HtmlDialogElement>(NEW_GAME) {
        if !dialog.open() {
            let _ = dialog.show_modal();
        }
    }
}

/// Shows the dialog's rows that apply: the rules for checkers, the
/// colour against the computer.
pub fn new_game_rows() {
    show("ng-rules-row", select_value("ng-game") != "clobber");
    show("ng-colour-row", select_value("ng-opponent") != "human");
}

/// Closes the New game dialog.
pub fn close_new_game() {
    if let Ok(dialog) = element::<HtmlDialogElement>(NEW_GAME) {
        dialog.close();
    }
}

/// True while the New game dialog is open.
pub fn new_game_open() -> bool {
    element::<HtmlDialogElement>(NEW_GAME).is_ok_and(|d| d.open())
}

/// The dialog's choices, or None when a list shows none of its values.
pub fn read_new_game() -> Option<NewGameChoice> {
    Some(NewGameChoice {
        game: select_value("ng-game").parse().ok()?,
        variant: Variant::from_any_name(&select_value("ng-variant")).ok()?,
        colour: ColourChoice::of_value(&select_value("ng-colour")),
        opponent: Opponent::of_value(&select_value("ng-opponent"))?,
        time_control: select_value("ng-time").parse().ok()?,
    })
}

/// Shows both clocks at `now` (None: untimed, hidden): the running one
/// marked, a low one (under 10 s) marked too.
pub fn show_clocks(clock: Option<&Clock>, now: f64, lang: Lang) {
    show("clocks", clock.is_some());
    let Some(clock) = clock else {
        return;
    };
    for (side, id) in [(Color::White, "clock-white"), (Color::Black, "clock-black")] {
        let Ok(el) = element::<HtmlElement>(id) else {
            continue;
        };
        let left = clock.left(side, now);
        let text = clock_text(left);
        let time = el.query_selector(".time").ok().flatten();
        if time.as_ref().and_then(|t| t.text_content()).as_deref() != Some(&text) {
            if let Some(time) = time {
                time.set_text_content(Some(&text));
            }
            let _ = el.set_attribute("aria-label", &flow::clock_label(lang, side, &text));
        }
        let list = el.class_list();
        let _ = list.toggle_with_force("running", clock.running_side() == Some(side));
        let _ = list.toggle_with_force("low", left < LOW_MS);
    }
}

/// Shows the first game's hint (None: hides it).
pub fn show_first_hint(text: Option<&str>) {
    show("first-hint", text.is_some());
    if let Some(text) = text {
        set_text("first-hint", text);
    }
}

/// Shows Resign and Offer a draw while they apply.
pub fn show_game_actions(resign: bool, draw: bool) {
    show("resign", resign);
    show("offer-draw", draw);
}

/// Turns Undo and Redo off with the reason as their title (None: on).
pub fn block_undo(reason: Option<&str>) {
    for id in ["undo", "redo"] {
        if let Ok(button) = element::<HtmlButtonElement>(id) {
            button.set_disabled(reason.is_some());
            match reason {
                Some(why) => button.set_title(why),
                None => {
                    let _ = button.remove_attribute("title");
                }
            }
        }
    }
}

/// Shows the confirm step: a question and the confirming button's text
/// (None: hides it).
pub fn show_confirm(ask: Option<(&str, &str)>) {
    show("confirm", ask.is_some());
    if let Some((question, yes)) = ask {
        set_text("confirm-text", question);
        set_text("confirm-yes", yes);
        if let Ok(button) = element::<HtmlElement>("confirm-no") {
            let _ = button.focus();
        }
    }
}

/// Milliseconds since the epoch (a clock's time survives a reload).
pub fn epoch_ms() -> f64 {
    js_sys::Date::now()
}

thread_local! {
    /// The clocks' tick, made once: every tick redraws the clocks and
    /// checks for a fallen flag.
    static TICK: JsValue = Closure::<dyn FnMut()>::new(|| crate::with_app(|app| app.clock_tick()))
        .into_js_value();
}

/// Starts ticking every `ms` milliseconds; returns the timer's id.
pub fn start_ticking(ms: i32) -> Option<i32> {
    TICK.with(|tick| {
        super::window()
            .set_interval_with_callback_and_timeout_and_arguments_0(tick.unchecked_ref(), ms)
            .ok()
    })
}

/// Stops the ticking timer `id`.
pub fn stop_ticking(id: i32) {
    super::window().clear_interval_with_handle(id);
}
