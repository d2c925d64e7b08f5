//! The game review's texts: its progress, each side's figures, the better
//! move of a marked move, the marks' names and why a review stopped.

use super::{words, Lang};
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
        "Analiza partii została przerwana. Naciśnij „Analizuj partię”, aby spróbować ponownie."
            .to_string(),
    )
}

/// The review is done (for screen readers).
pub fn done(lang: Lang) -> &'static str {
    lang.pick(
        "The review is done: marks in the move list, the graph below it.",
        "Analiza partii gotowa: oznaczenia na liście ruchów, wykres pod nią.",
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
}
