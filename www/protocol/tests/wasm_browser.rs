//! Messages between page and worker survive the trip through JavaScript
//! values, in headless Chromium:
//! `cargo test --target wasm32-unknown-unknown -p warcaby-protocol --test wasm_browser`.
#![cfg(target_arch = "wasm32")]

use warcaby_protocol::{serve, EngineSettings, GameText, Progress, Request, Response};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    let js = warcaby_protocol::to_js(value).unwrap();
    warcaby_protocol::from_js(js).unwrap()
}

fn think(moves: &[&str]) -> Request {
    Request::Think {
        id: 7,
        game: GameText::Checkers {
            variant: "english".into(),
            start_fen: "B:W21-32:B1-12".into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        },
        // A seed beyond 2^53: must survive the trip exactly.
        settings: EngineSettings::Level {
            level: 3,
            seed: 0xDEAD_BEEF_CAFE_F00D,
        },
        time_ms: 200,
    }
}

#[wasm_bindgen_test]
fn requests_and_responses_round_trip() {
    let request = think(&["11-15", "23-19"]);
    assert_eq!(round_trip(&request), request);
    let mut lab = think(&[]);
    if let Request::Think { settings, .. } = &mut lab {
        *settings = EngineSettings::Lab {
            algorithm: "minimax".into(),
            eval: "material".into(),
            depth: Some(3),
        };
    }
    assert_eq!(round_trip(&lab), lab);
    let response = Response::Done {
        id: 3,
        progress: Progress {
            best_move: Some("15x24".into()),
            score: -29_990,
            depth: 12,
            seldepth: 20,
            nodes: 123_456_789,
            time_ms: 999,
            nps: 5_000_000,
            pv: vec!["15x24".into(), "28x19".into()],
        },
    };
    assert_eq!(round_trip(&response), response);
}

#[wasm_bindgen_test]
fn the_worker_logic_answers_with_a_legal_move() {
    let mut answers = Vec::new();
    serve(&think(&["11-15"]), js_sys::Date::now, |r| {
        answers.push(round_trip(&r))
    });
    let Some(Response::Done { id: 7, progress }) = answers.last() else {
        panic!("no Done: {answers:?}");
    };
    let game =
        warcaby_protocol::rebuild_game("english", "B:W21-32:B1-12", &["11-15".into()]).unwrap();
    let mv = game
        .position()
        .parse_move(progress.best_move.as_deref().unwrap())
        .unwrap();
    assert!(game.legal_moves().contains(&mv));
    assert!(answers
        .iter()
        .any(|a| matches!(a, Response::Info { id: 7, .. })));
}

#[wasm_bindgen_test]
fn bad_requests_get_an_error_not_a_crash() {
    let mut answers = Vec::new();
    serve(&think(&["11-15", "11-15"]), js_sys::Date::now, |r| {
        answers.push(r)
    });
    match answers.as_slice() {
        [Response::Error { id: 7, message }] => assert!(message.contains("move 2"), "{message}"),
        other => panic!("{other:?}"),
    }
}

/// A Clobber request: 4x4 from the start, the given moves, lab settings
/// with one of the Clobber heuristics.
fn think_clobber(moves: &[&str], eval: &str) -> Request {
    Request::Think {
        id: 9,
        game: GameText::Clobber {
            start: "WBWB/BWBW/WBWB/BWBW:B".into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        },
        settings: EngineSettings::Lab {
            algorithm: "alphabeta".into(),
            eval: eval.into(),
            depth: Some(3),
        },
        time_ms: 500,
    }
}

#[wasm_bindgen_test]
fn clobber_requests_round_trip() {
    let request = think_clobber(&["a1-a2", "b1-a1"], "first_center_then_aggressive");
    assert_eq!(round_trip(&request), request);
    let mut level = think_clobber(&[], "live");
    if let Request::Think { settings, .. } = &mut level {
        *settings = EngineSettings::Level {
            level: 8,
            seed: u64::MAX,
        };
    }
    assert_eq!(round_trip(&level), level);
}

#[wasm_bindgen_test]
fn a_served_clobber_search_answers_a_legal_move() {
    for eval in ["live", "active", "group_then_fight"] {
        let mut answers = Vec::new();
        serve(&think_clobber(&["a1-a2"], eval), js_sys::Date::now, |r| {
            answers.push(round_trip(&r))
        });
        let Some(Response::Done { id: 9, progress }) = answers.last() else {
            panic!("no Done for {eval}: {answers:?}");
        };
        let pos =
            warcaby_protocol::rebuild_clobber("WBWB/BWBW/WBWB/BWBW:B", &["a1-a2".into()]).unwrap();
        let mv = pos
            .parse_move(progress.best_move.as_deref().unwrap())
            .unwrap();
        assert!(pos.legal_moves().contains(&mv), "{eval}: {progress:?}");
        assert_eq!(progress.depth, 3, "{eval}");
        assert!(answers
            .iter()
            .any(|a| matches!(a, Response::Info { id: 9, .. })));
    }
}

#[wasm_bindgen_test]
fn bad_clobber_requests_get_an_error() {
    for (request, expected) in [
        (think_clobber(&["a1-a2", "a1-a2"], "live"), "move 2"),
        (think_clobber(&[], "material"), "heuristic"),
    ] {
        let mut answers = Vec::new();
        serve(&request, js_sys::Date::now, |r| answers.push(r));
        match answers.as_slice() {
            [Response::Error { id: 9, message }] => {
                assert!(message.contains(expected), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
