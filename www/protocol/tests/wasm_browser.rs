//! Messages between page and worker survive the trip through JavaScript
//! values, in headless Chromium:
//! `cargo test --target wasm32-unknown-unknown -p warcaby-protocol --test wasm_browser`.
#![cfg(target_arch = "wasm32")]

use warcaby::checkers::ai::Level;
use warcaby::games::{AnyEval, AnyGame, EngineChoice, GameRecord, Report, RootMove};
use warcaby::search::Algorithm;
use warcaby::Variant;
use warcaby_protocol::{NetBytes, Network, Request, Response, Service};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    let js = warcaby_protocol::to_js(value).unwrap();
    warcaby_protocol::from_js(js).unwrap()
}

fn english(moves: &[&str]) -> GameRecord {
    GameRecord::Checkers {
        variant: Variant::English,
        start_fen: "B:W21-32:B1-12".into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

fn think(moves: &[&str]) -> Request {
    Request::Think {
        id: 7,
        game: english(moves),
        // A seed beyond 2^53: must survive the trip exactly.
        choice: EngineChoice::Level {
            level: Level::new(3).unwrap(),
            seed: 0xDEAD_BEEF_CAFE_F00D,
        },
        time_ms: 200,
    }
}

fn lab(algorithm: Algorithm, eval: &str, depth: Option<u32>) -> EngineChoice {
    EngineChoice::Lab {
        algorithm,
        eval: eval.parse::<AnyEval>().unwrap(),
        depth,
    }
}

#[wasm_bindgen_test]
fn requests_and_responses_round_trip() {
    let request = think(&["11-15", "23-19"]);
    assert_eq!(round_trip(&request), request);
    let mut with_lab = think(&[]);
    if let Request::Think { choice, .. } = &mut with_lab {
        *choice = lab(Algorithm::Minimax, "material", Some(3));
    }
    assert_eq!(round_trip(&with_lab), with_lab);
    let response = Response::Done {
        id: 3,
        report: Report {
            best_move: Some("15x24".into()),
            best_move_text: Some("15x24".into()),
            score: -29_990,
            mate_in: Some(-5),
            depth: 12,
            seldepth: 20,
            nodes: 123_456_789,
            time_ms: 999,
            nps: 5_000_000,
            pv: vec!["15x24".into(), "28x19".into()],
            book: false,
            root_moves: Vec::new(),
        },
    };
    assert_eq!(round_trip(&response), response);
    let tables = Response::EndgameTables {
        variant: Variant::Tournament,
        pieces: 4,
    };
    assert_eq!(round_trip(&tables), tables);
}

#[wasm_bindgen_test]
fn a_network_travels_as_bytes_and_alphazero_reports_its_root_moves() {
    let bytes = NetBytes((0..=255u8).cycle().take(70_000).collect());
    let load = Request::LoadNet {
        id: 4,
        network: Network::Eval(Variant::Russian),
        bytes,
    };
    let js = warcaby_protocol::to_js(&load).unwrap();
    let field = js_sys::Reflect::get(&js, &"LoadNet".into())
        .and_then(|inner| js_sys::Reflect::get(&inner, &"bytes".into()))
        .unwrap();
    assert!(
        field.is_instance_of::<js_sys::Uint8Array>(),
        "one Uint8Array, not a list"
    );
    assert_eq!(warcaby_protocol::from_js::<Request>(js).unwrap(), load);
    let mut think = think(&[]);
    if let Request::Think { choice, .. } = &mut think {
        *choice = EngineChoice::AlphaZero { sims: Some(64) };
    }
    assert_eq!(round_trip(&think), think);
    let info = Response::Info {
        id: 4,
        report: Report {
            root_moves: vec![RootMove {
                mv: "11-16".into(),
                visits: 40,
                prior: 0.790_665_3,
                value: -0.125,
            }],
            ..Report::default()
        },
    };
    assert_eq!(round_trip(&info), info);
}

#[wasm_bindgen_test]
fn named_choices_travel_as_their_names() {
    let js = warcaby_protocol::to_js(&think(&[])).unwrap();
    let text = js_sys::JSON::stringify_with_replacer(
        &js,
        &js_sys::Function::new_with_args("k, v", "return typeof v === 'bigint' ? String(v) : v"),
    )
    .unwrap();
    let text = String::from(text);
    assert!(text.contains("\"variant\":\"english\""), "{text}");
    let js = warcaby_protocol::to_js(&lab(Algorithm::NegaScout, "live", None)).unwrap();
    let text = String::from(js_sys::JSON::stringify(&js).unwrap());
    assert!(
        text.contains("\"negascout\"") && text.contains("\"live\""),
        "{text}"
    );
}

/// The crash request is a test hook: with the feature `test-hooks` (the
/// end-to-end tests' build) the page can send it and the worker reads it;
/// without it (the release page) the worker cannot even read it.
#[wasm_bindgen_test]
fn the_crash_request_exists_only_with_the_test_hooks() {
    let read = warcaby_protocol::from_js::<Request>(wasm_bindgen::JsValue::from_str("Panic"));
    assert_eq!(read.is_ok(), cfg!(feature = "test-hooks"), "{read:?}");
    #[cfg(feature = "test-hooks")]
    assert_eq!(round_trip(&Request::Panic), Request::Panic);
}

/// The best move of a Done among `answers`, checked legal in `game`.
fn assert_legal_best_move(answers: &[Response], id: u32, game: &GameRecord) -> Report {
    let Some(Response::Done { id: done, report }) = answers.last() else {
        panic!("no Done: {answers:?}");
    };
    assert_eq!(*done, id);
    let game = AnyGame::from_record(game).unwrap();
    let mv = game
        .parse_move(report.best_move.as_deref().unwrap())
        .unwrap();
    assert!(game.legal_moves().contains(&mv), "{report:?}");
    assert!(answers
        .iter()
        .any(|a| matches!(a, Response::Info { id: i, .. } if *i == id)));
    report.clone()
}

#[wasm_bindgen_test]
fn the_worker_logic_answers_with_a_legal_move() {
    let mut answers = Vec::new();
    Service::default().serve(&think(&["11-15"]), js_sys::Date::now, |r| {
        answers.push(round_trip(&r))
    });
    assert_legal_best_move(&answers, 7, &english(&["11-15"]));
}

#[wasm_bindgen_test]
fn bad_requests_get_an_error_not_a_crash() {
    let mut answers = Vec::new();
    Service::default().serve(&think(&["11-15", "11-15"]), js_sys::Date::now, |r| {
        answers.push(r)
    });
    match answers.as_slice() {
        [Response::Error { id: 7, message }] => assert!(message.contains("move 2"), "{message}"),
        other => panic!("{other:?}"),
    }
}

fn clobber(moves: &[&str]) -> GameRecord {
    GameRecord::Clobber {
        start: "WBWB/BWBW/WBWB/BWBW:B".into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

/// A Clobber request: 4x4 from the start, the given moves, lab settings
/// with one of the Clobber heuristics.
fn think_clobber(moves: &[&str], eval: &str) -> Request {
    Request::Think {
        id: 9,
        game: clobber(moves),
        choice: lab(Algorithm::AlphaBeta, eval, Some(3)),
        time_ms: 500,
    }
}

#[wasm_bindgen_test]
fn clobber_requests_round_trip() {
    let request = think_clobber(&["a1-a2", "b1-a1"], "first_center_then_aggressive");
    assert_eq!(round_trip(&request), request);
    let mut level = think_clobber(&[], "live");
    if let Request::Think { choice, .. } = &mut level {
        *choice = EngineChoice::Level {
            level: Level::new(8).unwrap(),
            seed: u64::MAX,
        };
    }
    assert_eq!(round_trip(&level), level);
}

#[wasm_bindgen_test]
fn a_served_clobber_search_answers_a_legal_move() {
    for eval in ["live", "active", "group_then_fight"] {
        let mut answers = Vec::new();
        Service::default().serve(&think_clobber(&["a1-a2"], eval), js_sys::Date::now, |r| {
            answers.push(round_trip(&r))
        });
        let report = assert_legal_best_move(&answers, 9, &clobber(&["a1-a2"]));
        assert_eq!(report.depth, 3, "{eval}");
    }
}

#[wasm_bindgen_test]
fn bad_clobber_requests_get_an_error() {
    for (request, expected) in [
        (think_clobber(&["a1-a2", "a1-a2"], "live"), "move 2"),
        (think_clobber(&[], "material"), "heuristic"),
    ] {
        let mut answers = Vec::new();
        Service::default().serve(&request, js_sys::Date::now, |r| answers.push(r));
        match answers.as_slice() {
            [Response::Error { id: 9, message }] => {
                assert!(message.contains(expected), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
