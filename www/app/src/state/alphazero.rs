//! The AlphaZero bot in the page's state: the lab's engine choice (a search
//! algorithm or AlphaZero), where the bot may play (the engine says: English
//! checkers only), and the rows the Engine panel shows while it thinks
//! (the worker's report of its top moves: visits %, prior, value).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use warcaby::core::named::UnknownName;
use warcaby::games::Report;
use warcaby::search::Algorithm;

/// The name of the AlphaZero choice in the page's lists and saved settings.
pub const ALPHAZERO: &str = "alphazero";

/// How many of the AlphaZero search's moves the Engine panel lists.
pub const TOP_MOVES: usize = 5;

/// A lab side's engine: one of the search algorithms, or the AlphaZero bot.
/// Saved and listed by name (the algorithm's own, or `alphazero`), so
/// settings saved before AlphaZero existed still read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum LabEngine {
    /// Alpha-beta family search with the lab's depth and heuristic.
    Search(Algorithm),
    /// The AlphaZero network with Monte Carlo tree search.
    AlphaZero,
}

impl Default for LabEngine {
    fn default() -> Self {
        LabEngine::Search(Algorithm::default())
    }
}

impl fmt::Display for LabEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabEngine::Search(algorithm) => algorithm.fmt(f),
            LabEngine::AlphaZero => f.write_str(ALPHAZERO),
        }
    }
}

impl FromStr for LabEngine {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<LabEngine, UnknownName> {
        if text == ALPHAZERO {
            return Ok(LabEngine::AlphaZero);
        }
        text.parse().map(LabEngine::Search)
    }
}

impl TryFrom<String> for LabEngine {
    type Error = UnknownName;
    fn try_from(text: String) -> Result<LabEngine, UnknownName> {
        text.parse()
    }
}

impl From<LabEngine> for String {
    fn from(engine: LabEngine) -> String {
        engine.to_string()
    }
}

/// One row of the AlphaZero search's top moves, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move.
    pub mv: String,
    /// Share of the simulations through it, like "62.5 %".
    pub visits: String,
    /// The network's prior, like "0.412".
    pub prior: String,
    /// Its mean value for the side to move, like "+0.12".
    pub value: String,
}

