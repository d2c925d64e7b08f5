//! Wires the page's controls to the app: each handler reads what the
//! event says and calls one of the app's methods.

use super::form::{correct_depth, edit_side, read_settings};
use super::{checked, document, element, window};
use crate::i18n::notices;
use crate::state::Step;
use crate::{with_app, App};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlCanvasElement, HtmlInputElement, HtmlTextAreaElement, PointerEvent, ResizeObserver,
};

fn on(id: &str, event: &str, f: impl FnMut(web_sys::Event) + 'static) -> Result<(), JsValue> {
    let target: Element = element(id)?;
    listen(&target, event, f)
}

fn listen(
    target: &web_sys::EventTarget,
    event: &str,
    f: impl FnMut(web_sys::Event) + 'static,
) -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    cb.forget();
    Ok(())
}

fn on_click(id: &str, f: impl Fn(&mut App) + 'static) -> Result<(), JsValue> {
    on(id, "click", move |_| with_app(|app| f(app)))
}

/// Pointer position relative to the canvas, in CSS pixels.
fn canvas_point(event: &PointerEvent) -> Option<(f64, f64)> {
    let canvas: HtmlCanvasElement = event.target()?.dyn_into().ok()?;
    let rect = canvas.get_bounding_client_rect();
    Some((
        event.client_x() as f64 - rect.left(),
        event.client_y() as f64 - rect.top(),
    ))
}

fn pointer(id: &str, event: &str, f: fn(&mut App, f64, f64)) -> Result<(), JsValue> {
    let down = event == "pointerdown";
    on(id, event, move |e| {
        let Ok(pe) = e.dyn_into::<PointerEvent>() else {
            return;
        };
        pe.prevent_default();
        if down {
            // The board gets the pointer's events until it is released,
            // wherever that is: a drag never outlives its button.
            if let Some(target) = pe.target().and_then(|t| t.dyn_into::<Element>().ok()) {
                let _ = target.set_pointer_capture(pe.pointer_id());
            }
        }
        if let Some((x, y)) = canvas_point(&pe) {
            with_app(|app| f(app, x, y));
        }
    })
}

/// Wires every control of the page.
pub fn install_handlers() -> Result<(), JsValue> {
    install_board()?;
    install_buttons()?;
    install_editor_and_analysis()?;
    install_settings()?;
    install_moves()?;
    install_flow()?;
    install_import_export()
}

/// The board: pointer, focus and window size.
fn install_board() -> Result<(), JsValue> {
    pointer("board", "pointerdown", |app, x, y| app.pointer_down(x, y))?;
    pointer("board", "pointermove", |app, x, y| app.pointer_move(x, y))?;
    pointer("board", "pointerup", |app, x, y| app.pointer_up(x, y))?;
    on("board", "pointercancel", |_| with_app(App::pointer_cancel))?;
    on("board", "focus", |_| with_app(|app| app.board_focus(true)))?;
    on("board", "blur", |_| with_app(|app| app.board_focus(false)))?;
    listen(&window(), "resize", |_| with_app(App::draw))?;
    // The board also changes size when messages under it come and go.
    let redraw = Closure::<dyn FnMut()>::new(|| with_app(App::draw));
    let observer = ResizeObserver::new(redraw.as_ref().unchecked_ref())?;
    observer.observe(&element::<Element>("board")?);
    redraw.forget();
    listen(&document(), "keydown", on_key)
}

/// The game's buttons.
fn install_buttons() -> Result<(), JsValue> {
    on_click("new-game", App::open_new_game)?;
    on_click("result-new", App::new_game)?;
    on_click("result-rematch", App::rematch)?;
    on_click("undo", App::undo)?;
    on_click("redo", App::redo)?;
    on_click("move-now", App::move_now)?;
    on_click("live", |app| app.view_ply(None))?;
    on_click("review-start", App::review_game)?;
    on_click("hint", App::hint)?;
    on_click("puzzle-open", App::open_puzzles)?;
    on_click("puzzle-hint", App::puzzle_hint)?;
    on_click("puzzle-solution", App::puzzle_solution)?;
    on_click("puzzle-next", App::next_puzzle)?;
    on_click("puzzle-leave", App::leave_puzzles)?;
    on_click("review-cancel", App::cancel_review)?;
    on("review-graph", "click", |e| {
        if let Some(ply) = super::review::clicked_ply(&e) {
            with_app(|app| app.view_ply(Some(ply)));
        }
    })?;
    on_click("ai-retry", App::retry_ai)?;
    on_click("restore-game", App::restore_set_aside)?;
    on_click("flip", App::flip)
}

/// The board editor's controls and the analysis switch.
fn install_editor_and_analysis() -> Result<(), JsValue> {
    on_click("edit", App::open_editor)?;
    on_click("edit-done", |app| app.close_editor(true))?;
    on_click("edit-cancel", |app| app.close_editor(false))?;
    on_click("edit-clear", |app| app.edit(true, edit_side()))?;
    on_click("edit-start", |app| app.edit_start())?;
    on("edit-side", "change", |_| {
        with_app(|app| app.edit(false, edit_side()))
    })?;
    on("analyse", "change", |_| {
        let on = checked("analyse");
        with_app(|app| app.set_analysing(on));
    })
}

