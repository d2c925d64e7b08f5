//! The DOM side: finding elements, reading and showing settings and panels,
//! and wiring events to the app.

use crate::storage::{self, Mode, Settings};
use crate::{with_app, Current};
use warcaby_protocol::Progress;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, HtmlTextAreaElement, PointerEvent, Window,
};

fn window() -> Window {
    web_sys::window().expect("a window")
}

fn document() -> Document {
    window().document().expect("a document")
}

fn element<T: JsCast>(id: &str) -> Result<T, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page lacks #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} has the wrong kind")))
}

/// Milliseconds since the page loaded.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
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

/// Runs `f` after `ms` milliseconds.
pub fn later(ms: i32, f: impl FnOnce() + 'static) {
    let cb = Closure::once_into_js(f);
    let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms);
}

/// Redraws on the next animation frame.
pub fn request_frame() {
    let cb = Closure::once_into_js(|| with_app(|app| app.on_frame()));
    let _ = window().request_animation_frame(cb.unchecked_ref());
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Stores the saved state.
pub fn save(text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(storage::KEY, text);
    }
}

/// The saved state: None if there is none; an error (and the value is
/// removed) if it cannot be used.
pub fn load_saved() -> Result<Option<(Settings, Current)>, String> {
    let Some(s) = storage() else {
        return Ok(None);
    };
    let Ok(Some(text)) = s.get_item(storage::KEY) else {
        return Ok(None);
    };
    storage::decode(&text).map(Some).inspect_err(|_| {
        let _ = s.remove_item(storage::KEY);
    })
}

/// A step through the game's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// The start position.
    Start,
    /// The position now.
    End,
}

/// Handles to the page's elements.
pub struct Ui {
    canvas: HtmlCanvasElement,
    status: HtmlElement,
    notice: HtmlElement,
    announce: HtmlElement,
    moves: HtmlElement,
    live: HtmlElement,
    fen: HtmlElement,
    move_now: HtmlElement,
    result: HtmlElement,
    retry: HtmlElement,
}

impl Ui {
    /// Finds the elements.
    pub fn bind() -> Result<Ui, JsValue> {
        Ok(Ui {
            canvas: element("board")?,
            status: element("status")?,
            notice: element("notice")?,
            announce: element("announce")?,
            moves: element("moves")?,
            live: element("live")?,
            fen: element("fen")?,
            move_now: element("move-now")?,
            result: element("result")?,
            retry: element("ai-retry")?,
        })
    }

    /// The board's side in CSS pixels.
    pub fn board_size(&self) -> f64 {
        let rect = self.canvas.get_bounding_client_rect();
        rect.width().max(160.0)
    }

    /// The drawing context, with the canvas sized for the device's pixels.
    pub fn context(&self, size: f64) -> Option<CanvasRenderingContext2d> {
        let ratio = window().device_pixel_ratio().max(1.0);
        let pixels = (size * ratio).round() as u32;
        if self.canvas.width() != pixels {
            self.canvas.set_width(pixels);
            self.canvas.set_height(pixels);
        }
        let ctx: CanvasRenderingContext2d = self.canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let scale = pixels as f64 / size;
        let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
        Some(ctx)
    }

    pub fn status(&self, text: &str) {
        self.status.set_text_content(Some(text));
    }

    pub fn notice(&self, text: &str) {
        self.notice.set_text_content(Some(text));
        self.notice.set_hidden(false);
    }

    pub fn clear_notice(&self) {
        self.notice.set_hidden(true);
        self.notice.set_text_content(None);
    }

    /// Shows (or hides) the button that brings an unavailable AI back.
    pub fn show_retry(&self, on: bool) {
        self.retry.set_hidden(!on);
    }

    /// Shows a game's result on the board (None: hides it).
    pub fn show_result(&self, result: Option<&str>) {
        self.result.set_text_content(result);
        self.result.set_hidden(result.is_none());
    }

