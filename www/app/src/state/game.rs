//! What the page asks of a game beyond [`AnyGame`]'s own methods: the
//! positions of the move list, texts for the panels, a move in words.
//! Everything is read from the engine; nothing here is a rule.

use crate::i18n::{words, Lang};
use warcaby::clobber::ClobberPosition;
use warcaby::games::{AnyGame, AnyMove, AnyOutcome, GameRecord};
use warcaby::{Color, Game, Position, SquareNotation};

/// The checkers position after `ply` moves (clamped to the game).
pub fn checkers_at(game: &Game, ply: usize) -> Position {
    game.positions_and_moves()
        .nth(ply)
        .map_or(*game.position(), |(pos, _)| *pos)
}

/// The text of the position after `ply` moves: a FEN, or Clobber position
/// text.
pub fn position_text(game: &AnyGame, ply: usize) -> String {
    match game {
        AnyGame::Checkers(g) => checkers_at(g, ply).to_fen(),
        AnyGame::Clobber(g) => g.position_at(ply).to_text(),
    }
}

/// The side to move after `ply` moves.
pub fn side_at(game: &AnyGame, ply: usize) -> Color {
    match game {
        AnyGame::Checkers(g) => checkers_at(g, ply).side_to_move(),
        AnyGame::Clobber(g) => g.position_at(ply).side_to_move(),
    }
}

/// The game up to `ply` moves, as the engine rebuilds it.
pub fn record_at(game: &AnyGame, ply: usize) -> GameRecord {
    let mut record = game.record();
    match &mut record {
        GameRecord::Checkers { moves, .. } | GameRecord::Clobber { moves, .. } => {
            moves.truncate(ply)
        }
    }
    record
}

/// The moves' short texts, for the move list.
pub fn move_list(game: &AnyGame) -> Vec<String> {
    match game {
        AnyGame::Checkers(g) => g
            .positions_and_moves()
            .map(|(p, m)| p.move_text(m))
            .collect(),
        AnyGame::Clobber(g) => g.move_texts(),
    }
}

/// True when the side that moves first in this game did not start (the
/// move list then opens with a gap).
pub fn starts_second(game: &AnyGame) -> bool {
    match game {
        AnyGame::Checkers(g) => g.start().side_to_move() != g.variant().rules().first_to_move,
        AnyGame::Clobber(g) => {
            let first = ClobberPosition::start(g.start().shape()).side_to_move();
            g.start().side_to_move() != first
        }
    }
}

/// The only legal move's full text, when there is exactly one.
pub fn only_move_text(game: &AnyGame) -> Option<String> {
    match game.legal_moves().as_slice() {
        [only] => Some(game.full_move_text(only)),
        _ => None,
    }
}

/// A typed move as an example for the move box, in the notation of the
/// game's rules (numbers, or algebraic squares for Russian).
pub fn move_example(game: &AnyGame, lang: Lang) -> &'static str {
    match game {
        AnyGame::Checkers(g) => match g.variant().rules().notation {
            SquareNotation::Numeric => lang.pick("11-15 or 11x18x25", "11-15 lub 11x18x25"),
            SquareNotation::Algebraic => lang.pick("c3-d4 or c3:e5:g7", "c3-d4 lub c3:e5:g7"),
        },
        AnyGame::Clobber(_) => "b3-b4",
    }
}

/// The rules' name for the rules panel: a variant, or `clobber`.
pub fn rules_name(game: &AnyGame) -> String {
    match game {
        AnyGame::Checkers(g) => g.variant().to_string(),
        AnyGame::Clobber(_) => game.kind().to_string(),
    }
}

/// How the game ended, like "White wins: Black has no legal move (1-0)"
/// (checkers adds the result).
pub fn outcome_text(game: &AnyGame, lang: Lang) -> Option<String> {
    outcome_parts(game, lang).map(|(words, score)| match score {
        Some(score) => format!("{words} ({score})"),
        None => words,
    })
}

/// How the game ended, in words and (checkers only) the score apart, so
/// the page can keep the score on one line: ("White wins: Black has no
/// move", Some("1-0")).
pub fn outcome_parts(game: &AnyGame, lang: Lang) -> Option<(String, Option<&'static str>)> {
    game.outcome().map(|outcome| {
        let score = match outcome {
            AnyOutcome::Checkers(o) => Some(o.result_text()),
            AnyOutcome::Clobber(_) => None,
        };
        (words::outcome(lang, &outcome), score)
    })
}

