//! Messages between page and worker survive the trip through JavaScript
//! values, in headless Chromium:
//! `cargo test --target wasm32-unknown-unknown -p warcaby-protocol --test wasm_browser`.
#![cfg(target_arch = "wasm32")]

use warcaby_protocol::{serve, EngineSettings, Progress, Request, Response};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    let js = warcaby_protocol::to_js(value).unwrap();
    warcaby_protocol::from_js(js).unwrap()
}

fn think(moves: &[&str]) -> Request {
    Request::Think {
        id: 7,
        variant: "english".into(),
        start_fen: "B:W21-32:B1-12".into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
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
