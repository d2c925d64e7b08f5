//! Engine checks that must hold inside WebAssembly exactly as natively:
//! perft, notation round trips, PDN, a search with the host's clock, the
//! AlphaZero network's outputs (the same as natively), and endgame tables
//! built on the one thread the worker has.

#[path = "az_outputs.rs"]
mod az_outputs;

use warcaby::checkers::ai::{search_position, CheckersEval};
use warcaby::checkers::notation::pdn::{self, PdnGame};
use warcaby::checkers::perft::perft;
use warcaby::search::{Limits, SearchConfig, Searcher};
use warcaby::{Game, Position, Variant};

fn clock() -> f64 {
    js_sys::Date::now()
}

pub(crate) fn perft_matches_the_tables() {
    assert_eq!(perft(&Position::start(Variant::English), 6), 36768);
    assert_eq!(perft(&Position::start(Variant::Russian), 6), 37986);
    assert_eq!(perft(&Position::start(Variant::Tournament), 6), 37986);
}

pub(crate) fn notation_round_trips() {
    for variant in Variant::EIGHT_BY_EIGHT {
        let pos = Position::start(variant);
        assert_eq!(Position::from_fen(&pos.to_fen(), variant), Ok(pos));
        for mv in pos.legal_moves() {
            assert_eq!(pos.parse_move(&pos.move_text(&mv)), Ok(mv));
        }
    }
    assert!(Position::from_fen("W:W99:B1", Variant::English).is_err());
}

pub(crate) fn pdn_round_trips() {
    let mut game = Game::new(Variant::Russian);
    for text in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"] {
        game.play_text(text).unwrap();
    }
    let text = PdnGame::new(game.clone()).to_pdn();
    assert_eq!(pdn::read_game(&text, Variant::English).unwrap().game, game);
}

pub(crate) fn search_finds_a_legal_move_in_time() {
    let pos = Position::start(Variant::Tournament);
    let mut engine =
        Searcher::new(SearchConfig::default(), CheckersEval::Positional).with_clock(clock);
    let start = clock();
    let r = search_position(&mut engine, &pos, Limits::time_ms(150));
    assert!(clock() - start < 1500.0);
    assert!(r.depth >= 3, "depth {}", r.depth);
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
    // A fixed depth gives the same answer as natively (deterministic).
    let mut engine =
        Searcher::new(SearchConfig::default(), CheckersEval::Positional).with_clock(clock);
    let r = search_position(
        &mut engine,
        &Position::from_fen("W:Wb2,c3,d4,f4:Ba7,d6,f6,h8", Variant::English).unwrap(),
        Limits::depth(5),
    );
    assert!(r.score >= 150);
}

/// The worker builds its endgame tables itself, on its one thread (no
/// thread may be spawned in wasm): the values are those of the native
/// build (`warcaby egdb probe`).
pub(crate) fn endgame_tables_build_on_one_thread() {
    let egdb = warcaby::checkers::egdb::build_all(Variant::English, 3, 1, |_| {}).unwrap();
    use warcaby::checkers::egdb::Value;
    for (fen, value) in [
        ("W:WK32,K28:BK1", Value::Win(31)),
        ("B:WK32,K28:BK1", Value::Loss(32)),
        ("W:WK1,K5:BK32", Value::Win(31)),
        ("W:WK29,K30:BK4", Value::Win(11)),
    ] {
        let pos = Position::from_fen(fen, Variant::English).unwrap();
        assert_eq!(egdb.probe(&pos), Some(value), "{fen}");
    }
}

/// The network file as the page fetches it (test code only: the worker
/// itself compiles no network in).
const NET: &[u8] = include_bytes!("../../nets/az-english.wazn");

pub(crate) fn the_alphazero_network_answers_as_natively() {
    let net = warcaby::az::Net::from_bytes(NET).unwrap();
    let expected = include_str!("az_outputs.txt");
    let difference = az_outputs::largest_difference(expected, &az_outputs::outputs(&net));
    assert!(difference <= 1e-5, "largest difference {difference}");
    // Speed, for the notes (not asserted): network evaluations per second.
    let pos = Position::start(Variant::English);
    let input = warcaby::az::encode(&pos);
    let batch: Vec<f32> = (0..200).flat_map(|_| input.iter().copied()).collect();
    let start = clock();
    let out = net.forward(&batch);
    let ms = clock() - start;
    assert_eq!(out.values.len(), 200);
    wasm_bindgen_test::console_log!(
        "AlphaZero network in wasm: largest difference from native {difference}, {:.0} evaluations/s",
        200_000.0 / ms.max(1.0)
    );
}

pub(crate) fn entropy_is_available() {
    let a = warcaby::core::rng::entropy_seed();
    let b = warcaby::core::rng::entropy_seed();
    assert_ne!(a, b, "getrandom works in this host");
}

/// Declares every check above as a `#[wasm_bindgen_test]`.

macro_rules! wasm_engine_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[wasm_bindgen_test::wasm_bindgen_test]
            fn $name() {
                common::$name();
            }
        )*
    };
}
