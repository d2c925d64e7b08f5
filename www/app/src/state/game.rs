//! What the page asks of a game beyond [`PlayedGame`]'s own methods: texts
//! for the panels and a move in words. Everything is read from the engine;
//! nothing here is a rule, and nothing asks which game it is.

use crate::i18n::{words, Lang};
use warcaby::games::{PlayedGame, SpotMove};
use warcaby::Color;

/// The only legal move's full text, when there is exactly one.
pub fn only_move_text(game: &dyn PlayedGame) -> Option<String> {
    match game.legal_moves().as_slice() {
        [only] => Some(only.text().to_string()),
        _ => None,
    }
}

/// A typed move as an example for the move box, in the notation of the
/// game's rules ("11-15 or 11x18x25"; one example where both are alike).
pub fn move_example(game: &dyn PlayedGame, lang: Lang) -> String {
    match game.move_examples() {
        (plain, capture) if plain == capture => plain.to_string(),
        (plain, capture) => lang.pick(
            format!("{plain} or {capture}"),
            format!("{plain} lub {capture}"),
        ),
    }
}

/// How the game ended, like "White wins: Black has no legal move (1-0)"
/// (checkers adds the result).
pub fn outcome_text(game: &dyn PlayedGame, lang: Lang) -> Option<String> {
    outcome_parts(game, lang).map(|(words, score)| match score {
        Some(score) => format!("{words} ({score})"),
        None => words,
    })
}

/// How the game ended, in words and (where the game scores it) the score
/// apart, so the page can keep the score on one line: ("White wins: Black
/// has no move", Some("1-0")).
pub fn outcome_parts(game: &dyn PlayedGame, lang: Lang) -> Option<(String, Option<&'static str>)> {
    game.outcome()
        .map(|outcome| (words::outcome(lang, &outcome), outcome.score()))
}

/// What `mv` does, in words, before it is played in `game`: "White plays
/// 22-18, capturing 1 piece, and is crowned" or "Black plays b2-a2,
/// taking the stone on a2".
pub fn describe_move(game: &dyn PlayedGame, mv: &SpotMove, lang: Lang) -> String {
    let side = words::side(lang, game.side_to_move());
    let text = mv.text();
    let mut said = lang.pick(format!("{side} plays {text}"), format!("{side}: {text}"));
    said.push_str(&words::what_a_move_does(lang, game, mv));
    said
}

/// The best line's moves read in the position after `ply` moves: each
/// move's text and spots (the start, then each landing); stops at the
/// first text that is not a move there.
pub fn line_spots(game: &dyn PlayedGame, ply: usize, texts: &[String]) -> Vec<(String, Vec<u8>)> {
    game.line_at(ply, texts)
        .into_iter()
        .map(|mv| (mv.text().to_string(), mv.spots()))
        .collect()
}

/// A score of the side to move `side` seen from White's side.
pub fn for_white(score: i32, side: Color) -> i32 {
    match side {
        Color::White => score,
        Color::Black => -score,
    }
}

/// "white" → "White".
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::{ClobberGame, Shape};
    use warcaby::games::AnyGame;
    use warcaby::{Game, Variant};

    fn english(moves: &[&str]) -> AnyGame {
        let mut game = AnyGame::Checkers(Game::new(Variant::English));
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }

    #[test]
    fn moves_and_outcomes_in_words() {
        let game = english(&["11-15", "22-18"]);
        let game = game.played();
        let capture = game.parse_move("15x22").unwrap();
        assert_eq!(
            describe_move(game, &capture, Lang::En),
            "Black plays 15x22, capturing 1 piece"
        );
        assert_eq!(
            describe_move(game, &capture, Lang::Pl),
            "Czarne: 15x22, bijąc 1 bierkę"
        );
        assert_eq!(only_move_text(game).as_deref(), Some("15x22"));
        let mut clobber = AnyGame::Clobber(ClobberGame::new(Shape::new(2, 2).unwrap()));
        let mv = clobber.played().parse_move("a1-a2").unwrap();
        assert_eq!(
            describe_move(clobber.played(), &mv, Lang::En),
            "Black plays a1-a2, taking the stone on a2"
        );
        assert_eq!(outcome_text(clobber.played(), Lang::En), None);
        let over = clobber.played_mut();
        over.play(&mv).unwrap();
        over.play_text("b1-b2").unwrap();
        over.play_text("a2-b2").unwrap();
        assert_eq!(
            outcome_text(over, Lang::En).as_deref(),
            Some("Black wins: White has no legal move")
        );
        assert_eq!(over.rules_name(), "clobber");
        assert_eq!(move_example(over, Lang::En), "b3-b4");
        let english = AnyGame::Checkers(Game::new(Variant::English));
        assert_eq!(
            move_example(english.played(), Lang::En),
            "11-15 or 11x18x25"
        );
        let russian = AnyGame::Checkers(Game::new(Variant::Russian));
        let example = move_example(russian.played(), Lang::Pl);
        assert!(example.starts_with("c3-d4 lub"), "{example}");
        assert!(russian.parse_move("c3-d4").is_ok(), "a move of the start");
    }

    #[test]
    fn scores_are_told_from_whites_side() {
        let score = |s| words::score(Lang::En, s);
        assert_eq!(score(for_white(-250, Color::Black)), "+2.50 for White");
        assert_eq!(score(for_white(-35, Color::White)), "-0.35 for White");
        assert_eq!(score(for_white(29_993, Color::Black)), "Black wins in 7");
        assert_eq!(score(29_995), "White wins in 5");
    }

    #[test]
    fn a_best_line_stops_at_the_first_move_that_does_not_fit() {
        let game = english(&["11-15"]);
        let texts = ["23-19".to_string(), "8-11".into(), "1-99".into()];
        let line = line_spots(game.played(), 1, &texts);
        assert_eq!(line.len(), 2);
        assert_eq!(line[0].0, "23-19");
        assert_eq!(line[0].1.len(), 2);
    }
}
