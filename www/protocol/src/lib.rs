//! Messages between the page (main thread) and the AI worker, as serde
//! types. The game travels as its variant, start FEN and move texts, so the
//! worker rebuilds it with the engine's own rules (and sees repetitions).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use warcaby::ai::{CheckersEval, Engine, Level};
use warcaby::search::{Algorithm, Limits, SearchConfig, SearchInfo};
use warcaby::{Game, Move, Position, Variant};
use wasm_bindgen::JsValue;

/// What the engine should use: a level, or explicit lab settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EngineSettings {
    /// A playing level 1-8 with its seed (same seed, same game).
    Level {
        /// 1-8.
        level: u8,
        /// Seed of the weak levels' randomness.
        seed: u64,
    },
    /// The AI lab: algorithm, limit and evaluation chosen by hand.
    Lab {
        /// `minimax`, `alphabeta` or `negascout`.
        algorithm: String,
        /// `material` or `positional`.
        eval: String,
        /// Fixed depth, if any.
        depth: Option<u32>,
    },
}

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Find a move in the game's current position.
    Think {
        /// Request id, echoed in every answer.
        id: u32,
        /// `tournament`, `english` or `russian`.
        variant: String,
        /// The game's start position (PDN FEN).
        start_fen: String,
        /// The moves played, as full-path texts.
        moves: Vec<String>,
        /// Engine choice.
        settings: EngineSettings,
        /// Thinking time in milliseconds.
        time_ms: u64,
    },
    /// Crash on purpose (tests the page's recovery).
    Panic,
}

/// Progress of a search, in move texts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Best move so far (full path).
    pub best_move: Option<String>,
    /// Score for the side to move.
    pub score: i32,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation (short texts).
    pub pv: Vec<String>,
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
        progress: Progress,
    },
    /// The search is over.
    Done {
        /// The request this answers.
        id: u32,
        /// The final result.
        progress: Progress,
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

/// Rebuilds a game from its variant, start FEN and move texts.
pub fn rebuild_game(variant: &str, start_fen: &str, moves: &[String]) -> Result<Game, String> {
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let start = Position::from_fen(start_fen, variant).map_err(|e| e.to_string())?;
    let mut game = Game::from_position(start);
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(game)
}

fn progress(game: &Game, info: &SearchInfo<Move>) -> Progress {
    let pos = game.position();
    let rules = pos.rules();
    let mut texts = Vec::new();
    let mut p = *pos;
    for mv in &info.pv {
        if !p.legal_moves().contains(mv) {
            break;
        }
        texts.push(p.move_text(mv));
        p.play(mv);
    }
    Progress {
        best_move: info
            .best_move
            .map(|m| warcaby::notation::full_text(&m, rules)),
        score: info.score,
        depth: info.depth,
        seldepth: info.seldepth,
        nodes: info.nodes,
        time_ms: info.time_ms,
        nps: info.nodes_per_second(),
        pv: texts,
    }
}

/// The engine, its configuration and limits for these settings.
fn engine_for(settings: &EngineSettings, time_ms: u64) -> Result<(Engine, Limits), String> {
    match settings {
        EngineSettings::Level { level, seed } => {
            let level = Level::new(*level as i64).map_err(|e| e.to_string())?;
            Ok((
                Engine::new(level.config(*seed), level.eval()),
                level.limits(time_ms),
            ))
        }
        EngineSettings::Lab {
            algorithm,
            eval,
            depth,
        } => {
            let algorithm: Algorithm = algorithm.parse().map_err(|e| format!("{e}"))?;
            let eval: CheckersEval = eval.parse().map_err(|e| format!("{e}"))?;
            let config = SearchConfig {
                algorithm,
                tt_mib: 16,
                ..SearchConfig::default()
            };
            let limits = Limits {
                depth: *depth,
                nodes: None,
                time_ms: Some(time_ms),
            };
            Ok((Engine::new(config, eval), limits))
        }
    }
}

/// Serves a request: `send` receives each Info and finally Done or Error.
/// `clock` is the host's millisecond clock.
pub fn serve(request: &Request, clock: warcaby::search::Clock, mut send: impl FnMut(Response)) {
    let Request::Think {
        id,
        variant,
        start_fen,
        moves,
        settings,
        time_ms,
    } = request
    else {
        panic!("the page asked the worker to crash");
    };
    let id = *id;
    let result = rebuild_game(variant, start_fen, moves).and_then(|game| {
        if game.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        let (engine, limits) = engine_for(settings, *time_ms)?;
        let mut engine = engine.with_clock(clock);
        let info = engine.think(&game, limits, |info| {
            send(Response::Info {
                id,
                progress: progress(&game, info),
            })
        });
        Ok(progress(&game, &info))
    });
    send(match result {
        Ok(progress) => Response::Done { id, progress },
        Err(message) => Response::Error { id, message },
    });
}
