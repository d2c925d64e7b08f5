//! The browser's saved game (localStorage JSON): never a panic; what is
//! accepted saves and restores to the same game and settings.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby_app::state::saved::{decode, encode};

fuzz_target!(|text: &str| {
    if let Ok((settings, game)) = decode(text) {
        let saved = encode(&settings, &game);
        let (settings2, game2) = decode(&saved).expect("our saved data reads back");
        assert_eq!(encode(&settings2, &game2), saved);
    }
});
