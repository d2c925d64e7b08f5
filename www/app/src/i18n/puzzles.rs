//! The puzzles' texts: a puzzle's title, what to do and what became of a
//! move, the player's record, and why the puzzles could not be had.

use super::{words, Lang};
use crate::state::puzzle::PuzzleNews;
use warcaby::checkers::puzzles::{Puzzle, Rating, Theme};
use warcaby::Color;

/// A theme's name.
pub fn theme(lang: Lang, theme: Theme) -> &'static str {
    match theme {
        Theme::Shot => lang.pick("shot", "kombinacja"),
        Theme::Breakthrough => lang.pick("breakthrough", "przełamanie"),
        Theme::Crowning => lang.pick("crowning", "promocja"),
        Theme::CaptureChoice => lang.pick("choice of capture", "wybór bicia"),
        Theme::Ending => lang.pick("ending", "końcówka"),
        Theme::Material => lang.pick("winning a man", "zdobycie piona"),
    }
}

/// "Puzzle english-0042 · rating 1280 · shot".
pub fn title(lang: Lang, puzzle: &Puzzle) -> String {
    let themes: Vec<&str> = puzzle.themes.iter().map(|&t| theme(lang, t)).collect();
    format!(
        "{} {} · {} {} · {}",
        lang.pick("Puzzle", "Zadanie"),
        puzzle.id,
        lang.pick("rating", "ranking"),
        puzzle.rating,
        themes.join(", ")
    )
}

/// What the puzzle says now.
pub fn news(lang: Lang, solver: Color, news: &PuzzleNews) -> String {
    let side = words::side(lang, solver);
    match news {
        PuzzleNews::Find => lang.pick(
            format!("{side} to move: find the move that wins a man."),
            format!("{side} na ruchu: znajdź ruch, który wygrywa piona."),
        ),
        PuzzleNews::Right => lang.pick(
            "Right! The opponent answered: go on.".to_string(),
            "Dobrze! Przeciwnik odpowiedział: graj dalej.".to_string(),
        ),
        PuzzleNews::Wrong { expected } => lang.pick(
            format!("Wrong: {expected} wins here. Play it to go on."),
            format!("Źle: tu wygrywa {expected}. Zagraj go, aby grać dalej."),
        ),
        PuzzleNews::Solved { change } if *change > 0 => lang.pick(
            format!("Solved! Rating {change:+}."),
            format!("Rozwiązane! Ranking {change:+}."),
        ),
        PuzzleNews::Solved { change } => lang.pick(
            format!("Solved after a wrong move. Rating {change:+}."),
            format!("Rozwiązane po błędnym ruchu. Ranking {change:+}."),
        ),
        PuzzleNews::Shown { line } => lang.pick(
            format!("The solution: {line}."),
            format!("Rozwiązanie: {line}."),
        ),
    }
}

/// "Your rating 1216 · streak 3 (best 5)".
pub fn record(lang: Lang, rating: &Rating) -> String {
    lang.pick(
        format!(
            "Your rating {} · streak {} (best {})",
            rating.rating, rating.streak, rating.best_streak
        ),
        format!(
            "Twój ranking {} · seria {} (najlepsza {})",
            rating.rating, rating.streak, rating.best_streak
        ),
    )
}

/// The puzzles could not be had.
pub fn unavailable(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The puzzles could not be loaded ({why})."),
        format!("Nie udało się wczytać zadań ({why})."),
    )
}

/// A saved record that did not read was replaced.
pub fn record_reset(lang: Lang) -> &'static str {
    lang.pick(
        "Your puzzle record could not be read and starts afresh.",
        "Nie udało się odczytać Twoich wyników zadań: zaczynają się od nowa.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puzzle_texts_read_in_both_languages() {
        let rating = Rating {
            rating: 1216,
            streak: 3,
            best_streak: 5,
            ..Rating::default()
        };
        assert_eq!(
            record(Lang::En, &rating),
            "Your rating 1216 · streak 3 (best 5)"
        );
        assert_eq!(
            record(Lang::Pl, &rating),
            "Twój ranking 1216 · seria 3 (najlepsza 5)"
        );
        assert_eq!(
            news(Lang::Pl, Color::Black, &PuzzleNews::Find),
            "Czarne na ruchu: znajdź ruch, który wygrywa piona."
        );
        assert_eq!(
            news(Lang::En, Color::White, &PuzzleNews::Solved { change: 16 }),
            "Solved! Rating +16."
        );
    }
}
