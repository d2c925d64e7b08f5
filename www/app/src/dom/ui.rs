//! Handles to the page's elements and what the app shows in them: status,
//! notices, announcements, the move list, the search's progress, the
//! evaluation bar, the editor's controls and the settings form.

use super::form::select_fields;
use super::{create, document, element, select_value, set_checked, set_select, set_text, window};
use crate::i18n::words;
use crate::i18n::{page, Lang};
use crate::state::alphazero::{move_rows, MoveRow};
use crate::state::game::for_white;
use crate::state::settings::Settings;
use std::cell::Cell;
use warcaby::games::{GameKind, Report};
use warcaby::{Color, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement,
};

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
    restore: HtmlElement,
    /// The notice shown is a hint about the last click on the board (a
    /// refusal, what to click next): the next click or move drops it.
    notice_is_hint: Cell<bool>,
    /// The language the page's fixed texts are in now (None: as written
    /// in the HTML, not yet set).
    page_lang: Cell<Option<Lang>>,
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
            restore: element("restore-game")?,
            notice_is_hint: Cell::new(false),
            page_lang: Cell::new(None),
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

    /// Shows the status line.
    pub fn status(&self, text: &str) {
        self.status.set_text_content(Some(text));
    }

    /// Shows a notice (what went wrong, or what to do).
    pub fn notice(&self, text: &str) {
        self.notice.set_text_content(Some(text));
        self.notice.set_hidden(false);
        self.notice_is_hint.set(false);
        self.make_room();
    }

    /// Shows a notice about the last click on the board, which
    /// [`Ui::clear_hint`] drops once it no longer applies.
    pub fn hint(&self, text: &str) {
        self.notice(text);
        self.notice_is_hint.set(true);
    }

    /// Hides the notice.
    pub fn clear_notice(&self) {
        self.notice.set_hidden(true);
        self.notice.set_text_content(None);
        self.notice_is_hint.set(false);
        self.make_room();
    }

    /// Makes the board smaller by what the messages under it take (the
    /// notice, "Retry the AI", "Back to the previous game"), so that the
    /// move box stays in the window: `--messages` on the board's area, read
    /// by the style sheet. The canvas follows (a resize observer redraws).
    fn make_room(&self) {
        let height: i32 = [&self.notice, &self.retry, &self.restore]
            .iter()
            .filter(|el| !el.hidden())
            .map(|el| el.offset_height() + 8)
            .sum();
        if let Some(area) = document().get_element_by_id("board-area") {
            if let Ok(area) = area.dyn_into::<HtmlElement>() {
                let _ = area
                    .style()
                    .set_property("--messages", &format!("{height}px"));
            }
        }
    }

    /// Hides the notice if it is a hint about an earlier click (other
    /// notices stay to be read).
    pub fn clear_hint(&self) {
        if self.notice_is_hint.get() {
            self.clear_notice();
        }
    }

    /// Shows (or hides) the button that brings an unavailable AI back.
    pub fn show_retry(&self, on: bool) {
        self.retry.set_hidden(!on);
        self.make_room();
    }

    /// Shows (or hides) the button that brings back a game set aside.
    pub fn show_restore(&self, on: bool) {
        self.restore.set_hidden(!on);
        self.make_room();
    }

    /// Shows a game's result, in words and its score (None: hides it),
    /// beside the board with "New game" and, against the AI, "Rematch".
    /// The score sits in its own element that never breaks; the move box
    /// makes room for the result.
    pub fn show_result(&self, result: Option<&(String, Option<&str>)>, rematch: bool) {
        self.result.set_hidden(result.is_none());
        if let Ok(form) = element::<HtmlElement>("move-form") {
            form.set_hidden(result.is_some());
        }
        let Some((words, score)) = result else {
            return;
        };
        set_text("result-words", words);
        if let Ok(el) = element::<HtmlElement>("result-score") {
            el.set_hidden(score.is_none());
            el.set_text_content(score.map(|s| format!("({s})")).as_deref());
        }
        if let Ok(button) = element::<HtmlElement>("result-rematch") {
            button.set_hidden(!rematch);
        }
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
        let lang = self.lang();
        let text = words::score(lang, score);
        let _ = bar.set_attribute("aria-valuetext", &text);
        let title = lang.pick(format!("Evaluation: {text}"), format!("Ocena: {text}"));
        let _ = bar.set_attribute("title", &title);
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

    /// Enables "Move now" while the AI thinks.
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

    /// Shows a search's progress, with who searches with what; its score
    /// (the side to move's, `to_move`) from White's side, like the bar.
    pub fn show_progress(&self, search: &str, p: &Report, to_move: Color) {
        let lang = self.lang();
        let score = words::score(lang, for_white(p.score, to_move));
        set_text("info-search", search);
        let depth = if p.book {
            format!("{} ({})", lang.pick("book", "debiuty"), p.depth)
        } else {
            format!("{}/{}", p.depth, p.seldepth)
        };
        set_text("info-depth", &depth);
        set_text("info-score", &score);
        set_text("info-nodes", &p.nodes.to_string());
        set_text("info-nps", &p.nps.to_string());
        set_text("info-pv", &p.pv.join(" "));
        self.show_move_rows(&move_rows(p));
    }

    /// The AlphaZero search's top moves (none: the table is hidden).
    fn show_move_rows(&self, rows: &[MoveRow]) {
        if let Ok(table) = element::<HtmlElement>("mcts") {
            table.set_hidden(rows.is_empty());
        }
        let Ok(body) = element::<HtmlElement>("mcts-rows") else {
            return;
        };
        body.set_inner_html("");
        for row in rows {
            let tr = create("tr", None);
            for text in [&row.mv, &row.visits, &row.prior, &row.value] {
                let _ = tr.append_child(&create("td", Some(("", text))));
            }
            let _ = body.append_child(&tr);
        }
    }

    /// Offers the AlphaZero choices (in the level list and the lab) only
    /// where the bot plays.
    pub fn show_alphazero(&self, available: bool) {
        let Ok(options) = document().query_selector_all("option[data-alphazero]") else {
            return;
        };
        for i in 0..options.length() {
            if let Some(option) = options
                .item(i)
                .and_then(|n| n.dyn_into::<HtmlElement>().ok())
            {
                option.set_hidden(!available);
                let _ = if available {
                    option.remove_attribute("disabled")
                } else {
                    option.set_attribute("disabled", "")
                };
            }
        }
    }

    /// Says which endgame tables the AI's worker has built (None: none,
    /// the line is hidden).
    pub fn show_endgame_tables(&self, tables: Option<(Variant, u32)>) {
        let Ok(line) = element::<HtmlElement>("info-endgame") else {
            return;
        };
        line.set_hidden(tables.is_none());
        if let Some((variant, pieces)) = tables {
            let lang = self.lang();
            let rules = words::variant(lang, variant);
            line.set_text_content(Some(&lang.pick(
                format!("Endgame tables ({rules} rules): every position of up to {pieces} pieces"),
                format!(
                    "Bazy końcówek (zasady: {}): każda pozycja do {pieces} bierek",
                    rules.to_lowercase()
                ),
            )));
        }
    }

    /// Says who searches with what before any report came.
    pub fn show_search(&self, search: &str) {
        set_text("info-search", search);
    }

    /// Empties the search panel.
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
        self.show_move_rows(&[]);
    }

    /// The move list: a row per move number (the number, then both sides'
    /// moves; a gap when the first player's move is not in the game), each
    /// move a button showing its position, with its review mark (its
    /// sign and class) where it has one. The list scrolls itself to the
    /// current move; the page never moves.
    pub fn show_moves(
        &self,
        texts: &[String],
        starts_second: bool,
        view: Option<usize>,
        marks: &[Option<(&str, &str)>],
    ) {
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
            if let Some(&Some((sign, class))) = marks.get(i) {
                let _ = button.append_child(&create("span", Some((class, sign))));
            }
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

    /// Shows the position's text (a FEN, or Clobber position text). A
    /// long one wraps only after a comma, colon or slash, never inside a
    /// square's number: each piece is followed by a `<wbr>`, and the CSS
    /// allows no other break.
    pub fn show_fen(&self, fen: &str) {
        self.fen.set_text_content(None);
        for piece in fen.split_inclusive([',', ':', '/']) {
            let _ = self.fen.append_with_str_1(piece);
            let _ = self.fen.append_child(&create("wbr", None));
        }
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
    /// the other's; `move_example` goes in the move box.
    pub fn show_game(&self, game: GameKind, move_example: &str) {
        let name = game.to_string();
        if let Ok(list) = document().query_selector_all("[data-game]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    el.set_hidden(el.get_attribute("data-game").as_deref() != Some(name.as_str()));
                }
            }
        }
        if let Ok(input) = element::<HtmlInputElement>("move-input") {
            input.set_placeholder(move_example);
        }
    }

    /// The language the page speaks now.
    pub fn lang(&self) -> Lang {
        self.page_lang.get().unwrap_or_default()
    }

    /// Puts the page's fixed texts in `lang` (only when it changed) and
    /// names the language of the document.
    pub fn show_language(&self, lang: Lang) {
        if self.page_lang.replace(Some(lang)) == Some(lang) {
            return;
        }
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", &lang.to_string());
        }
        let fill = |marker: &str, apply: &dyn Fn(&Element, &str)| {
            let Ok(list) = document().query_selector_all(&format!("[{marker}]")) else {
                return;
            };
            for i in 0..list.length() {
                let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                let key = el.get_attribute(marker).unwrap_or_default();
                if let Some(text) = page::text(lang, &key) {
                    apply(&el, text);
                }
            }
        };
        fill("data-t", &|el, text| el.set_text_content(Some(text)));
        fill("data-t-html", &|el, text| el.set_inner_html(text));
        for (marker, attribute) in page::ATTRIBUTES {
            fill(marker, &|el, text| {
                let _ = el.set_attribute(attribute, text);
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
        set_checked("square-numbers", s.square_numbers);
        set_checked("sound", s.sound);
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
