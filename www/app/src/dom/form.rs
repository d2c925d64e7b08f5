//! The settings form: reading it into [`Settings`], the lists' values,
//! and correcting a typed lab depth.

use super::{checked, element, select_value};
use crate::i18n::{notices, Lang};
use crate::state::alphazero::ALPHAZERO;
use crate::state::editor::Brush;
use crate::state::settings::{Mode, Settings, MAX_DEPTH};
use std::str::FromStr;
use warcaby::checkers::ai::Level;
use warcaby::{Color, Variant};
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;

/// The settings shown in lists: each list's id, its value in `s`, and what
/// it is called.
pub fn select_fields(s: &Settings) -> [(&'static str, String, &'static str); 17] {
    let mode = match s.mode {
        Mode::HumanVsAi { human_white: true } => "white",
        Mode::HumanVsAi { human_white: false } => "black",
        Mode::HumanVsHuman => "human",
        Mode::AiVsAi => "ai",
    };
    [
        ("language", s.lang.to_string(), "language"),
        ("game", s.game.to_string(), "game"),
        ("variant", s.variant.to_string(), "rules"),
        ("rows", s.rows.to_string(), "Clobber rows"),
        ("cols", s.cols.to_string(), "Clobber columns"),
        (
            "eval-black",
            s.black_eval.to_string(),
            "Black's Clobber heuristic",
        ),
        (
            "eval-white",
            s.white_eval.to_string(),
            "White's Clobber heuristic",
        ),
        ("mode", mode.to_string(), "players"),
        ("level", level_value(s), "level"),
        ("time", s.time_ms.to_string(), "AI time per move"),
        ("ai-delay", s.ai_delay_ms.to_string(), "AI vs AI pause"),
        (
            "algorithm-black",
            s.black_algorithm.to_string(),
            "Black's algorithm",
        ),
        (
            "algorithm-white",
            s.white_algorithm.to_string(),
            "White's algorithm",
        ),
        ("eval", s.eval.to_string(), "checkers heuristic"),
        ("board-theme", s.board_theme.to_string(), "board"),
        ("piece-set", s.piece_set.to_string(), "pieces"),
        ("color-scheme", s.color_scheme.to_string(), "colour scheme"),
    ]
}

/// The level list's value: the level, or the AlphaZero bot.
fn level_value(s: &Settings) -> String {
    if s.alphazero {
        ALPHAZERO.to_string()
    } else {
        s.level.to_string()
    }
}

/// A lab depth field's value: 0-40, 0 when empty or unreadable.
fn depth_value(id: &str) -> u32 {
    element::<HtmlInputElement>(id)
        .ok()
        .and_then(|i| i.value().parse().ok())
        .unwrap_or(0u32)
        .min(MAX_DEPTH)
}

/// Puts a lab depth field's typed value into 0-40; says so when it changed.
pub fn correct_depth(id: &str, lang: Lang) -> Option<String> {
    let input = element::<HtmlInputElement>(id).ok()?;
    let typed = input.value();
    let depth = typed
        .trim()
        .parse::<i64>()
        .map_or(0, |d| d.clamp(0, MAX_DEPTH as i64));
    if typed.trim() == depth.to_string() {
        return None;
    }
    input.set_value(&depth.to_string());
    Some(notices::depth_corrected(lang, &typed, depth))
}

/// A list's value read as `T` (a named choice), or `old` when the list
/// shows none of its names.
fn chosen<T: FromStr>(id: &str, old: T) -> T {
    select_value(id).parse().unwrap_or(old)
}

/// Reads the settings from the form, keeping what the form does not show.
pub fn read_settings(old: &Settings) -> Settings {
    let number = |id: &str, default: u64| select_value(id).parse().unwrap_or(default);
    let side = |id: &str, default: u8| number(id, default as u64).clamp(2, 10) as u8;
    let level = number("level", old.level.number() as u64).clamp(1, 8) as i64;
    Settings {
        lang: chosen("language", old.lang),
        game: chosen("game", old.game),
        variant: Variant::from_any_name(&select_value("variant")).unwrap_or(old.variant),
        rows: side("rows", old.rows),
        cols: side("cols", old.cols),
        black_eval: chosen("eval-black", old.black_eval),
        white_eval: chosen("eval-white", old.white_eval),
        mode: match select_value("mode").as_str() {
            "black" => Mode::HumanVsAi { human_white: false },
            "human" => Mode::HumanVsHuman,
            "ai" => Mode::AiVsAi,
            _ => Mode::HumanVsAi { human_white: true },
        },
        level: Level::new(level).unwrap_or(old.level),
        alphazero: select_value("level") == ALPHAZERO,
        time_ms: number("time", old.time_ms),
        time_control: old.time_control,
        ai_delay_ms: number("ai-delay", old.ai_delay_ms),
        lab: checked("lab-enabled"),
        black_algorithm: chosen("algorithm-black", old.black_algorithm),
        white_algorithm: chosen("algorithm-white", old.white_algorithm),
        eval: chosen("eval", old.eval.clone()),
        black_depth: depth_value("depth-black"),
        white_depth: depth_value("depth-white"),
        animate: checked("animate"),
        coordinates: checked("coordinates"),
        square_numbers: checked("square-numbers"),
        board_theme: chosen("board-theme", old.board_theme),
        piece_set: chosen("piece-set", old.piece_set),
        color_scheme: chosen("color-scheme", old.color_scheme),
        sound: checked("sound"),
        auto_single: checked("auto-single"),
        flipped: old.flipped,
    }
}

/// The piece the board editor's palette puts on a square.
pub fn brush() -> Brush {
    let value = super::document()
        .query_selector("input[name=brush]:checked")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<HtmlInputElement>().ok())
        .map(|input| input.value())
        .unwrap_or_default();
    Brush::named(&value)
}

/// The side to move chosen in the board editor.
pub fn edit_side() -> Color {
    if select_value("edit-side") == "black" {
        Color::Black
    } else {
        Color::White
    }
}
