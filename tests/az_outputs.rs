//! The shipped AlphaZero network's outputs natively, against the fixture
//! the wasm tests check too (`tests/wasm/az_outputs.txt`). After a change of
//! the network, rewrite the fixture with
//! `WARCABY_BLESS=1 cargo test --test az_outputs`.
#![cfg(feature = "shipped-net")]

#[path = "wasm/az_outputs.rs"]
mod az_outputs;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wasm/az_outputs.txt");

#[test]
fn the_shipped_network_gives_the_fixture_outputs() {
    let net = warcaby::az::shipped_net();
    let actual = az_outputs::outputs(&net);
    if std::env::var_os("WARCABY_BLESS").is_some() {
        std::fs::write(FIXTURE, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(FIXTURE).unwrap();
    // Exact on the machine that wrote it; other libms may round exp/tanh apart.
    let difference = az_outputs::largest_difference(&expected, &actual);
    assert!(difference <= 1e-6, "largest difference {difference}");
}
