//! The networks the page sends the worker ([`Request::LoadNet`]): none is
//! compiled into the worker, so the first visit downloads none of them.
//! The page fetches a network's file when an engine first needs it
//! ([`Network::needed_by`]): the AlphaZero bot's, or the learned
//! evaluation's network of the game's rule set (the strong levels, the
//! analysis, the lab's `learned`). The worker keeps the AlphaZero network
//! and a set of evaluation networks, one per rule set, and hands them to
//! every engine it runs ([`warcaby::games::Assets`]).
//!
//! [`Request::LoadNet`]: crate::Request::LoadNet

use crate::{NetBytes, Response, Service};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;
use warcaby::az::Net;
use warcaby::games::{EngineChoice, GameRules};
use warcaby::Variant;

/// Which network a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Network {
    /// The AlphaZero bot's (English checkers only).
    AlphaZero,
    /// The learned evaluation's network of one rule set.
    Eval(Variant),
}

impl Network {
    /// The network the engine `choice` needs before it thinks in a game of
    /// `rules`, if any: the AlphaZero bot's, or the learned evaluation's of
    /// the game's rule set (without it the strong levels would search with
    /// the positional evaluation). A level plays the evaluation the rules
    /// give it: on 10x10 the strong levels play the 10x10 network.
    pub fn needed_by(choice: &EngineChoice, rules: GameRules) -> Option<Network> {
        if choice.is_alphazero() {
            return Some(Network::AlphaZero);
        }
        let variant = rules.checkers_variant()?;
        let network = Network::Eval(warcaby::checkers::ai::learned::network_rules(variant));
        let learned = match choice {
            EngineChoice::Level { level, .. } => rules.level_eval(*level).is_learned(),
            other => other.uses_learned_eval(),
        };
        learned.then_some(network)
    }

    /// The file's name in `nets/`, as the site serves it before the build
    /// gives it a content hash (www/postbuild.mjs).
    pub fn file_name(self) -> String {
        match self {
            Network::AlphaZero => "az-english.wazn".to_string(),
            Network::Eval(variant) => format!("eval-{}.bin", variant.name()),
        }
    }
}

impl fmt::Display for Network {
    /// As messages name it: "the AlphaZero network", "the english
    /// evaluation network".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Network::AlphaZero => f.write_str("the AlphaZero network"),
            Network::Eval(variant) => write!(f, "the {} evaluation network", variant.name()),
        }
    }
}

