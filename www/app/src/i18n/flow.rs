//! The texts of the game's flow in both languages: the New game dialog,
//! clocks, resigning, draw offers, the first game's hint and "How to
//! play". Fixed texts of the page are in [`PAGE_TEXTS`] (looked up with
//! the page's own, see [`super::page`]); composed ones are functions of
//! the language.

use super::Lang;
use crate::state::ending::Ending;
use warcaby::games::{GameKind, PieceStyle};
use warcaby::Color;

/// Key, English, Polish: the flow's fixed texts in `index.html`.
pub const PAGE_TEXTS: &[(&str, &str, &str)] = &[
    ("ng-title", "New game", "Nowa partia"),
    ("ng-game", "Game", "Gra"),
    ("ng-checkers", "Checkers", "Warcaby"),
    ("ng-rules", "Rules", "Zasady"),
    ("ng-tournament", "Tournament", "Turniejowe"),
    (
        "ng-english",
        "English / American",
        "Angielskie / amerykańskie",
    ),
    ("ng-russian", "Russian", "Rosyjskie"),
    ("ng-brazilian", "Brazilian", "Brazylijskie"),
    (
        "ng-international",
        "International draughts (10×10)",
        "Warcaby polskie (10×10)",
    ),
    ("ng-colour", "Your colour", "Twój kolor"),
    ("ng-white", "White", "Białe"),
    ("ng-black", "Black", "Czarne"),
    ("ng-random", "Random", "Losowo"),
    ("ng-opponent", "Opponent", "Przeciwnik"),
    (
        "ng-level-1",
        "Computer, level 1 (beginner)",
        "Komputer, poziom 1 (początkujący)",
    ),
    ("ng-level-2", "Computer, level 2", "Komputer, poziom 2"),
    ("ng-level-3", "Computer, level 3", "Komputer, poziom 3"),
    ("ng-level-4", "Computer, level 4", "Komputer, poziom 4"),
    ("ng-level-5", "Computer, level 5", "Komputer, poziom 5"),
    ("ng-level-6", "Computer, level 6", "Komputer, poziom 6"),
    ("ng-level-7", "Computer, level 7", "Komputer, poziom 7"),
    (
        "ng-level-8",
        "Computer, level 8 (full strength)",
        "Komputer, poziom 8 (pełna siła)",
    ),
    ("ng-alphazero", "Computer, AlphaZero", "Komputer, AlphaZero"),
    (
        "ng-human",
        "A friend at this screen",
        "Druga osoba przy tym ekranie",
    ),
    ("ng-time", "Time control", "Tempo gry"),
    ("ng-untimed", "No clock", "Bez zegara"),
    ("ng-start", "Play", "Graj"),
    ("ng-cancel", "Cancel", "Anuluj"),
    ("resign", "Resign", "Poddaj się"),
    ("offer-draw", "Offer a draw", "Zaproponuj remis"),
    ("confirm-no", "Cancel", "Anuluj"),
    ("how-to-play", "How to play", "Jak grać"),
    ("howto-close", "Close", "Zamknij"),
];

/// A side's name as the clocks and results write it: "White", "Białe".
pub fn side_name(lang: Lang, side: Color) -> &'static str {
    match side {
        Color::White => lang.pick("White", "Białe"),
        Color::Black => lang.pick("Black", "Czarne"),
    }
}

/// An ending by decision in words, like "Black wins: White lost on time"
/// or "Draw agreed".
pub fn ending_words(lang: Lang, ending: Ending) -> String {
    let Some(loser) = ending.loser() else {
        return lang.pick("Draw agreed", "Remis za zgodą").to_string();
    };
    let winner = side_name(lang, !loser);
    let loser_name = side_name(lang, loser);
    match (lang, ending) {
        (Lang::En, Ending::Resigned { .. }) => format!("{winner} wins: {loser_name} resigned"),
        (Lang::Pl, Ending::Resigned { .. }) => {
            format!(
                "Wygrywają {}: {} się poddały",
                lower(winner),
                lower(loser_name)
            )
        }
        (Lang::En, _) => format!("{winner} wins: {loser_name} lost on time"),
        (Lang::Pl, _) => format!(
            "Wygrywają {}: {} przegrały na czas",
            lower(winner),
            lower(loser_name)
        ),
    }
}

fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// A clock's accessible name: "White's clock: 4:05".
pub fn clock_label(lang: Lang, side: Color, time: &str) -> String {
    match (lang, side) {
        (Lang::En, _) => format!("{}'s clock: {time}", side_name(lang, side)),
        (Lang::Pl, Color::White) => format!("Zegar białych: {time}"),
        (Lang::Pl, Color::Black) => format!("Zegar czarnych: {time}"),
    }
}

/// The first game's hint: who the player is and what to do, until the
/// player's first move. `human` is the player's side (None: two humans);
/// `to_move` the side to move.
pub fn first_hint(lang: Lang, game: GameKind, human: Option<Color>, to_move: Color) -> String {
    let what = match game.piece_style() {
        PieceStyle::MenAndKings => lang.pick(
            "pick a piece to move",
            "wybierz pionek, którym chcesz ruszyć",
        ),
        PieceStyle::Stones => lang.pick(
            "pick one of your stones, then a neighbouring stone of the opponent",
            "wybierz swój kamień, a potem sąsiedni kamień przeciwnika",
        ),
    };
    let Some(human) = human else {
        let starts = match lang {
            Lang::En => format!("{} starts", side_name(lang, to_move)),
            Lang::Pl => format!("Zaczynają {}", lower(side_name(lang, to_move))),
        };
        return format!("{starts}: {what}.");
    };
    let you = match (lang, human) {
        (Lang::En, side) => format!("You are {}", side_name(lang, side)),
        (Lang::Pl, Color::White) => "Grasz białymi".to_string(),
        (Lang::Pl, Color::Black) => "Grasz czarnymi".to_string(),
    };
    if human == to_move {
        return format!("{you}: {what}.");
    }
    match lang {
        Lang::En => format!(
            "{you}: {} (the computer) moves first.",
            side_name(lang, to_move)
        ),
        Lang::Pl => format!(
            "{you}: zaczynają {} (komputer).",
            lower(side_name(lang, to_move))
        ),
    }
}