    /// While the lab decides how the AI searches, the level is not used.
    pub fn show_lab(&self, lab: bool) {
        if let Ok(level) = element::<HtmlSelectElement>("level") {
            level.set_disabled(lab);
        }
    }

    /// Says something to screen readers.
    pub fn announce(&self, text: &str) {
        self.announce.set_text_content(Some(text));
    }

    /// The analysis's score bar, from White's side (None: hidden): a
    /// score in hundredths of a man, or a forced win beyond ±29000.
    pub fn show_evaluation(&self, white_score: Option<i32>) {
        let Ok(bar) = element::<HtmlElement>("evaluation") else {
            return;
        };
        bar.set_hidden(white_score.is_none());
        let Some(score) = white_score else {
            return;
        };
        // -1 (Black wins) .. 1 (White wins), a pawn's worth about a third.
        let share = match score {
            s if s.abs() > 29_000 => s.signum() as f64,
            s => (s as f64 / 300.0).tanh(),
        };
        let _ = bar.set_attribute("value", &format!("{share:.3}"));
        let text = match score {
            s if s > 29_000 => format!("White wins in {}", 30_000 - s),
            s if s < -29_000 => format!("Black wins in {}", 30_000 + s),
            s => format!("{:+.2} for White", s as f64 / 100.0),
        };
        let _ = bar.set_attribute("aria-valuetext", &text);
        let _ = bar.set_attribute("title", &format!("Evaluation: {text}"));
    }

    /// Shows (or hides) the board editor's controls, with the side to move.
    pub fn show_editor(&self, open: bool, side: warcaby::Color) {
        if let Ok(editor) = element::<HtmlElement>("editor") {
            editor.set_hidden(!open);
        }
        if let Ok(edit) = element::<HtmlElement>("edit") {
            edit.set_hidden(open);
        }
        set_select("edit-side", side.name());
    }

    /// The board's accessible name (the position in words).
    pub fn board_label(&self, text: &str) {
        let _ = self.canvas.set_attribute("aria-label", text);
    }

    /// Marks the canvas while a move is animated (`data-animating`).
    pub fn set_animating(&self, on: bool) {
        let _ = self
            .canvas
            .set_attribute("data-animating", if on { "true" } else { "false" });
    }

    pub fn set_thinking(&self, thinking: bool) {
        let _ = self
            .move_now
            .set_attribute("aria-disabled", if thinking { "false" } else { "true" });
        if let Ok(button) = self
            .move_now
            .clone()
            .dyn_into::<web_sys::HtmlButtonElement>()
        {
            button.set_disabled(!thinking);
        }
    }

    /// Shows a search's progress, with who searches with what.
    pub fn show_progress(&self, search: &str, p: &Progress) {
        let score = match p.score {
            s if s > 29_000 => format!("win in {}", 30_000 - s),
            s if s < -29_000 => format!("loss in {}", 30_000 + s),
            s => format!("{:+.2}", s as f64 / 100.0),
        };
        set_text("info-search", search);
        set_text("info-depth", &format!("{}/{}", p.depth, p.seldepth));
        set_text("info-score", &score);
        set_text("info-nodes", &p.nodes.to_string());
        set_text("info-nps", &p.nps.to_string());
        set_text("info-pv", &p.pv.join(" "));
    }

    pub fn clear_progress(&self) {
        for id in [
            "info-search",
            "info-depth",
            "info-score",
            "info-nodes",
            "info-nps",
            "info-pv",
        ] {
            set_text(id, "–");
        }
    }

