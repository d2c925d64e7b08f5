//! The game review's elements: the "Review the game" button, the progress
//! bar with its Cancel, and the result: the evaluation graph (inline SVG,
//! a column per position to click), each side's figures and the better
//! move of the marked move shown; and the hint button with the hint in
//! words. Handed texts and heights; decides nothing.

use super::{element, set_text};
use web_sys::{Element, HtmlButtonElement, HtmlElement, HtmlProgressElement};

/// The graph's size in its own units (its `viewBox`).
const WIDTH: f64 = 200.0;
const HEIGHT: f64 = 60.0;

/// A done review as the page shows it.
pub struct Shown {
    /// White's expected score at each position (0..1), the start first.
    pub heights: Vec<f64>,
    /// The position shown (its ply).
    pub current: usize,
    /// The marked moves: the ply after each and its mark's class.
    pub marks: Vec<(usize, &'static str)>,
    /// White's and Black's figures.
    pub sides: [String; 2],
    /// The better move of the marked move shown, in words.
    pub better: Option<String>,
}

fn show(id: &str, on: bool) {
    if let Ok(el) = element::<HtmlElement>(id) {
        el.set_hidden(!on);
    }
}

/// Shows or hides "Review the game".
pub fn show_start(on: bool) {
    show("review-start", on);
}

/// The hint button (None: hidden), its label and whether it does
/// anything now; and the hint in words (None: hidden).
pub fn show_hint(button: Option<(&str, bool)>, said: Option<&str>) {
    show("hint", button.is_some());
    if let (Some((label, on)), Ok(el)) = (button, element::<HtmlButtonElement>("hint")) {
        el.set_text_content(Some(label));
        el.set_disabled(!on);
    }
    show("hint-text", said.is_some());
    if let Some(text) = said {
        set_text("hint-text", text);
    }
}

/// The progress of a running review (None: none runs): the bar and its
/// text, like "Reviewing… 12/80".
pub fn show_running(progress: Option<(usize, usize, &str)>) {
    show("review-running", progress.is_some());
    let Some((analysed, total, text)) = progress else {
        return;
    };
    if let Ok(bar) = element::<HtmlProgressElement>("review-bar") {
        bar.set_max(total.max(1) as f64);
        bar.set_value(analysed as f64);
    }
    set_text("review-count", text);
}

/// The done review (None: hidden).
pub fn show_done(shown: Option<Shown>) {
    show("review-result", shown.is_some());
    let Some(shown) = shown else {
        return;
    };
    if let Ok(graph) = element::<Element>("review-graph") {
        graph.set_inner_html(&graph_markup(&shown));
    }
    set_text("review-white", &shown.sides[0]);
    set_text("review-black", &shown.sides[1]);
    show("review-better", shown.better.is_some());
    set_text("review-better", shown.better.as_deref().unwrap_or(""));
}

/// The graph's markup: White's share as an area over the middle line, a
/// dot on each marked move, the position shown as a line, and a column
/// per position (`data-ply`) that takes the clicks.
fn graph_markup(shown: &Shown) -> String {
    let n = shown.heights.len();
    let step = WIDTH / (n.max(2) - 1) as f64;
    let x = |i: usize| i as f64 * step;
    let y = |h: f64| HEIGHT * (1.0 - h.clamp(0.0, 1.0));
    let mut area = format!("M0 {HEIGHT}");
    for (i, &h) in shown.heights.iter().enumerate() {
        area.push_str(&format!(" L{:.1} {:.1}", x(i), y(h)));
    }
    area.push_str(&format!(" L{:.1} {HEIGHT} Z", x(n.saturating_sub(1))));
    let mut svg = format!(
        "<rect class=\"graph-bg\" width=\"{WIDTH}\" height=\"{HEIGHT}\"/>\
         <path class=\"graph-area\" d=\"{area}\"/>\
         <line class=\"graph-mid\" x1=\"0\" x2=\"{WIDTH}\" y1=\"{m}\" y2=\"{m}\"/>\
         <line class=\"graph-now\" x1=\"{c:.1}\" x2=\"{c:.1}\" y1=\"0\" y2=\"{HEIGHT}\"/>",
        m = HEIGHT / 2.0,
        c = x(shown.current),
    );
    for &(ply, class) in &shown.marks {
        if let Some(&h) = shown.heights.get(ply) {
            svg.push_str(&format!(
                "<circle class=\"graph-mark {class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\"/>",
                x(ply),
                y(h)
            ));
        }
    }
    for i in 0..n {
        svg.push_str(&format!(
            "<rect class=\"graph-hit\" data-ply=\"{i}\" x=\"{:.1}\" width=\"{step:.1}\" height=\"{HEIGHT}\"/>",
            x(i) - step / 2.0
        ));
    }
    svg
}

/// The ply a click on the graph or the move list names (its own
/// `data-ply` or its nearest container's).
pub fn clicked_ply(event: &web_sys::Event) -> Option<usize> {
    use wasm_bindgen::JsCast;
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let holder = target.closest("[data-ply]").ok()??;
    holder.get_attribute("data-ply")?.parse().ok()
}