/// The settings form: any change is read as a whole.
fn install_settings() -> Result<(), JsValue> {
    for id in ["depth-black", "depth-white"] {
        // Before the settings are read (the listener below): a typed
        // depth out of range is corrected where it was typed.
        on(id, "change", move |_| {
            with_app(|app| {
                if let Some(text) = correct_depth(id, app.settings().lang) {
                    app.notice(&text);
                }
            })
        })?;
    }
    for id in [
        "language",
        "game",
        "rows",
        "cols",
        "eval-black",
        "eval-white",
        "variant",
        "mode",
        "level",
        "time",
        "ai-delay",
        "algorithm-black",
        "algorithm-white",
        "eval",
        "depth-black",
        "depth-white",
        "animate",
        "coordinates",
        "square-numbers",
        "board-theme",
        "piece-set",
        "color-scheme",
        "sound",
        "auto-single",
        "lab-enabled",
    ] {
        on(id, "change", |_| {
            with_app(|app| {
                let new = read_settings(app.settings());
                app.settings_changed(new);
            })
        })?;
    }
    Ok(())
}

/// The New game dialog, Resign, Offer a draw and their confirm step, and
/// "How to play".
fn install_flow() -> Result<(), JsValue> {
    on_click("ng-start", App::start_from_dialog)?;
    on("ng-cancel", "click", |_| super::flow::close_new_game())?;
    for id in ["ng-game", "ng-opponent"] {
        on(id, "change", |_| super::flow::new_game_rows())?;
    }
    on_click("resign", App::resign)?;
    on_click("offer-draw", App::offer_draw)?;
    on_click("confirm-yes", |app| app.confirm(true))?;
    on_click("confirm-no", |app| app.confirm(false))?;
    on_click("how-to-play", App::how_to_play)?;
    on("howto-close", "click", |_| super::howto::close())
}

/// The typed move and the move list.
fn install_moves() -> Result<(), JsValue> {
    on("move-form", "submit", |e| {
        e.prevent_default();
        let Ok(input) = element::<HtmlInputElement>("move-input") else {
            return;
        };
        let text = input.value();
        with_app(|app| {
            if app.typed_move(&text) {
                input.set_value("");
            }
        });
    })?;
    on("moves", "click", |e| {
        if let Some(ply) = super::review::clicked_ply(&e) {
            with_app(|app| app.view_ply(Some(ply)));
        }
    })
}

/// Import from text or a file; copy the position or the PDN; download.
fn install_import_export() -> Result<(), JsValue> {
    on("import", "click", |_| {
        let text = element::<HtmlTextAreaElement>("import-text")
            .map(|t| t.value())
            .unwrap_or_default();
        with_app(|app| app.import(&text));
    })?;
    on("import-file", "change", |e| {
        let file = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            read_file(file);
        }
    })?;
    on_click("copy-position", |app| {
        copy(&app.position_text());
        app.announce(notices::position_copied(app.settings().lang));
    })?;
    on_click("copy-pdn", |app| {
        if let Some(text) = app.pdn_text() {
            copy(&text);
            app.announce(notices::pdn_copied(app.settings().lang));
        }
    })?;
    on_click("download-pdn", |app| {
        let Some(text) = app.pdn_text() else {
            return;
        };
        if download("warcaby.pdn", &text).is_err() {
            app.notice(notices::download_failed(app.settings().lang));
        }
    })
}

/// Puts `text` on the clipboard and in the import box.
fn copy(text: &str) {
    let _ = window().navigator().clipboard().write_text(text);
    if let Ok(area) = element::<HtmlTextAreaElement>("import-text") {
        area.set_value(text);
    }
}

/// Keys of the whole page: on the board, keyboard play; elsewhere ←/→
/// (Home/End) step through the game's positions, unless a text field or
/// list has the focus.
fn on_key(e: web_sys::Event) {
    let Ok(key) = e.dyn_into::<web_sys::KeyboardEvent>() else {
        return;
    };
    if key.alt_key() || key.ctrl_key() || key.meta_key() || key.shift_key() {
        return;
    }
    let target = key.target().and_then(|t| t.dyn_into::<Element>().ok());
    if target.as_ref().is_some_and(|el| el.id() == "board") {
        let mut handled = false;
        with_app(|app| handled = app.board_key(&key.key()));
        if handled {
            key.prevent_default();
        }
        return;
    }
    let in_field =
        target.is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    if in_field {
        return;
    }
    let step = match key.key().as_str() {
        "ArrowLeft" => Step::Back,
        "ArrowRight" => Step::Forward,
        "Home" => Step::Start,
        "End" => Step::End,
        _ => return,
    };
    key.prevent_default();
    with_app(|app| app.step_view(step));
}

fn read_file(file: web_sys::File) {
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let done = reader.clone();
    let onload = Closure::once_into_js(move || {
        let text = done
            .result()
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        with_app(|app| app.import(&text));
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    let _ = reader.read_as_text(&file);
}

fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/x-draughts-pdn");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = document().create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}
