//! The "How to play" dialog: its title, what wins, and each diagram as a
//! small canvas drawn by the board's renderer, with its caption.

use super::{create, element, set_text, window};
use crate::i18n::howto;
use crate::state::howto::diagram_state;
use crate::state::settings::Settings;
use crate::view::{scene, Surface};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlDialogElement, HtmlElement};

/// A diagram's side in CSS pixels (the style sheet's 12rem).
const DIAGRAM_PX: f64 = 192.0;

/// Opens "How to play" for `rules` (a variant's name, or `clobber`), its
/// diagrams in the looks of `settings`.
pub fn open(settings: &Settings, rules: &str) {
    let lang = settings.lang;
    set_text("howto-title", howto::title(lang, rules));
    let Ok(body) = element::<HtmlElement>("howto-body") else {
        return;
    };
    body.set_text_content(None);
    let _ = body.append_child(&create("p", Some(("", howto::goal(lang, rules)))));
    for diagram in howto::diagrams(rules) {
        let Ok(state) = diagram_state(settings, rules, diagram) else {
            continue;
        };
        let figure = create("figure", None);
        let canvas = create("canvas", None);
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", diagram.caption(lang));
        let _ = figure.append_child(&canvas);
        let _ = figure.append_child(&create("figcaption", Some(("", diagram.caption(lang)))));
        let _ = body.append_child(&figure);
        if let Some(ctx) = canvas
            .dyn_into::<HtmlCanvasElement>()
            .ok()
            .and_then(|c| context(&c))
        {
            scene::draw(&ctx, &state, &Surface::of(&state, DIAGRAM_PX), None);
        }
    }
    if let Ok(dialog) = element::<HtmlDialogElement>("howto-dialog") {
        if !dialog.open() {
            let _ = dialog.show_modal();
        }
    }
}

/// Closes "How to play".
pub fn close() {
    if let Ok(dialog) = element::<HtmlDialogElement>("howto-dialog") {
        dialog.close();
    }
}

/// A diagram canvas's drawing context, sized for the device's pixels.
fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    let ratio = window().device_pixel_ratio().max(1.0);
    let pixels = (DIAGRAM_PX * ratio).round() as u32;
    canvas.set_width(pixels);
    canvas.set_height(pixels);
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    Some(ctx)
}
