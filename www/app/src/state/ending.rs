//! Endings the board does not decide: a resignation, a draw agreed, a flag
//! fallen. The engine's game knows only the rules' results (no move, the
//! draw rules), so the page keeps these beside the game, saves them with
//! its clock, and writes them in the PDN's result.
//! Also the AI's answer to a draw offer.

use super::clock::Clock;
use super::{game, State};
use crate::i18n::flow;
use serde::{Deserialize, Serialize};
use warcaby::games::AnyGame;
use warcaby::Color;

/// The localStorage key of the saved clock and ending (apart from the
/// game's, so a broken clock never costs the game itself).
pub const KEY: &str = "warcaby.flow.v1";

/// The AI accepts a draw when its own evaluation is at most this, in
/// hundredths of a man: equal within 0.3 men, or worse for it.
pub const DRAW_MARGIN: i32 = 30;

/// A game's end by decision rather than by the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// This side resigned.
    Resigned {
        /// The side that resigned (White: true).
        white: bool,
    },
    /// Both sides agreed a draw.
    DrawAgreed,
    /// This side's time ran out.
    LostOnTime {
        /// The side whose flag fell (White: true).
        white: bool,
    },
}

/// A side as the saved form writes it.
fn is_white(side: Color) -> bool {
    side == Color::White
}

fn side(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

impl Ending {
    /// `side` resigned.
    pub fn resigned(by: Color) -> Ending {
        Ending::Resigned {
            white: is_white(by),
        }
    }

    /// `side`'s flag fell.
    pub fn lost_on_time(by: Color) -> Ending {
        Ending::LostOnTime {
            white: is_white(by),
        }
    }

    /// The side that lost (None: a draw).
    pub fn loser(self) -> Option<Color> {
        match self {
            Ending::Resigned { white } | Ending::LostOnTime { white } => Some(side(white)),
            Ending::DrawAgreed => None,
        }
    }

    /// The result as PDN writes it from White's side: `1-0`, `0-1` or
    /// `1/2-1/2` (the PDN writer turns it to the variant's convention).
    pub fn result_text(self) -> &'static str {
        match self.loser() {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl State {
    /// How the game ended, in words and (checkers only) the score apart:
    /// a decided ending, else the board's (see [`game::outcome_parts`]).
    pub fn outcome_parts(&self) -> Option<(String, Option<&'static str>)> {
        let Some(ending) = self.ending else {
            return game::outcome_parts(self.game.played(), self.settings.lang);
        };
        let words = flow::ending_words(self.settings.lang, ending);
        let has_draws = self.game.played().rules().has_draws();
        let score = has_draws.then(|| ending.result_text());
        Some((words, score))
    }

    /// How the game ended in one line, like "Draw agreed (1/2-1/2)".
    pub fn outcome_text(&self) -> Option<String> {
        self.outcome_parts().map(|(words, score)| match score {
            Some(score) => format!("{words} ({score})"),
            None => words,
        })
    }
}

/// The AI's answer to a draw offer, by its evaluation (`ai_score`, its own
/// side's, in hundredths of a man): it accepts when it does not stand
/// better than [`DRAW_MARGIN`].
pub fn ai_accepts_draw(ai_score: i32) -> bool {
    ai_score <= DRAW_MARGIN
}

/// The clock and ending saved for the game of `ply` moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedFlow {
    /// The game's length when saved: a flow saved for another game (or a
    /// different length) is not this game's.
    pub ply: usize,
    /// The clocks (None: untimed).
    pub clock: Option<Clock>,
    /// The ending decided (None: by the board, or still playing).
    pub ending: Option<Ending>,
}

/// Serialises the clock and ending of `game`.
pub fn encode(game: &AnyGame, clock: Option<Clock>, ending: Option<Ending>) -> String {
    let flow = SavedFlow {
        ply: game.ply_count(),
        clock,
        ending,
    };
    crate::json::to_text(&flow).unwrap_or_default()
}

/// Reads what [`encode`] wrote for `game` at `now` (ms since the epoch);
/// any problem is an error to show.
pub fn decode(text: &str, game: &AnyGame, now: f64) -> Result<SavedFlow, String> {
    let flow: SavedFlow =
        crate::json::from_text(text).map_err(|e| format!("unreadable clock ({e})"))?;
    if flow.ply != game.ply_count() {
        return Err("the clock was saved with another game".to_string());
    }
    let over = flow.ending.is_some() || game.outcome().is_some();
    if let Some(clock) = &flow.clock {
        clock.validate((!over).then(|| game.side_to_move()), now)?;
    }
    Ok(flow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::clock::TimeControl;
    use warcaby::{Game, Variant};

    fn game(moves: &[&str]) -> AnyGame {
        let mut game = AnyGame::Checkers(Game::new(Variant::Tournament));
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }

    #[test]
    fn endings_give_their_results() {
        assert_eq!(Ending::resigned(Color::White).result_text(), "0-1");
        assert_eq!(Ending::lost_on_time(Color::Black).result_text(), "1-0");
        assert_eq!(Ending::DrawAgreed.result_text(), "1/2-1/2");
        assert!(ai_accepts_draw(-200) && ai_accepts_draw(30) && !ai_accepts_draw(31));
    }

    #[test]
    fn a_saved_clock_comes_back_with_its_game_only() {
        let played = game(&["22-18"]);
        let mut clock = TimeControl::Blitz3.clock().unwrap();
        clock.moved(Color::White, 5_000.0);
        let text = encode(&played, Some(clock), None);
        let flow = decode(&text, &played, 6_000.0).unwrap();
        assert_eq!((flow.clock, flow.ending), (Some(clock), None));
        assert!(decode(&text, &game(&[]), 6_000.0).is_err(), "another game");
        let resigned = encode(&played, Some(clock), Some(Ending::resigned(Color::Black)));
        assert!(
            decode(&resigned, &played, 6_000.0).is_err(),
            "a clock that runs after the end"
        );
        let broken = text.replace("\"white\":false", "\"white\":7");
        assert!(decode(&broken, &played, 6_000.0).is_err());
        assert!(decode("{", &played, 0.0).is_err());
    }
}