impl Service {
    /// Reads and keeps a network; a bad file changes nothing (the old
    /// network, or none, stays) and gets an Error saying why.
    pub(crate) fn load_net(&mut self, id: u32, network: Network, bytes: &NetBytes) -> Response {
        let loaded = match network {
            Network::AlphaZero => Net::from_bytes(&bytes.0)
                .map(|net| {
                    let config = net.config();
                    self.net = Some(Arc::new(net));
                    format!("{} channels, {} blocks", config.channels, config.blocks)
                })
                .map_err(|e| e.to_string()),
            Network::Eval(variant) => self
                .eval_nets
                .with_net(variant, &bytes.0)
                .map(|set| {
                    let size = set
                        .net(variant)
                        .map(|net| format!("hidden layers of {} and {}", net.h1(), net.h2()))
                        .unwrap_or_default();
                    self.eval_nets = set;
                    size
                })
                .map_err(|e| e.to_string()),
        };
        match loaded {
            Ok(size) => Response::NetLoaded { id, size },
            Err(e) => Response::Error {
                id,
                message: format!("{network} file is unusable: {e}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::served;
    use crate::Request;
    use warcaby::checkers::ai::Level;
    use warcaby::games::{GameRecord, Report};

    const ENGLISH: &[u8] = include_bytes!("../../../nets/eval-english.bin");
    const RUSSIAN: &[u8] = include_bytes!("../../../nets/eval-russian.bin");

    fn load(id: u32, network: Network, bytes: &[u8]) -> Request {
        Request::LoadNet {
            id,
            network,
            bytes: NetBytes(bytes.to_vec()),
        }
    }

    /// A lab search of the English start, 3 plies deep (no book, so the
    /// evaluation decides the score).
    fn think(eval: &str) -> Request {
        Request::Think {
            id: 9,
            game: GameRecord::Checkers {
                variant: Variant::English,
                start_fen: "B:W21-32:B1-12".into(),
                moves: vec![],
            },
            choice: EngineChoice::Lab {
                algorithm: warcaby::search::Algorithm::NegaScout,
                eval: eval.parse().unwrap(),
                depth: Some(3),
            },
            time_ms: 60_000,
        }
    }

    fn done(answers: &[Response]) -> &Report {
        match answers.last() {
            Some(Response::Done { report, .. }) => report,
            other => panic!("{other:?}"),
        }
    }

    /// The reference: the English network read here, searched the same way.
    fn with_english_net() -> i32 {
        let nets = warcaby::checkers::ai::learned::EvalNet::empty()
            .with_net(Variant::English, ENGLISH)
            .unwrap();
        let eval = warcaby::checkers::ai::CheckersEval::Learned(nets);
        let mut engine = warcaby::games::Engine::configured(
            warcaby::search::SearchConfig {
                algorithm: warcaby::search::Algorithm::NegaScout,
                tt_mib: 16,
                ..Default::default()
            },
            eval,
        );
        let game = warcaby::games::AnyGame::from(warcaby::Game::new(Variant::English));
        let limits = warcaby::search::Limits::depth(3);
        engine.think(&game, limits, |_| {}).unwrap().score
    }

    #[test]
    fn the_learned_evaluation_plays_the_network_of_its_rule_set_once_loaded() {
        let mut service = Service::default();
        let positional = done(&served(&mut service, &think("positional"))).score;
        let before = done(&served(&mut service, &think("learned"))).score;
        assert_eq!(before, positional, "no network yet: positional");
        let other = served(
            &mut service,
            &load(3, Network::Eval(Variant::Russian), RUSSIAN),
        );
        assert!(matches!(
            other.as_slice(),
            [Response::NetLoaded { id: 3, .. }]
        ));
        let still = done(&served(&mut service, &think("learned"))).score;
        assert_eq!(still, positional, "another rule set's network is not used");
        let loaded = served(
            &mut service,
            &load(4, Network::Eval(Variant::English), ENGLISH),
        );
        assert_eq!(
            loaded,
            [Response::NetLoaded {
                id: 4,
                size: "hidden layers of 64 and 32".into()
            }]
        );
        let after = done(&served(&mut service, &think("learned"))).score;
        assert_ne!(after, positional);
        assert_eq!(after, with_english_net());
        // A strong level plays with it too (out of the book: after 9-14).
        let level8 = Request::Think {
            id: 10,
            game: GameRecord::Checkers {
                variant: Variant::English,
                start_fen: "B:W21-32:B1-12".into(),
                moves: vec!["9-14".into(), "22-18".into(), "5-9".into()],
            },
            choice: EngineChoice::Level {
                level: Level::new(8).unwrap(),
                seed: 1,
            },
            time_ms: 200,
        };
        let answers = served(&mut service, &level8);
        assert!(done(&answers).best_move.is_some(), "{answers:?}");
    }

    #[test]
    fn a_corrupt_evaluation_network_gets_an_error_and_changes_nothing() {
        let mut service = Service::default();
        served(
            &mut service,
            &load(1, Network::Eval(Variant::English), ENGLISH),
        );
        let with_net = done(&served(&mut service, &think("learned"))).score;
        let mut bad = RUSSIAN.to_vec();
        bad[RUSSIAN.len() / 2] ^= 0x40;
        for (id, network) in [
            (2, Network::Eval(Variant::English)),
            (3, Network::Eval(Variant::Russian)),
        ] {
            let answers = served(&mut service, &load(id, network, &bad));
            match answers.as_slice() {
                [Response::Error { id: got, message }] => {
                    assert_eq!(*got, id);
                    assert!(
                        message.contains("evaluation network file is unusable"),
                        "{message}"
                    );
                    assert!(message.contains("checksum"), "{message}");
                }
                other => panic!("{other:?}"),
            }
        }
        let same = done(&served(&mut service, &think("learned"))).score;
        assert_eq!(
            same, with_net,
            "the English network is still the one loaded"
        );
        // A network of the other board is refused as the rule set's.
        let answers = served(
            &mut service,
            &load(4, Network::Eval(Variant::International), ENGLISH),
        );
        match answers.as_slice() {
            [Response::Error { id: 4, message }] => {
                assert!(message.contains("reads 8x8 positions"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        let still = done(&served(&mut service, &think("learned"))).score;
        assert_eq!(still, with_net);
    }

    #[test]
    fn each_engine_names_the_network_it_needs() {
        let english = GameRules::Checkers(Variant::English);
        let level = |n| EngineChoice::Level {
            level: Level::new(n).unwrap(),
            seed: 1,
        };
        assert_eq!(
            Network::needed_by(&level(7), english),
            Some(Network::Eval(Variant::English))
        );
        let russian = GameRules::Checkers(Variant::Russian);
        assert_eq!(
            Network::needed_by(&level(8), russian),
            Some(Network::Eval(Variant::Russian))
        );
        assert_eq!(Network::needed_by(&level(6), english), None);
        // International draughts' strong levels play its own network.
        #[cfg(feature = "international")]
        {
            let international = GameRules::Checkers(Variant::International);
            assert_eq!(
                Network::needed_by(&level(8), international),
                Some(Network::Eval(Variant::International))
            );
            assert_eq!(Network::needed_by(&level(6), international), None);
            assert_eq!(
                Network::Eval(Variant::International).file_name(),
                "eval-international.bin"
            );
        }
        let az = EngineChoice::AlphaZero { sims: None };
        assert_eq!(Network::needed_by(&az, english), Some(Network::AlphaZero));
        assert_eq!(
            Network::Eval(Variant::Russian).file_name(),
            "eval-russian.bin"
        );
        assert_eq!(Network::AlphaZero.file_name(), "az-english.wazn");
    }
}