/// What `mv` does, in words, before it is played in `game`: "White plays
/// 22-18, capturing 1 piece, and is crowned" or "Black plays b2-a2,
/// taking the stone on a2".
pub fn describe_move(game: &AnyGame, mv: &AnyMove, lang: Lang) -> String {
    let side = words::side(lang, game.side_to_move());
    let text = game.move_text(mv);
    let mut said = lang.pick(format!("{side} plays {text}"), format!("{side}: {text}"));
    match (game, mv) {
        (AnyGame::Clobber(g), AnyMove::Clobber(m)) => {
            let cell = g.position().shape().name(m.to as usize);
            said.push_str(&lang.pick(
                format!(", taking the stone on {cell}"),
                format!(", zbijając kamień na {cell}"),
            ));
        }
        (_, AnyMove::Checkers(m)) => {
            if m.capture_count() > 0 {
                let n = words::pieces(lang, m.capture_count());
                said.push_str(&lang.pick(format!(", capturing {n}"), format!(", bijąc {n}")));
            }
            if m.promotes() {
                said.push_str(lang.pick(", and is crowned", " i zdobywając damkę"));
            }
        }
        _ => {}
    }
    said
}

/// The best line's moves read in the position after `ply` moves: each
/// move's text and spots (the start, then each landing); stops at the
/// first text that is not a move there.
pub fn line_spots(game: &AnyGame, ply: usize, texts: &[String]) -> Vec<(String, Vec<u8>)> {
    let mut line = Vec::new();
    match game {
        AnyGame::Checkers(g) => {
            let mut pos = checkers_at(g, ply);
            for text in texts {
                let Ok(mv) = pos.parse_move(text) else { break };
                let spots = std::iter::once(mv.from()).chain(mv.path().iter().copied());
                line.push((text.clone(), spots.map(|sq| sq.index() as u8).collect()));
                pos.play(&mv);
            }
        }
        AnyGame::Clobber(g) => {
            let mut pos = *g.position_at(ply);
            for text in texts {
                let Ok(mv) = pos.parse_move(text) else { break };
                line.push((text.clone(), vec![mv.from, mv.to]));
                pos = pos.after(&mv);
            }
        }
    }
    line
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
    use warcaby::Variant;

    fn english(moves: &[&str]) -> AnyGame {
        let mut game = AnyGame::Checkers(Game::new(Variant::English));
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }

    #[test]
    fn positions_texts_and_records_follow_the_ply() {
        let game = english(&["11-15", "23-19"]);
        assert!(position_text(&game, 0).starts_with("B:W21,22,"));
        assert_eq!(position_text(&game, 9), position_text(&game, 2));
        assert_eq!(side_at(&game, 1), Color::White);
        assert_eq!(move_list(&game), ["11-15", "23-19"]);
        assert!(!starts_second(&game));
        let white_first = ClobberPosition::parse("WB/BW:W").unwrap();
        let clobber = AnyGame::Clobber(warcaby::clobber::ClobberGame::from_position(white_first));
        assert!(starts_second(&clobber), "Black moves first in Clobber");
        let GameRecord::Checkers { moves, .. } = record_at(&game, 1) else {
            panic!("a checkers record");
        };
        assert_eq!(moves, ["11-15"]);
    }

    #[test]
    fn moves_and_outcomes_in_words() {
        let game = english(&["11-15", "22-18"]);
        let capture = game.parse_move("15x22").unwrap();
        assert_eq!(
            describe_move(&game, &capture, Lang::En),
            "Black plays 15x22, capturing 1 piece"
        );
        assert_eq!(
            describe_move(&game, &capture, Lang::Pl),
            "Czarne: 15x22, bijąc 1 bierkę"
        );
        assert_eq!(only_move_text(&game).as_deref(), Some("15x22"));
        let clobber = AnyGame::Clobber(ClobberGame::new(Shape::new(2, 2).unwrap()));
        let mv = clobber.parse_move("a1-a2").unwrap();
        assert_eq!(
            describe_move(&clobber, &mv, Lang::En),
            "Black plays a1-a2, taking the stone on a2"
        );
        assert_eq!(outcome_text(&clobber, Lang::En), None);
        let mut over = clobber.clone();
        over.play(&mv).unwrap();
        over.play_text("b1-b2").unwrap();
        over.play_text("a2-b2").unwrap();
        assert_eq!(
            outcome_text(&over, Lang::En).as_deref(),
            Some("Black wins: White has no legal move")
        );
        assert_eq!(rules_name(&over), "clobber");
        assert_eq!(move_example(&over, Lang::En), "b3-b4");
        let russian = AnyGame::Checkers(Game::new(Variant::Russian));
        let example = move_example(&russian, Lang::Pl);
        assert!(example.starts_with("c3-d4"), "{example}");
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
        let line = line_spots(&game, 1, &texts);
        assert_eq!(line.len(), 2);
        assert_eq!(line[0].0, "23-19");
        assert_eq!(line[0].1.len(), 2);
    }
}
