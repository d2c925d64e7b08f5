//! Messages between the page (main thread) and the AI worker, typed with
//! the engine's own types: the game travels as its [`GameRecord`] (start
//! and move texts), so the worker rebuilds it with the engine's rules (and
//! sees repetitions); the engine is named by an [`EngineChoice`] and
//! answers with [`Report`]s. [`Service`] is the worker's whole service: it
//! keeps the networks the page sent ([`Request::LoadNet`], [`Network`]:
//! the AlphaZero bot's and the learned evaluation's of each rule set), and
//! builds endgame tables for itself between requests ([`Service::work`]).

mod bytes;
mod network;

pub use bytes::NetBytes;
pub use network::Network;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use warcaby::az::Net;
use warcaby::checkers::ai::learned::EvalNet;
use warcaby::checkers::egdb::{Egdb, StepwiseBuild};
use warcaby::games::{AnyGame, Assets, EngineChoice, GameError, GameRecord, Report};
use warcaby::Variant;
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
    /// Keep this network (the bytes of its file) for the engines that use
    /// it; answered with [`Response::NetLoaded`] or an Error (then nothing
    /// changed).
    LoadNet {
        /// Request id, echoed in the answer.
        id: u32,
        /// Which network the file holds.
        network: Network,
        /// The network file.
        bytes: NetBytes,
    },
    /// Crash on purpose (tests the page's recovery). Only in builds with
    /// the `test-hooks` feature: a released worker cannot be told to crash.
    #[cfg(feature = "test-hooks")]
    Panic,
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The network of a [`Request::LoadNet`] is loaded and kept.
    NetLoaded {
        /// The request this answers.
        id: u32,
        /// Its size, like "16 channels, 2 blocks".
        size: String,
    },
    /// The worker's endgame tables are built: the strong levels probe them
    /// from now on (until the worker is replaced).
    EndgameTables {
        /// The variant they are for.
        variant: Variant,
        /// Most pieces on the board they cover.
        pieces: u32,
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

/// Pieces of the endgame tables the worker builds: up to 4 build in 4.6 s
/// of wasm (23 groups, the longest 0.7 s; 6.5 MB), so in the page's first
/// idle seconds.
pub const ENDGAME_PIECES: u32 = 4;

/// The worker's endgame tables: none asked for, being built, or built.
#[derive(Default)]
enum Endgame {
    #[default]
    None,
    Building(Box<StepwiseBuild>),
    Ready(Arc<Egdb>),
}

/// The worker's service: serves requests, keeping the networks the page
/// sent between them, and builds endgame tables in its idle time.
pub struct Service {
    net: Option<Arc<Net>>,
    /// The learned evaluation's networks loaded so far; a rule set without
    /// one is evaluated positionally.
    eval_nets: EvalNet,
    endgame: Endgame,
    endgame_pieces: u32,
}

impl Default for Service {
    fn default() -> Self {
        Service::new(ENDGAME_PIECES)
    }
}

impl Service {
    /// A service that builds endgame tables of up to `endgame_pieces`
    /// pieces (0: none).
    pub fn new(endgame_pieces: u32) -> Service {
        Service {
            net: None,
            eval_nets: EvalNet::empty(),
            endgame: Endgame::None,
            endgame_pieces,
        }
    }

    /// Serves a request: `send` receives each Info and finally Done or
    /// Error (NetLoaded or Error for a network). `clock` is the host's
    /// millisecond clock. `Request::Panic` (feature `test-hooks`) panics.
    pub fn serve(
        &mut self,
        request: &Request,
        clock: warcaby::search::Clock,
        mut send: impl FnMut(Response),
    ) {
        match request {
            Request::Think {
                id,
                game,
                choice,
                time_ms,
            } => {
                let id = *id;
                self.want_endgame(game, choice);
                let result = self.think(game, choice, *time_ms, clock, |report| {
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
            Request::LoadNet { id, network, bytes } => send(self.load_net(*id, *network, bytes)),
            #[cfg(feature = "test-hooks")]
            Request::Panic => panic!("the page asked the worker to crash"),
        }
    }

    /// Does one piece of idle work — a group of the endgame tables — while
    /// [`Service::has_work`]; the worker calls it between requests, so a
    /// request waits at most for one group. Returns the news to post when
    /// the tables are ready ([`Response::EndgameTables`]).
    pub fn work(&mut self) -> Option<Response> {
        let Endgame::Building(build) = &mut self.endgame else {
            return None;
        };
        match build.step() {
            Ok(Some(_)) if !build.is_done() => None,
            Ok(_) => {
                let Endgame::Building(build) = std::mem::take(&mut self.endgame) else {
                    return None;
                };
                // A build that cannot finish leaves the engine without
                // tables, as before: it plays on by search alone.
                let egdb = build.finish().ok()?;
                let news = Response::EndgameTables {
                    variant: egdb.variant(),
                    pieces: egdb.max_pieces(),
                };
                self.endgame = Endgame::Ready(Arc::new(egdb));
                Some(news)
            }
            Err(_) => {
                self.endgame = Endgame::None;
                None
            }
        }
    }

    /// True while idle work remains ([`Service::work`]).
    pub fn has_work(&self) -> bool {
        matches!(self.endgame, Endgame::Building(_))
    }

    /// The variant whose endgame tables are built, if any.
    pub fn endgame_variant(&self) -> Option<Variant> {
        match &self.endgame {
            Endgame::None => None,
            Endgame::Building(build) => Some(build.variant()),
            Endgame::Ready(egdb) => Some(egdb.variant()),
        }
    }

    /// True once the endgame tables are built.
    pub fn has_endgame_tables(&self) -> bool {
        matches!(self.endgame, Endgame::Ready(_))
    }

    /// Starts building the tables of the game's variant when its engine
    /// uses them (checkers with short kings; one variant at a time).
    fn want_endgame(&mut self, game: &GameRecord, choice: &EngineChoice) {
        let Some(variant) = &game.endgame_rules() else {
            return;
        };
        if self.endgame_pieces < 2
            || !choice.uses_endgame_tables()
            || variant.rules().flying_kings
            || self.endgame_variant() == Some(*variant)
        {
            return;
        }
        self.endgame = Endgame::Building(Box::new(StepwiseBuild::new(
            *variant,
            self.endgame_pieces,
            1,
        )));
    }

    /// Rebuilds the game with the engine's rules and searches it.
    fn think(
        &self,
        game: &GameRecord,
        choice: &EngineChoice,
        time_ms: u64,
        clock: warcaby::search::Clock,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        let endgame = match &self.endgame {
            Endgame::Ready(egdb) => Some(egdb),
            _ => None,
        };
        let assets = Assets {
            net: self.net.as_ref(),
            eval_nets: Some(&self.eval_nets),
            endgame,
        };
        AnyGame::from_record(game)?.think_with(choice, assets, time_ms, Some(clock), report)
    }
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

    pub(crate) fn clock() -> f64 {
        0.0
    }

    #[test]
    fn a_request_is_answered_with_reports_then_done() {
        let mut answers = Vec::new();
        Service::default().serve(&request(&["11-15"]), clock, |r| answers.push(r));
        assert!(
            matches!(answers.last(), Some(Response::Done { id: 5, report }) if report.best_move.is_some())
        );
    }

    #[test]
    fn a_bad_game_gets_an_error_naming_the_move() {
        let mut answers = Vec::new();
        Service::default().serve(&request(&["11-15", "11-15"]), clock, |r| answers.push(r));
        match answers.as_slice() {
            [Response::Error { id: 5, message }] => {
                assert!(message.contains("move 2"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }

    fn think_level(level: u8, variant: Variant, start_fen: &str) -> Request {
        Request::Think {
            id: 7,
            game: GameRecord::Checkers {
                variant,
                start_fen: start_fen.into(),
                moves: vec![],
            },
            choice: EngineChoice::Level {
                level: Level::new(level.into()).unwrap(),
                seed: 1,
            },
            time_ms: 100,
        }
    }

    fn done_score(answers: &[Response]) -> i32 {
        match answers.last() {
            Some(Response::Done { report, .. }) => report.score,
            other => panic!("{other:?}"),
        }
    }

    /// A strong level's first request starts the tables of its variant;
    /// the worker builds them in idle steps, then that level plays a won
    /// ending by them (the exact distance, which its own search is too
    /// shallow to see), and a request for another
    /// variant starts that one's. Weak levels, the lab and flying kings
    /// start nothing.
    #[test]
    fn the_worker_builds_endgame_tables_between_requests() {
        let mut service = Service::new(3);
        assert!(!service.has_work());
        served(
            &mut service,
            &think_level(3, Variant::English, "B:W21-32:B1-12"),
        );
        served(
            &mut service,
            &think_level(8, Variant::Russian, "W:W21-32:B1-12"),
        );
        assert!(!service.has_work(), "weak level or flying kings");
        // Level 7 searches 9 plies: without tables it cannot see this win, 31
        // plies away.
        let won = think_level(7, Variant::English, "W:WK32,K28:BK1");
        let before = done_score(&served(&mut service, &won));
        assert!(
            before < warcaby::search::MATE / 2,
            "no tables yet: {before}"
        );
        assert!(service.has_work());
        let mut steps = 0;
        let mut news = None;
        while service.has_work() {
            assert!(news.is_none() && !service.has_endgame_tables());
            news = service.work();
            steps += 1;
        }
        assert!(steps > 3, "one group a step: {steps}");
        assert_eq!(
            news,
            Some(Response::EndgameTables {
                variant: Variant::English,
                pieces: 3
            })
        );
        assert_eq!(service.work(), None, "nothing more to do");
        assert!(service.has_endgame_tables() && !service.has_work());
        let exact = warcaby::checkers::egdb::build_all(Variant::English, 3, 1, |_| {}).unwrap();
        let pos = warcaby::Position::from_fen("W:WK32,K28:BK1", Variant::English).unwrap();
        let Some(warcaby::checkers::egdb::Value::Win(plies)) = exact.probe(&pos) else {
            panic!("two kings win against one")
        };
        let after = done_score(&served(&mut service, &won));
        assert_eq!(after, warcaby::search::MATE - plies as i32);
        served(
            &mut service,
            &think_level(7, Variant::Tournament, "W:W21-32:B1-12"),
        );
        assert_eq!(service.endgame_variant(), Some(Variant::Tournament));
        assert!(service.has_work() && !service.has_endgame_tables());
    }

    const NET: &[u8] = include_bytes!("../../../nets/az-english.wazn");

    fn alphazero(variant: Variant, start_fen: &str) -> Request {
        Request::Think {
            id: 6,
            game: GameRecord::Checkers {
                variant,
                start_fen: start_fen.into(),
                moves: vec![],
            },
            choice: EngineChoice::AlphaZero { sims: Some(40) },
            time_ms: 1000,
        }
    }

    pub(crate) fn served(service: &mut Service, request: &Request) -> Vec<Response> {
        let mut answers = Vec::new();
        service.serve(request, clock, |r| answers.push(r));
        answers
    }

    #[test]
    fn the_alphazero_engine_plays_once_its_network_is_loaded() {
        let mut service = Service::default();
        let think = alphazero(Variant::English, "B:W21-32:B1-12");
        let refused = served(&mut service, &think);
        assert!(
            matches!(refused.as_slice(), [Response::Error { id: 6, message }] if message.contains("not loaded")),
            "{refused:?}"
        );
        let load = Request::LoadNet {
            id: 2,
            network: Network::AlphaZero,
            bytes: NetBytes(NET.to_vec()),
        };
        let loaded = served(&mut service, &load);
        assert_eq!(
            loaded,
            [Response::NetLoaded {
                id: 2,
                size: "16 channels, 2 blocks".into()
            }]
        );
        let answers = served(&mut service, &think);
        let Some(Response::Done { id: 6, report }) = answers.last() else {
            panic!("{answers:?}");
        };
        assert_eq!(report.nodes, 40, "simulations");
        assert_eq!(report.root_moves.len(), 7, "every opening move");
        let visits: u32 = report.root_moves.iter().map(|m| m.visits).sum();
        assert_eq!(visits, 40);
        let best = report.best_move.as_deref().unwrap();
        assert_eq!(best, report.root_moves[0].mv);
        assert_eq!(report.pv.first().map(String::as_str), Some(best));
        let priors: f32 = report.root_moves.iter().map(|m| m.prior).sum();
        assert!((priors - 1.0).abs() < 1e-4, "{priors}");
    }

    #[test]
    fn a_corrupt_network_or_another_variant_gets_an_error() {
        let mut service = Service::default();
        let mut bad = NET.to_vec();
        bad.truncate(1000);
        let answers = served(
            &mut service,
            &Request::LoadNet {
                id: 3,
                network: Network::AlphaZero,
                bytes: NetBytes(bad),
            },
        );
        assert!(
            matches!(answers.as_slice(), [Response::Error { id: 3, message }] if message.contains("unusable")),
            "{answers:?}"
        );
        let good = Request::LoadNet {
            id: 4,
            network: Network::AlphaZero,
            bytes: NetBytes(NET.to_vec()),
        };
        served(&mut service, &good);
        let tournament = alphazero(Variant::Tournament, "W:W21-32:B1-12");
        let answers = served(&mut service, &tournament);
        assert!(
            matches!(answers.as_slice(), [Response::Error { id: 6, message }] if message.contains("English checkers only")),
            "{answers:?}"
        );
    }
}
