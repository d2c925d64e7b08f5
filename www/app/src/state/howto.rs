//! The states "How to play" draws: each diagram's position with its moves
//! as the best line's arrows, in the player's board and piece looks.

use super::game::line_spots;
use super::settings::Settings;
use super::{BestLine, State};
use crate::i18n::howto::Diagram;
use warcaby::clobber::{ClobberGame, ClobberPosition};
use warcaby::games::AnyGame;
use warcaby::Variant;

/// The game of a diagram of `rules` (a variant's name, or `clobber`).
fn diagram_game(rules: &str, position: &str) -> Result<AnyGame, String> {
    if rules == "clobber" {
        let pos = match position {
            "" => ClobberPosition::start(
                Settings::default()
                    .clobber_shape()
                    .map_err(|e| e.to_string())?,
            ),
            text => ClobberPosition::parse(text).map_err(|e| e.to_string())?,
        };
        return Ok(AnyGame::Clobber(ClobberGame::from_position(pos)));
    }
    let variant = Variant::from_any_name(rules).map_err(|e| format!("{e}"))?;
    match position {
        "" => Ok(AnyGame::checkers(variant)),
        fen => AnyGame::from_fen(fen, variant).map_err(|e| e.to_string()),
    }
}

/// The state that draws `diagram` of `rules` with the looks of
/// `settings` (never flipped, coordinates on).
pub fn diagram_state(settings: &Settings, rules: &str, diagram: &Diagram) -> Result<State, String> {
    let game = diagram_game(rules, diagram.position)?;
    let texts: Vec<String> = diagram.moves.iter().map(|m| m.to_string()).collect();
    let moves = line_spots(game.played(), 0, &texts);
    let looks = Settings {
        flipped: false,
        coordinates: true,
        ..settings.clone()
    };
    let mut state = State::new(looks, game);
    state.best_line = BestLine { ply: 0, moves };
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::howto::diagrams;
    use crate::i18n::Lang;

    #[test]
    fn every_diagram_is_a_position_of_its_rules_with_legal_moves() {
        for rules in [
            "tournament",
            "english",
            "russian",
            "brazilian",
            "international",
            "clobber",
        ] {
            for diagram in diagrams(rules) {
                let state = diagram_state(&Settings::default(), rules, diagram).unwrap();
                assert_eq!(
                    state.best_line.moves.len(),
                    diagram.moves.len(),
                    "{rules}: {} {:?}",
                    diagram.position,
                    diagram.moves
                );
                assert!(
                    !diagram.caption(Lang::Pl).is_empty() && !diagram.caption(Lang::En).is_empty()
                );
            }
        }
        let clobber = &diagrams("clobber")[1];
        let state = diagram_state(&Settings::default(), "clobber", clobber).unwrap();
        assert!(state.game.outcome().is_some(), "Black has no move there");
    }
}