    /// The move list: a row per move number (the number, then both sides'
    /// moves; a gap when the first player's move is not in the game), each
    /// move a button showing its position. The list scrolls itself to the
    /// current move; the page never moves.
    pub fn show_moves(&self, texts: &[String], starts_second: bool, view: Option<usize>) {
        self.moves.set_inner_html("");
        let current = view.unwrap_or(texts.len());
        let offset = usize::from(starts_second);
        let mut row: Option<Element> = None;
        let mut shown = None;
        for (i, text) in texts.iter().enumerate() {
            let slot = i + offset;
            let row = match row.as_ref() {
                Some(row) if slot % 2 == 1 => row.clone(),
                _ => {
                    let li = create("li", None);
                    let _ = li.append_child(&create(
                        "span",
                        Some(("num", &format!("{}.", slot / 2 + 1))),
                    ));
                    if slot % 2 == 1 {
                        let _ = li.append_child(&create("span", Some(("gap", "…"))));
                    }
                    let _ = self.moves.append_child(&li);
                    row.insert(li).clone()
                }
            };
            let button = create("button", None);
            button.set_text_content(Some(text));
            let _ = button.set_attribute("type", "button");
            let _ = button.set_attribute("data-ply", &(i + 1).to_string());
            if i + 1 == current {
                let _ = button.set_attribute("class", "current");
                let _ = button.set_attribute("aria-current", "step");
                shown = Some(row.clone());
            }
            let _ = row.append_child(&button);
        }
        self.live.set_hidden(view.is_none());
        self.scroll_moves_to(shown);
    }

    /// Scrolls the move list (only the list) so that `row` is in view; to
    /// the top without one (the start position).
    fn scroll_moves_to(&self, row: Option<Element>) {
        let list = &self.moves;
        let Some(row) = row.and_then(|r| r.dyn_into::<HtmlElement>().ok()) else {
            list.set_scroll_top(0);
            return;
        };
        // The list is the rows' offset parent (it is positioned).
        let (top, bottom) = (row.offset_top(), row.offset_top() + row.offset_height());
        if top < list.scroll_top() {
            list.set_scroll_top(top);
        } else if bottom > list.scroll_top() + list.client_height() {
            list.set_scroll_top(bottom - list.client_height());
        }
    }

    pub fn show_fen(&self, fen: &str) {
        self.fen.set_text_content(Some(fen));
    }

    /// Shows the rules summary of one variant.
    pub fn show_rules(&self, variant: &str) {
        if let Ok(list) = document().query_selector_all("#rules [data-variant]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    el.set_hidden(el.get_attribute("data-variant").as_deref() != Some(variant));
                }
            }
        }
    }

    /// Shows the controls of one game (`checkers` or `clobber`) and hides
    /// the other's.
    pub fn show_game(&self, game: &str) {
        if let Ok(list) = document().query_selector_all("[data-game]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    el.set_hidden(el.get_attribute("data-game").as_deref() != Some(game));
                }
            }
        }
        let clobber = game == storage::CLOBBER;
        if let Ok(input) = element::<HtmlInputElement>("move-input") {
            input.set_placeholder(if clobber {
                "b3-b4"
            } else {
                "11-15 or 11x18x25"
            });
        }
    }

    /// Puts the settings into the form.
    pub fn show_settings(&self, s: &Settings) {
        for (id, value, _) in select_fields(s) {
            set_select(id, &value);
        }
        set_checked("animate", s.animate);
        set_checked("coordinates", s.coordinates);
        set_checked("auto-single", s.auto_single);
        set_checked("lab-enabled", s.lab);
        for (id, depth) in [
            ("depth-black", s.black_depth),
            ("depth-white", s.white_depth),
        ] {
            if let Ok(input) = element::<HtmlInputElement>(id) {
                input.set_value(&depth.to_string());
            }
        }
    }

    /// Checks that the form shows `s` as it is: a value that none of a
    /// list's choices has (a saved value gone bad) is an error.
    pub fn form_shows(&self, s: &Settings) -> Result<(), String> {
        for (id, value, what) in select_fields(s) {
            if select_value(id) != value {
                return Err(format!("{what} '{value}' is not one of the page's choices"));
            }
        }
        Ok(())
    }
}

