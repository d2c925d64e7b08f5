//! PDN text, a game or a database: never a panic; an accepted game's PDN
//! reads back to the same moves.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::checkers::notation::pdn;
use warcaby::Variant;

fuzz_target!(|text: &str| {
    for variant in Variant::ALL {
        let _ = pdn::read_games(text, variant);
        if let Ok(game) = pdn::read_game(text, variant) {
            let written = game.to_pdn();
            let again = pdn::read_game(&written, variant).expect("our PDN reads back");
            assert!(again.game.moves().eq(game.game.moves()), "{written}");
        }
    }
});
