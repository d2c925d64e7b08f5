//! A puzzle on the board: the run (the library's [`PuzzleRun`] judges each
//! move, so the page and `warcaby puzzles play` agree), what the page says
//! of it, the hint's piece, and the player's local record (rating, streak,
//! puzzles seen) as saved in the browser.

use super::game::line_spots;
use super::State;
use serde::{Deserialize, Serialize};
use warcaby::checkers::puzzles::{PuzzleRun, Rating, Verdict};
use warcaby::games::AnyGame;

/// The browser's storage key of the player's puzzle record.
pub const RECORD_KEY: &str = "warcaby.puzzles.v1";

/// The player's record: rating and streak, and the puzzles seen.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// Rating and streak.
    pub rating: Rating,
    /// Ids of the puzzles seen.
    pub seen: Vec<String>,
}

impl PuzzleRecord {
    /// Reads a saved record; a broken one is an error (the caller starts
    /// afresh and says so).
    pub fn decode(text: &str) -> Result<PuzzleRecord, String> {
        crate::json::from_text(text)
    }

    /// The record as saved.
    pub fn encode(&self) -> String {
        crate::json::to_text(self).unwrap_or_default()
    }

    /// Counts a puzzle's result once; returns the rating's change.
    pub fn count(&mut self, id: &str, puzzle_rating: u32, solved: bool) -> i32 {
        if !self.seen.iter().any(|s| s == id) {
            self.seen.push(id.to_string());
        }
        self.rating.record(puzzle_rating, solved)
    }
}

/// What the page says of the puzzle now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleNews {
    /// Find the winning move.
    Find,
    /// The move was right; the defence answered: find the next.
    Right,
    /// The move was wrong; `expected` (its text) wins.
    Wrong {
        /// The line's move.
        expected: String,
    },
    /// Solved; the rating moved by `change` (counted once).
    Solved {
        /// The rating's change.
        change: i32,
    },
    /// The solution was shown: its moves.
    Shown {
        /// The rest of the line, as text.
        line: String,
    },
}

/// The puzzle being solved.
#[derive(Clone, Debug)]
pub struct Solving {
    /// The library's run.
    pub run: PuzzleRun,
    /// What the page says of it.
    pub news: PuzzleNews,
    /// The piece a hint lit, for the position it was asked in.
    pub hint: Option<(usize, u8)>,
    /// The rating's change once the result is counted (a wrong move or the
    /// solution shown counts it as failed at once).
    pub counted: Option<i32>,
}

impl Solving {
    /// A run starting.
    pub fn new(run: PuzzleRun) -> Solving {
        Solving {
            run,
            news: PuzzleNews::Find,
            hint: None,
            counted: None,
        }
    }

    /// The board's game: the run's.
    pub fn game(&self) -> AnyGame {
        AnyGame::Checkers(self.run.game().clone())
    }

    /// The text of the line's next move where it stands.
    pub fn expected_text(&self) -> Option<String> {
        let mv = self.run.expected()?;
        Some(self.run.game().position().move_text(mv))
    }

    /// Judges the player's move `text`; the news says what became of it.
    /// None when the text is not a move here (nothing changes).
    pub fn try_text(&mut self, text: &str) -> Option<Verdict> {
        let expected = self.expected_text();
        let verdict = self.run.try_text(text).ok()??;
        self.news = match verdict {
            Verdict::Right { .. } => PuzzleNews::Right,
            Verdict::Solved => PuzzleNews::Solved { change: 0 },
            Verdict::Wrong { .. } => PuzzleNews::Wrong {
                expected: expected.unwrap_or_default(),
            },
        };
        Some(verdict)
    }
}

impl State {
    /// The puzzle hint's piece, in the position it was asked in.
    pub fn puzzle_hint(&self) -> Option<u8> {
        let solving = self.puzzle.as_ref()?;
        let (ply, spot) = solving.hint?;
        (ply == self.game.ply_count() && self.view.is_none()).then_some(spot)
    }

    /// Lights the piece of the puzzle's next move (a hint, counted by the
    /// run).
    pub fn light_puzzle_hint(&mut self) -> bool {
        let ply = self.game.ply_count();
        let Some(solving) = self.puzzle.as_mut() else {
            return false;
        };
        let Some(text) = solving.expected_text() else {
            return false;
        };
        solving.run.hint();
        let spots = line_spots(self.game.played(), ply, &[text]);
        let Some(&spot) = spots.first().and_then(|(_, s)| s.first()) else {
            return false;
        };
        if let Some(solving) = self.puzzle.as_mut() {
            solving.hint = Some((ply, spot));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::settings::Settings;
    use warcaby::checkers::puzzles::{Puzzle, Theme};
    use warcaby::Variant;

    fn shot() -> Puzzle {
        Puzzle {
            id: "english-0001".into(),
            variant: Variant::English,
            fen: "B:W15,22,23,24,27,29,32:B1,4,6,8,14,20".into(),
            line: vec![
                "14-17".into(),
                "22x13".into(),
                "6-9".into(),
                "13x6".into(),
                "1x10x19x26".into(),
            ],
            themes: vec![Theme::Shot],
            rating: 1280,
            source: "test".into(),
        }
    }

    #[test]
    fn a_puzzle_on_the_board_judges_moves_and_lights_its_hint() {
        let solving = Solving::new(PuzzleRun::new(&shot()).unwrap());
        let mut state = State::new(Settings::default(), solving.game());
        state.puzzle = Some(solving);
        assert!(state.light_puzzle_hint());
        let spot = state.puzzle_hint().expect("lit");
        assert_eq!(state.game.played().spot_name(spot), "14");
        let solving = state.puzzle.as_mut().unwrap();
        assert_eq!(
            solving.try_text("6-9"),
            Some(Verdict::Wrong {
                expected: solving.run.expected().copied().unwrap()
            })
        );
        assert_eq!(
            solving.news,
            PuzzleNews::Wrong {
                expected: "14-17".into()
            }
        );
        assert_eq!(solving.try_text("nonsense"), None);
        assert!(matches!(
            solving.try_text("14-17"),
            Some(Verdict::Right { .. })
        ));
        assert_eq!(solving.news, PuzzleNews::Right);
        assert_eq!(solving.run.hints(), 1);
    }

    #[test]
    fn the_record_counts_each_puzzle_once_in_seen_and_survives_a_round_trip() {
        let mut record = PuzzleRecord::default();
        let up = record.count("a", 1200, true);
        assert_eq!(up, 16);
        record.count("a", 1200, false);
        assert_eq!(record.seen, ["a"]);
        assert_eq!(PuzzleRecord::decode(&record.encode()), Ok(record));
        assert!(PuzzleRecord::decode("{ broken").is_err());
    }
}
