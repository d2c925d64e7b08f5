//! Messages between the page (main thread) and the AI worker, as serde
//! types. The game travels as its start position and move texts (for
//! checkers with its variant), so the worker rebuilds it with the engine's
//! own rules (and sees repetitions).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use warcaby::checkers::ai::{CheckersEval, CheckersNode, Level};
use warcaby::checkers::notation::full_text;
use warcaby::clobber::{ClobberEval, ClobberMove, ClobberPosition};
use warcaby::search::{
    Algorithm, Evaluator, Limits, SearchConfig, SearchGame, SearchInfo, Searcher,
};
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
        /// The heuristic: `material` or `positional` for checkers, a Clobber
        /// heuristic (`live`, `active`, ...) for Clobber.
        eval: String,
        /// Fixed depth, if any.
        depth: Option<u32>,
    },
}

/// A game as text, for the worker to rebuild with the engine's rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameText {
    /// Checkers.
    Checkers {
        /// `tournament`, `english` or `russian`.
        variant: String,
        /// The game's start position (PDN FEN).
        start_fen: String,
        /// The moves played, as full-path texts.
        moves: Vec<String>,
    },
    /// Clobber.
    Clobber {
        /// The start position's text, like `WBWB/BWBW:B`.
        start: String,
        /// The moves played, like `b3-b4`.
        moves: Vec<String>,
    },
}

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Find a move in the game's current position.
    Think {
        /// Request id, echoed in every answer.
        id: u32,
        /// The game so far.
        game: GameText,
        /// Engine choice (for Clobber: the heuristic of the side to move).
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

/// Rebuilds a Clobber position from its start text and move texts, checking
/// every move with the engine.
pub fn rebuild_clobber(start: &str, moves: &[String]) -> Result<ClobberPosition, String> {
    let mut pos = ClobberPosition::parse(start).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        if !pos.legal_moves().contains(&mv) {
            return Err(format!("move {}: {text} is not legal", i + 1));
        }
        pos = pos.after(&mv);
    }
    Ok(pos)
}

/// A search's report in texts: `best` writes the best move (in full, so
/// the page can play it), `text` the moves of the principal variation.
fn progress<G: SearchGame>(
    root: &G,
    info: &SearchInfo<G::Move>,
    best: &impl Fn(&G, &G::Move) -> String,
    text: &impl Fn(&G, &G::Move) -> String,
) -> Progress {
    let mut texts = Vec::new();
    let mut p = root.clone();
    let mut legal = Vec::new();
    for mv in &info.pv {
        p.legal_moves(&mut legal);
        if !legal.contains(mv) {
            break;
        }
        texts.push(text(&p, mv));
        p = p.after(mv);
    }
    Progress {
        best_move: info.best_move.map(|m| best(root, &m)),
        score: info.score,
        depth: info.depth,
        seldepth: info.seldepth,
        nodes: info.nodes,
        time_ms: info.time_ms,
        nps: info.nodes_per_second(),
        pv: texts,
    }
}

/// Search configuration and limits for these settings, and the lab's
/// heuristic name (None: the level decides).
fn plan(
    settings: &EngineSettings,
    time_ms: u64,
) -> Result<(SearchConfig, Limits, Option<&str>), String> {
    match settings {
        EngineSettings::Level { level, seed } => {
            let level = Level::new(*level as i64).map_err(|e| e.to_string())?;
            Ok((level.config(*seed), level.limits(time_ms), None))
        }
        EngineSettings::Lab {
            algorithm,
            eval,
            depth,
        } => {
            let algorithm: Algorithm = algorithm.parse().map_err(|e| format!("{e}"))?;
            let config = SearchConfig {
                algorithm,
                tt_mib: 16,
                ..SearchConfig::default()
            };
            let limits = Limits {
                depth: *depth,
                time_ms: Some(time_ms),
                ..Limits::default()
            };
            Ok((config, limits, Some(eval.as_str())))
        }
    }
}

/// One search of either game, whatever it is: the searcher, the root and
/// the hashes of the positions before it, and how moves are written.
struct Task<'a, G: SearchGame, E> {
    searcher: Searcher<G, E>,
    root: G,
    history: Vec<u64>,
    best: &'a dyn Fn(&G, &G::Move) -> String,
    text: &'a dyn Fn(&G, &G::Move) -> String,
}

impl<G: SearchGame, E: Evaluator<G>> Task<'_, G, E> {
    /// Runs the search, reporting each iteration; returns the final report.
    fn run(mut self, limits: Limits, mut report: impl FnMut(Progress)) -> Progress {
        let (root, best, text) = (&self.root, &self.best, &self.text);
        let info = self.searcher.search(root, &self.history, limits, |info| {
            report(progress(root, info, best, text))
        });
        progress(root, &info, best, text)
    }
}

/// Serves a request: `send` receives each Info and finally Done or Error.
/// `clock` is the host's millisecond clock.
pub fn serve(request: &Request, clock: warcaby::search::Clock, mut send: impl FnMut(Response)) {
    let Request::Think {
        id,
        game,
        settings,
        time_ms,
    } = request
    else {
        panic!("the page asked the worker to crash");
    };
    let id = *id;
    let report = |progress| send(Response::Info { id, progress });
    let result = match game {
        GameText::Checkers {
            variant,
            start_fen,
            moves,
        } => rebuild_game(variant, start_fen, moves).and_then(|game| {
            if game.outcome().is_some() {
                return Err("the game is over".to_string());
            }
            let (config, limits, lab_eval) = plan(settings, *time_ms)?;
            let eval = match (lab_eval, settings) {
                (Some(name), _) => name.parse::<CheckersEval>().map_err(|e| format!("{e}"))?,
                (None, EngineSettings::Level { level, .. }) => {
                    Level::new(*level as i64).map_err(|e| e.to_string())?.eval()
                }
                (None, _) => CheckersEval::default(),
            };
            let best = |n: &CheckersNode, m: &Move| full_text(m, n.pos.rules());
            let text = |n: &CheckersNode, m: &Move| n.pos.move_text(m);
            Ok(Task {
                searcher: Searcher::new(config, eval).with_clock(clock),
                root: CheckersNode::from_game(&game),
                history: game.positions_and_moves().map(|(p, _)| p.hash()).collect(),
                best: &best,
                text: &text,
            }
            .run(limits, report))
        }),
        GameText::Clobber { start, moves } => rebuild_clobber(start, moves).and_then(|pos| {
            if pos.legal_moves().is_empty() {
                return Err("the game is over".to_string());
            }
            let (config, limits, lab_eval) = plan(settings, *time_ms)?;
            let eval: ClobberEval = match lab_eval {
                Some(name) => name.parse().map_err(|e| format!("{e}"))?,
                None => ClobberEval::default(),
            };
            let text = |p: &ClobberPosition, m: &ClobberMove| p.move_text(m);
            Ok(Task {
                searcher: Searcher::new(config, eval).with_clock(clock),
                root: pos,
                history: Vec::new(),
                best: &text,
                text: &text,
            }
            .run(limits, report))
        }),
    };
    send(match result {
        Ok(progress) => Response::Done { id, progress },
        Err(message) => Response::Error { id, message },
    });
}
