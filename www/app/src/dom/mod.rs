//! The browser's side: the page's elements ([`ui::Ui`]), the settings
//! form, localStorage and the event handlers that call the app's methods.
//! Nothing here decides anything about the game.

pub mod fetch;
pub mod flow;
pub mod form;
pub mod handlers;
pub mod howto;
pub mod puzzles;
pub mod review;
pub mod sound;
pub mod storage;
pub mod ui;

use crate::state::appearance::ColorScheme;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, Window};

pub(crate) fn window() -> Window {
    web_sys::window().expect("a window")
}

pub(crate) fn document() -> Document {
    window().document().expect("a document")
}

pub(crate) fn element<T: JsCast>(id: &str) -> Result<T, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page lacks #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} has the wrong kind")))
}

/// The page address's fragment (`#...`), empty when it has none.
pub fn location_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// Milliseconds since the page loaded.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// The language the browser asks for (`navigator.languages`, else
/// `navigator.language`): Polish for `pl`, English otherwise.
pub fn browser_lang() -> crate::i18n::Lang {
    let navigator = window().navigator();
    let mut tags: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    tags.extend(navigator.language());
    crate::i18n::Lang::for_browser(tags.iter().map(String::as_str))
}

/// Sets the performance mark `name` (milliseconds since navigation, for
/// benchmarks), the first time only.
pub fn mark_once(name: &str) {
    let Some(perf) = window().performance() else {
        return;
    };
    if perf.get_entries_by_name(name).length() == 0 {
        let _ = perf.mark(name);
    }
}

/// Today's date as PDN wants it (YYYY.MM.DD).
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// True when the user asked for less motion.
pub fn prefers_reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// True on a phone-sized screen (where the New game dialog greets a
/// first visit).
pub fn is_phone() -> bool {
    window()
        .match_media("(max-width: 600px)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Runs `f` after `ms` milliseconds.
pub fn later(ms: i32, f: impl FnOnce() + 'static) {
    let cb = Closure::once_into_js(f);
    let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms);
}

/// Light, dark or the system's page: `data-scheme` on `<html>` (none: the
/// system's), which the style sheet reads.
pub fn set_color_scheme(scheme: ColorScheme) {
    let Some(root) = document().document_element() else {
        return;
    };
    let _ = match scheme {
        ColorScheme::System => root.remove_attribute("data-scheme"),
        ColorScheme::Light => root.set_attribute("data-scheme", "light"),
        ColorScheme::Dark => root.set_attribute("data-scheme", "dark"),
    };
}

/// Redraws on the next animation frame.
pub fn request_frame() {
    let cb = Closure::once_into_js(|| crate::with_app(|app| app.on_frame()));
    let _ = window().request_animation_frame(cb.unchecked_ref());
}

/// Creates an element, optionally with a class and a text.
pub(crate) fn create(tag: &str, class_and_text: Option<(&str, &str)>) -> Element {
    let el = document().create_element(tag).expect("an element");
    if let Some((class, text)) = class_and_text {
        el.set_class_name(class);
        el.set_text_content(Some(text));
    }
    el
}

/// The label of a list's choice, like "English / American" for the
/// variant `english` (the value itself when there is none).
pub fn option_label(id: &str, value: &str) -> String {
    document()
        .query_selector(&format!("#{id} option[value='{value}']"))
        .ok()
        .flatten()
        .and_then(|o| o.text_content())
        .unwrap_or_else(|| value.to_string())
}

pub(crate) fn set_text(id: &str, text: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.set_text_content(Some(text));
    }
}

pub(crate) fn set_select(id: &str, value: &str) {
    if let Ok(select) = element::<HtmlSelectElement>(id) {
        select.set_value(value);
    }
}

pub(crate) fn set_checked(id: &str, on: bool) {
    if let Ok(input) = element::<HtmlInputElement>(id) {
        input.set_checked(on);
    }
}

pub(crate) fn select_value(id: &str) -> String {
    element::<HtmlSelectElement>(id)
        .map(|s| s.value())
        .unwrap_or_default()
}

pub(crate) fn checked(id: &str) -> bool {
    element::<HtmlInputElement>(id).is_ok_and(|i| i.checked())
}