/// The settings shown in lists: each list's id, its value in `s`, and what
/// it is called.
fn select_fields(s: &Settings) -> [(&'static str, String, &'static str); 13] {
    let mode = match s.mode {
        Mode::HumanVsAi { human_white: true } => "white",
        Mode::HumanVsAi { human_white: false } => "black",
        Mode::HumanVsHuman => "human",
        Mode::AiVsAi => "ai",
    };
    [
        ("game", s.game.clone(), "game"),
        ("variant", s.variant.clone(), "rules"),
        ("rows", s.rows.to_string(), "Clobber rows"),
        ("cols", s.cols.to_string(), "Clobber columns"),
        (
            "eval-black",
            s.black_eval.clone(),
            "Black's Clobber heuristic",
        ),
        (
            "eval-white",
            s.white_eval.clone(),
            "White's Clobber heuristic",
        ),
        ("mode", mode.to_string(), "players"),
        ("level", s.level.to_string(), "level"),
        ("time", s.time_ms.to_string(), "AI time per move"),
        ("ai-delay", s.ai_delay_ms.to_string(), "AI vs AI pause"),
        (
            "algorithm-black",
            s.black_algorithm.clone(),
            "Black's algorithm",
        ),
        (
            "algorithm-white",
            s.white_algorithm.clone(),
            "White's algorithm",
        ),
        ("eval", s.eval.clone(), "checkers heuristic"),
    ]
}

/// Creates an element, optionally with a class and a text.
fn create(tag: &str, class_and_text: Option<(&str, &str)>) -> Element {
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

fn set_text(id: &str, text: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.set_text_content(Some(text));
    }
}

fn set_select(id: &str, value: &str) {
    if let Ok(select) = element::<HtmlSelectElement>(id) {
        select.set_value(value);
    }
}

fn set_checked(id: &str, on: bool) {
    if let Ok(input) = element::<HtmlInputElement>(id) {
        input.set_checked(on);
    }
}

fn select_value(id: &str) -> String {
    element::<HtmlSelectElement>(id)
        .map(|s| s.value())
        .unwrap_or_default()
}

/// A lab depth field's value: 0-40, 0 when empty or unreadable.
fn depth_value(id: &str) -> u32 {
    element::<HtmlInputElement>(id)
        .ok()
        .and_then(|i| i.value().parse().ok())
        .unwrap_or(0u32)
        .min(storage::MAX_DEPTH)
}

/// Puts a lab depth field's typed value into 0-40; says so when it changed.
fn correct_depth(id: &str) -> Option<String> {
    let input = element::<HtmlInputElement>(id).ok()?;
    let typed = input.value();
    let depth = typed
        .trim()
        .parse::<i64>()
        .map_or(0, |d| d.clamp(0, storage::MAX_DEPTH as i64));
    if typed.trim() == depth.to_string() {
        return None;
    }
    input.set_value(&depth.to_string());
    Some(format!(
        "A lab depth is 0-40 (0: time only): '{typed}' was set to {depth}."
    ))
}

fn checked(id: &str) -> bool {
    element::<HtmlInputElement>(id).is_ok_and(|i| i.checked())
}

/// Reads the settings from the form, keeping what the form does not show.
fn read_settings(old: &Settings) -> Settings {
    let number = |id: &str, default: u64| select_value(id).parse().unwrap_or(default);
    let side = |id: &str, default: u8| number(id, default as u64).clamp(2, 10) as u8;
    Settings {
        game: if select_value("game") == storage::CLOBBER {
            storage::CLOBBER.to_string()
        } else {
            storage::CHECKERS.to_string()
        },
        variant: select_value("variant"),
        rows: side("rows", old.rows),
        cols: side("cols", old.cols),
        black_eval: select_value("eval-black"),
        white_eval: select_value("eval-white"),
        mode: match select_value("mode").as_str() {
            "black" => Mode::HumanVsAi { human_white: false },
            "human" => Mode::HumanVsHuman,
            "ai" => Mode::AiVsAi,
            _ => Mode::HumanVsAi { human_white: true },
        },
        level: number("level", old.level as u64).clamp(1, 8) as u8,
        time_ms: number("time", old.time_ms),
        ai_delay_ms: number("ai-delay", old.ai_delay_ms),
        lab: checked("lab-enabled"),
        black_algorithm: select_value("algorithm-black"),
        white_algorithm: select_value("algorithm-white"),
        eval: select_value("eval"),
        black_depth: depth_value("depth-black"),
        white_depth: depth_value("depth-white"),
        animate: checked("animate"),
        coordinates: checked("coordinates"),
        auto_single: checked("auto-single"),
        flipped: old.flipped,
    }
}

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

