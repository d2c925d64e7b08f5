//! The engine inside WebAssembly, in headless Chromium:
//! `cargo test --target wasm32-unknown-unknown --test wasm_browser`.
#![cfg(target_arch = "wasm32")]

#[path = "wasm/common.rs"]
#[macro_use]
mod common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

wasm_engine_tests!(
    perft_matches_the_tables,
    notation_round_trips,
    pdn_round_trips,
    search_finds_a_legal_move_in_time,
    entropy_is_available,
    the_alphazero_network_answers_as_natively,
    endgame_tables_build_on_one_thread,
);