/// The top moves of an AlphaZero report (none for other engines' reports).
pub fn move_rows(report: &Report) -> Vec<MoveRow> {
    let total: u32 = report.root_moves.iter().map(|m| m.visits).sum();
    report
        .root_moves
        .iter()
        .take(TOP_MOVES)
        .map(|m| MoveRow {
            mv: m.mv.clone(),
            visits: format!("{:.1} %", 100.0 * m.visits as f64 / total.max(1) as f64),
            prior: format!("{:.3}", m.prior),
            value: if m.visits == 0 {
                "–".to_string()
            } else {
                format!("{:+.2}", m.value)
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::saved::{decode, encode};
    use crate::state::settings::{Mode, Settings};
    use crate::state::State;
    use warcaby::clobber::Shape;
    use warcaby::games::GameRules;
    use warcaby::games::{AnyGame, EngineChoice, RootMove};
    use warcaby::Variant;
    use warcaby::{Color, Game};

    fn english(settings: Settings) -> State {
        let settings = Settings {
            variant: Variant::English,
            ..settings
        };
        State::new(settings, AnyGame::Checkers(Game::new(Variant::English)))
    }

    #[test]
    fn the_ai_choice_gives_alphazero_in_english_checkers_only() {
        let state = english(Settings {
            alphazero: true,
            ..Settings::default()
        });
        let s = &state.settings;
        let az = EngineChoice::AlphaZero { sims: None };
        assert_eq!(
            s.engine_choice(Color::Black, GameRules::Checkers(Variant::English), 1),
            az
        );
        assert!(s.uses_alphazero());
        // Other rules: the level plays, and a state of such a game drops the choice.
        let tournament = Settings {
            variant: Variant::Tournament,
            ..s.clone()
        };
        let level =
            tournament.engine_choice(Color::Black, GameRules::Checkers(Variant::Tournament), 1);
        assert!(matches!(level, EngineChoice::Level { seed: 1, .. }));
        assert!(!tournament.uses_alphazero());
        let game = AnyGame::Checkers(Game::new(Variant::Tournament));
        assert!(!State::new(tournament, game).settings.alphazero);
        // Two humans: nobody needs the network.
        let humans = Settings {
            mode: Mode::HumanVsHuman,
            ..s.clone()
        };
        assert!(!humans.uses_alphazero());
    }

    #[test]
    fn the_lab_gives_alphazero_to_one_side_and_drops_it_where_it_cannot_play() {
        let mut state = english(Settings {
            lab: true,
            mode: Mode::AiVsAi,
            white_algorithm: LabEngine::AlphaZero,
            ..Settings::default()
        });
        let s = &state.settings;
        assert_eq!(
            s.engine_choice(Color::White, GameRules::Checkers(Variant::English), 1),
            EngineChoice::AlphaZero { sims: None }
        );
        assert!(matches!(
            s.engine_choice(Color::Black, GameRules::Checkers(Variant::English), 1),
            EngineChoice::Lab {
                algorithm: Algorithm::NegaScout,
                ..
            }
        ));
        // Clobber: NegaScout with the side's heuristic.
        assert!(matches!(
            s.engine_choice(
                Color::White,
                GameRules::Clobber(Shape::new(6, 5).unwrap()),
                1
            ),
            EngineChoice::Lab {
                algorithm: Algorithm::NegaScout,
                ..
            }
        ));
        assert!(s.uses_alphazero());
        // Only the human's side has AlphaZero: the network is not needed.
        let human_white = Settings {
            mode: Mode::HumanVsAi { human_white: true },
            ..s.clone()
        };
        assert!(!human_white.uses_alphazero());
        // A failed network (or other rules) turns it into NegaScout.
        assert!(state.settings.drop_alphazero());
        assert_eq!(
            state.settings.white_algorithm,
            LabEngine::Search(Algorithm::NegaScout)
        );
        assert!(!state.settings.drop_alphazero());
    }

    #[test]
    fn alphazero_choices_are_saved_by_name_and_old_values_still_read() {
        let state = english(Settings {
            alphazero: true,
            black_algorithm: LabEngine::AlphaZero,
            white_algorithm: LabEngine::Search(Algorithm::Minimax),
            ..Settings::default()
        });
        let text = encode(&state.settings, &state.game);
        assert!(text.contains("\"black_algorithm\":\"alphazero\""), "{text}");
        assert!(text.contains("\"white_algorithm\":\"minimax\""), "{text}");
        assert_eq!(decode(&text).unwrap().0, state.settings);
        // Saved before AlphaZero existed: no `alphazero` field.
        let old = text.replace("\"alphazero\":true,", "");
        assert!(!decode(&old).unwrap().0.alphazero);
        let bad = text.replace("\"alphazero\"", "\"alphazeta\"");
        assert!(decode(&bad).is_err());
        assert_eq!("alphazero".parse(), Ok(LabEngine::AlphaZero));
        assert!("alphazeta".parse::<LabEngine>().is_err());
    }

    fn root(mv: &str, visits: u32, prior: f32, value: f32) -> RootMove {
        RootMove {
            mv: mv.to_string(),
            visits,
            prior,
            value,
        }
    }

    #[test]
    fn the_panel_lists_the_top_moves_with_visits_prior_and_value() {
        let mut report = Report::default();
        assert!(move_rows(&report).is_empty(), "other engines: no rows");
        report.root_moves = vec![
            root("11-16", 30, 0.79, 0.1234),
            root("9-13", 8, 0.05, -0.2),
            root("10-15", 2, 0.04, 0.0),
            root("12-16", 0, 0.03, 0.0),
            root("9-14", 0, 0.03, 0.0),
            root("10-14", 0, 0.02, 0.0),
        ];
        let rows = move_rows(&report);
        assert_eq!(rows.len(), TOP_MOVES);
        assert_eq!(
            rows[0],
            MoveRow {
                mv: "11-16".into(),
                visits: "75.0 %".into(),
                prior: "0.790".into(),
                value: "+0.12".into(),
            }
        );
        assert_eq!(
            (rows[1].visits.as_str(), rows[1].value.as_str()),
            ("20.0 %", "-0.20")
        );
        assert_eq!(
            (rows[3].visits.as_str(), rows[3].value.as_str()),
            ("0.0 %", "–")
        );
    }
}