/// The question before a resignation: against the computer, or for the
/// side to move between two humans (`for_side`).
pub fn resign_question(lang: Lang, for_side: Option<Color>) -> String {
    match (lang, for_side) {
        (Lang::En, None) => "Resign this game?".to_string(),
        (Lang::Pl, None) => "Na pewno chcesz się poddać?".to_string(),
        (Lang::En, Some(side)) => format!("Resign for {} (to move)?", side_name(lang, side)),
        (Lang::Pl, Some(Color::White)) => "Poddać partię za białe (teraz ich ruch)?".to_string(),
        (Lang::Pl, Some(Color::Black)) => "Poddać partię za czarne (teraz ich ruch)?".to_string(),
    }
}

/// The confirming button of a resignation.
pub fn resign_yes(lang: Lang) -> &'static str {
    lang.pick("Yes, resign", "Tak, poddaję się")
}

/// The question before a draw between two humans.
pub fn draw_question(lang: Lang) -> &'static str {
    lang.pick("Agree a draw?", "Zgadzacie się na remis?")
}

/// The confirming button of a draw between two humans.
pub fn draw_yes(lang: Lang) -> &'static str {
    lang.pick("Yes, a draw", "Tak, remis")
}

/// While the AI weighs a draw offer.
pub fn draw_considered(lang: Lang) -> &'static str {
    lang.pick(
        "Draw offered: the computer is thinking it over…",
        "Zaproponowano remis: komputer się zastanawia…",
    )
}

/// The AI's answer to a draw offer, with its evaluation in words
/// (`score`, like "+0.85").
pub fn draw_answer(lang: Lang, accepted: bool, score: &str) -> String {
    match (lang, accepted) {
        (Lang::En, true) => format!("The computer accepts the draw (its evaluation: {score})."),
        (Lang::Pl, true) => format!("Komputer przyjmuje remis (jego ocena: {score})."),
        (Lang::En, false) => format!(
            "The computer declines the draw: it thinks it stands better ({score}). Play on."
        ),
        (Lang::Pl, false) => {
            format!("Komputer odrzuca remis: uważa, że stoi lepiej ({score}). Graj dalej.")
        }
    }
}

/// The computer's own evaluation in words: "+0.85" (in men, from its
/// side), or a forced win or loss.
pub fn ai_score_words(lang: Lang, score: i32) -> String {
    match score {
        s if s > 29_000 => lang.pick("a forced win", "wygrana wymuszona").to_string(),
        s if s < -29_000 => lang
            .pick("a forced loss", "przegrana wymuszona")
            .to_string(),
        s => format!("{:+.2}", f64::from(s) / 100.0),
    }
}

/// Why a draw cannot be offered now (against the computer).
pub fn draw_not_now(lang: Lang) -> &'static str {
    lang.pick(
        "Offer a draw when it is your move.",
        "Remis możesz zaproponować, gdy masz ruch.",
    )
}

/// The computer could not weigh the offer (its worker failed).
pub fn draw_unanswered(lang: Lang) -> &'static str {
    lang.pick(
        "The computer could not weigh your offer; play on.",
        "Komputer nie zdołał rozważyć propozycji; graj dalej.",
    )
}

/// Why Undo and Redo are off.
pub fn undo_off(lang: Lang, timed: bool) -> &'static str {
    if timed {
        lang.pick(
            "No taking back moves in a timed game",
            "W partii z zegarem nie można cofać ruchów",
        )
    } else {
        lang.pick(
            "The game is over: start a new game",
            "Partia skończona: zacznij nową",
        )
    }
}

/// A saved clock that could not be used.
pub fn clock_not_restored(lang: Lang) -> &'static str {
    lang.pick(
        "Your game's clock could not be restored (its saved value was damaged); the game goes on without a clock.",
        "Nie udało się odtworzyć zegara partii (zapis był uszkodzony); partia toczy się dalej bez zegara.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_and_hints_read_well_in_both_languages() {
        let time = Ending::lost_on_time(Color::White);
        assert_eq!(
            ending_words(Lang::En, time),
            "Black wins: White lost on time"
        );
        assert_eq!(
            ending_words(Lang::Pl, time),
            "Wygrywają czarne: białe przegrały na czas"
        );
        let resigned = Ending::resigned(Color::Black);
        assert_eq!(
            ending_words(Lang::Pl, resigned),
            "Wygrywają białe: czarne się poddały"
        );
        assert_eq!(ending_words(Lang::En, Ending::DrawAgreed), "Draw agreed");
        let hint = |lang, human| first_hint(lang, GameKind::Checkers, human, Color::White);
        assert_eq!(
            hint(Lang::En, Some(Color::White)),
            "You are White: pick a piece to move."
        );
        assert_eq!(
            hint(Lang::Pl, Some(Color::Black)),
            "Grasz czarnymi: zaczynają białe (komputer)."
        );
        assert_eq!(
            hint(Lang::Pl, None),
            "Zaczynają białe: wybierz pionek, którym chcesz ruszyć."
        );
        assert_eq!(
            clock_label(Lang::Pl, Color::Black, "0:07.3"),
            "Zegar czarnych: 0:07.3"
        );
    }
}
