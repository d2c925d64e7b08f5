//! Messages between the page (main thread) and the AI worker, typed with
//! the engine's own types: the game travels as its [`GameRecord`] (start
//! and move texts), so the worker rebuilds it with the engine's rules (and
//! sees repetitions); the engine is named by an [`EngineChoice`] and
//! answers with [`Report`]s. [`serve`] is the worker's whole service.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use warcaby::games::{AnyGame, EngineChoice, GameError, GameRecord, Report};
use wasm_bindgen::JsValue;

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Find a move in the game's current position.
    Think {
        /// Request id, echoed in every answer.
        id: u32,
        /// The game so far.
        game: GameRecord,
        /// Which engine (in the lab: the side to move's own choice).
        choice: EngineChoice,
        /// Thinking time in milliseconds.
        time_ms: u64,
    },
    /// Crash on purpose (tests the page's recovery).
    Panic,
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The worker's wasm is loaded; earlier messages were lost.
    Ready,
    /// An iteration finished.
    Info {
        /// The request this answers.
        id: u32,
        /// Where the search stands.
        report: Report,
    },
    /// The search is over.
    Done {
        /// The request this answers.
        id: u32,
        /// The final result.
        report: Report,
    },
    /// The request could not be served.
    Error {
        /// The request this answers.
        id: u32,
        /// What went wrong.
        message: String,
    },
}

/// Encodes a message as a JavaScript value. 64-bit numbers (seeds, node
/// counts) travel as BigInts, so no value is refused or rounded.
pub fn to_js<T: Serialize>(message: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    message.serialize(
        &serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true),
    )
}

/// Decodes a message encoded by [`to_js`].
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, serde_wasm_bindgen::Error> {
    serde_wasm_bindgen::from_value(value)
}

/// Serves a request: `send` receives each Info and finally Done or Error.
/// `clock` is the host's millisecond clock. [`Request::Panic`] panics.
pub fn serve(request: &Request, clock: warcaby::search::Clock, mut send: impl FnMut(Response)) {
    let Request::Think {
        id,
        game,
        choice,
        time_ms,
    } = request
    else {
        panic!("the page asked the worker to crash");
    };
    let id = *id;
    let result = think(game, choice, *time_ms, clock, |report| {
        send(Response::Info {
            id,
            report: report.clone(),
        })
    });
    send(match result {
        Ok(report) => Response::Done { id, report },
        Err(e) => Response::Error {
            id,
            message: e.to_string(),
        },
    });
}

/// Rebuilds the game with the engine's rules and searches it.
fn think(
    game: &GameRecord,
    choice: &EngineChoice,
    time_ms: u64,
    clock: warcaby::search::Clock,
    report: impl FnMut(&Report),
) -> Result<Report, GameError> {
    AnyGame::from_record(game)?.think(choice, time_ms, Some(clock), report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::checkers::ai::Level;
    use warcaby::Variant;

    fn request(moves: &[&str]) -> Request {
        Request::Think {
            id: 5,
            game: GameRecord::Checkers {
                variant: Variant::English,
                start_fen: "B:W21-32:B1-12".into(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
            },
            choice: EngineChoice::Level {
                level: Level::new(2).unwrap(),
                seed: 1,
            },
            time_ms: 100,
        }
    }

    fn clock() -> f64 {
        0.0
    }

    #[test]
    fn a_request_is_answered_with_reports_then_done() {
        let mut answers = Vec::new();
        serve(&request(&["11-15"]), clock, |r| answers.push(r));
        assert!(
            matches!(answers.last(), Some(Response::Done { id: 5, report }) if report.best_move.is_some())
        );
    }

    #[test]
    fn a_bad_game_gets_an_error_naming_the_move() {
        let mut answers = Vec::new();
        serve(&request(&["11-15", "11-15"]), clock, |r| answers.push(r));
        match answers.as_slice() {
            [Response::Error { id: 5, message }] => {
                assert!(message.contains("move 2"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