fn on_click(id: &str, f: impl Fn(&mut crate::App) + 'static) -> Result<(), JsValue> {
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

fn pointer(id: &str, event: &str, f: fn(&mut crate::App, f64, f64)) -> Result<(), JsValue> {
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
    pointer("board", "pointerdown", |app, x, y| app.pointer_down(x, y))?;
    pointer("board", "pointermove", |app, x, y| app.pointer_move(x, y))?;
    pointer("board", "pointerup", |app, x, y| app.pointer_up(x, y))?;
    on("board", "pointercancel", |_| {
        with_app(|app| {
            app.drag = None;
            app.draw();
        })
    })?;
    on("board", "focus", |_| with_app(|app| app.board_focus(true)))?;
    on("board", "blur", |_| with_app(|app| app.board_focus(false)))?;
    listen(&window(), "resize", |_| with_app(|app| app.draw()))?;

    on_click("new-game", |app| app.new_game())?;
    on_click("undo", |app| app.undo())?;
    on_click("redo", |app| app.redo())?;
    on_click("move-now", |app| app.move_now())?;
    on_click("live", |app| app.view_ply(None))?;
    on_click("ai-retry", |app| app.retry_ai())?;
    on_click("edit", |app| app.open_editor())?;
    on_click("edit-done", |app| app.close_editor(true))?;
    on_click("edit-cancel", |app| app.close_editor(false))?;
    on_click("edit-clear", |app| app.edit(true, edit_side()))?;
    on("edit-side", "change", |_| {
        with_app(|app| app.edit(false, edit_side()))
    })?;
    on("analyse", "change", |_| {
        let on = checked("analyse");
        with_app(|app| app.set_analysing(on));
    })?;
    listen(&document(), "keydown", on_key)?;
    on_click("flip", |app| {
        app.settings.flipped = !app.settings.flipped;
        app.save();
        app.draw();
    })?;
    for id in ["depth-black", "depth-white"] {
        // Before the settings are read (the listener below): a typed
        // depth out of range is corrected where it was typed.
        on(id, "change", move |_| {
            if let Some(text) = correct_depth(id) {
                with_app(|app| app.ui.notice(&text));
            }
        })?;
    }
    for id in [
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
        "auto-single",
        "lab-enabled",
    ] {
        on(id, "change", |_| {
            with_app(|app| {
                let new = read_settings(&app.settings);
                app.settings_changed(new);
            })
        })?;
    }
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
        let ply = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            with_app(|app| app.view_ply(Some(ply)));
        }
    })?;
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
        let text = app.game.position_text(app.view);
        let _ = window().navigator().clipboard().write_text(&text);
        if let Ok(area) = element::<HtmlTextAreaElement>("import-text") {
            area.set_value(&text);
        }
        app.ui.announce("Position copied");
    })?;
    on_click("copy-pdn", |app| {
        let Some(text) = app.pdn_text() else {
            return;
        };
        let _ = window().navigator().clipboard().write_text(&text);
        if let Ok(area) = element::<HtmlTextAreaElement>("import-text") {
            area.set_value(&text);
        }
        app.ui.announce("PDN copied");
    })?;
    on_click("download-pdn", |app| {
        let Some(text) = app.pdn_text() else {
            return;
        };
        if let Err(e) = download("warcaby.pdn", &text) {
            app.ui.notice(&format!("Download failed: {e:?}"));
        }
    })?;
    Ok(())
}

/// The side to move chosen in the board editor.
fn edit_side() -> warcaby::Color {
    if select_value("edit-side") == "black" {
        warcaby::Color::Black
    } else {
        warcaby::Color::White
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
