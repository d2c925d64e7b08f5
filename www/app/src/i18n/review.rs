//! The game review's texts: its progress, each side's figures, the better
//! move of a marked move, the marks' names and why a review stopped; and
//! the hints'.

use super::{words, Lang};
use crate::state::hint::HintStep;
use warcaby::games::review::{Mark, SideSummary};
use warcaby::Color;

/// "Reviewing… 12/80".
pub fn progress(lang: Lang, analysed: usize, total: usize) -> String {
    format!(
        "{} {analysed}/{total}",
        lang.pick("Reviewing…", "Analiza partii…")
    )
}

/// A mark's name: "blunder", "błąd".
pub fn mark_name(lang: Lang, mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => lang.pick("inaccuracy", "niedokładność"),
        Mark::Mistake => lang.pick("mistake", "pomyłka"),
        Mark::Blunder => lang.pick("blunder", "błąd"),
    }
}

/// A count of marks: "2 blunders", "2 błędy".
fn count(lang: Lang, n: usize, mark: Mark) -> String {
    let n64 = n as u64;
    let word = match (lang, mark) {
        (Lang::En, Mark::Inaccuracy) => lang.plural(n64, "inaccuracy", "", "inaccuracies"),
        (Lang::En, Mark::Mistake) => lang.plural(n64, "mistake", "", "mistakes"),
        (Lang::En, Mark::Blunder) => lang.plural(n64, "blunder", "", "blunders"),
        (Lang::Pl, Mark::Inaccuracy) => {
            lang.plural(n64, "niedokładność", "niedokładności", "niedokładności")
        }
        (Lang::Pl, Mark::Mistake) => lang.plural(n64, "pomyłka", "pomyłki", "pomyłek"),
        (Lang::Pl, Mark::Blunder) => lang.plural(n64, "błąd", "błędy", "błędów"),
    };
    format!("{n} {word}")
}

/// One side's figures: "White: accuracy 87%, 1 inaccuracy, 0 mistakes,
/// 1 blunder, 2 hints".
pub fn summary(lang: Lang, side: Color, figures: &SideSummary, hints: u32) -> String {
    let accuracy = match figures.accuracy {
        Some(a) => format!("{} {a:.0}%", lang.pick("accuracy", "dokładność")),
        None => lang.pick("accuracy –", "dokładność –").to_string(),
    };
    let mut text = format!(
        "{}: {accuracy}, {}, {}, {}",
        words::side(lang, side),
        count(lang, figures.inaccuracies, Mark::Inaccuracy),
        count(lang, figures.mistakes, Mark::Mistake),
        count(lang, figures.blunders, Mark::Blunder),
    );
    if hints > 0 {
        let word = lang.plural(
            hints.into(),
            lang.pick("hint", "podpowiedź"),
            "podpowiedzi",
            lang.pick("hints", "podpowiedzi"),
        );
        text.push_str(&format!(", {hints} {word}"));
    }
    text
}

/// "12-16 is a blunder; better 7-11 (7-11 26-22 3-7)".
pub fn better(lang: Lang, played: &str, mark: Mark, best: &str, line: &[String]) -> String {
    let name = mark_name(lang, mark);
    let line = if line.is_empty() {
        String::new()
    } else {
        format!(" ({})", line.join(" "))
    };
    lang.pick(
        format!("{played} is a {name}; better {best}{line}"),
        format!("{played} to {name}; lepiej {best}{line}"),
    )
}

/// The review stopped (the worker failed, or its engine refused).
pub fn stopped(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The review stopped ({why}). Press “Review the game” to try again."),
        format!("Analiza partii została przerwana ({why}). Naciśnij „Analizuj partię”, aby spróbować ponownie."),
    )
}

/// The review is done (for screen readers).
pub fn done(lang: Lang) -> &'static str {
    lang.pick(
        "The review is done: marks in the move list, the graph below it.",
        "Analiza partii gotowa: oznaczenia na liście ruchów, wykres pod nią.",
    )
}

/// The hint button's label for what it does next.
pub fn hint_button(lang: Lang, step: HintStep) -> &'static str {
    match step {
        HintStep::ShowMove => lang.pick("Show the move", "Pokaż ruch"),
        HintStep::Ask | HintStep::Nothing => lang.pick("Hint", "Podpowiedź"),
    }
}

/// The hint while the engine thinks.
pub fn hint_thinking(lang: Lang) -> &'static str {
    lang.pick("Hint: thinking…", "Podpowiedź: myślę…")
}

/// The hint's first step: "Hint: move the piece on 11".
pub fn hint_piece(lang: Lang, spot: &str) -> String {
    lang.pick(
        format!("Hint: move the piece on {spot}"),
        format!("Podpowiedź: ruch z pola {spot}"),
    )
}

/// The hint's second step: "Hint: 11-15".
pub fn hint_move(lang: Lang, text: &str) -> String {
    format!("{}: {text}", lang.pick("Hint", "Podpowiedź"))
}

/// The engine gave no move to hint.
pub fn no_hint(lang: Lang) -> &'static str {
    lang.pick(
        "No hint: the engine found no move here.",
        "Brak podpowiedzi: silnik nie znalazł tu ruchu.",
    )
}

/// The hint's search failed.
pub fn hint_failed(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("No hint: {why}"),
        format!("Brak podpowiedzi: {why}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_read_in_both_languages() {
        let figures = SideSummary {
            accuracy: Some(86.6),
            inaccuracies: 1,
            mistakes: 0,
            blunders: 2,
        };
        assert_eq!(
            summary(Lang::En, Color::Black, &figures, 0),
            "Black: accuracy 87%, 1 inaccuracy, 0 mistakes, 2 blunders"
        );
        assert_eq!(
            summary(Lang::Pl, Color::White, &figures, 2),
            "Białe: dokładność 87%, 1 niedokładność, 0 pomyłek, 2 błędy, 2 podpowiedzi"
        );
        assert_eq!(progress(Lang::En, 12, 80), "Reviewing… 12/80");
        let line = ["7-11".to_string(), "26-22".into()];
        assert_eq!(
            better(Lang::En, "12-16", Mark::Blunder, "7-11", &line),
            "12-16 is a blunder; better 7-11 (7-11 26-22)"
        );
    }

    #[test]
    fn the_hints_read_in_both_languages() {
        assert_eq!(hint_piece(Lang::En, "11"), "Hint: move the piece on 11");
        assert_eq!(hint_piece(Lang::Pl, "11"), "Podpowiedź: ruch z pola 11");
        assert_eq!(hint_move(Lang::Pl, "11-15"), "Podpowiedź: 11-15");
        assert_eq!(hint_button(Lang::En, HintStep::ShowMove), "Show the move");
        assert_eq!(hint_button(Lang::Pl, HintStep::Ask), "Podpowiedź");
    }
}
