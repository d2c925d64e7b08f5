//! Openings for `--openings FILE`, so that deterministic bots do not replay
//! one game: one opening per line, either a position as PDN FEN
//! (`W:W21-32:B1-12`) or a move sequence from the variant's start position
//! (`9-13 21-17 5-9`, the ACF three-move ballots; move numbers allowed).
//! Blank lines and text after `#` are skipped. A file that looks like PDN (a
//! tag or a numbered move first, after any byte order mark and comments) is
//! read with the PDN database reader instead: each game's moves from its
//! start position are one opening, and a bad or finished game is an error
//! that names it.

use crate::checkers::game::Game;
use crate::checkers::notation::pdn;
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;

/// One opening: how it was written and the game it gives (its start
/// position with the opening moves played).
#[derive(Clone, Debug)]
pub struct Opening {
    /// As written in the file (for the results).
    pub text: String,
    /// The start position with the opening's moves played.
    pub game: Game,
}

/// Reads an openings file's text.
pub fn parse(text: &str, variant: Variant) -> Result<Vec<Opening>, String> {
    let openings = if pdn::looks_like_pdn(text) {
        from_pdn(text, variant)?
    } else {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let opening = from_line(line, variant).map_err(|e| format!("line {}: {e}", i + 1))?;
            out.push(opening);
        }
        out
    };
    if openings.is_empty() {
        return Err("the openings file holds no opening".to_string());
    }
    Ok(openings)
}

fn from_line(line: &str, variant: Variant) -> Result<Opening, String> {
    let upper = line.to_ascii_uppercase();
    let game = if upper.starts_with("W:") || upper.starts_with("B:") {
        Game::from_position(Position::from_fen(line, variant).map_err(|e| e.to_string())?)
    } else {
        let mut game = Game::new(variant);
        for token in line.split([' ', '\t', ',']).filter(|t| !t.is_empty()) {
            let mv = strip_number(token);
            if mv.is_empty() {
                continue;
            }
            game.play_text(mv).map_err(|e| e.to_string())?;
        }
        game
    };
    check(line, game)
}

fn from_pdn(text: &str, variant: Variant) -> Result<Vec<Opening>, String> {
    pdn::split(text)
        .iter()
        .map(|raw| {
            let at = |e: String| format!("game {} (line {}): {e}", raw.number, raw.at.line);
            let g = raw.replay(variant).map_err(|e| at(e.to_string()))?;
            if g.game.variant() != variant {
                return Err(at(format!(
                    "it is for the {} variant, not {variant}",
                    g.game.variant()
                )));
            }
            let moves = pdn::write_game(&pdn::PdnGame::new(g.game.clone()));
            let movetext = moves
                .lines()
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            let text = match g.tag("FEN") {
                Some(fen) => format!("{fen} {}", movetext.trim()),
                None => movetext.trim().to_string(),
            };
            check(&text, g.game).map_err(at)
        })
        .collect()
}

/// `12.11-15` → `11-15`, `12.` and `12...` → ``.
fn strip_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

fn check(text: &str, game: Game) -> Result<Opening, String> {
    if let Some(outcome) = game.outcome() {
        return Err(format!("the opening ends the game ({outcome})"));
    }
    Ok(Opening {
        text: text.trim_end_matches(" *").to_string(),
        game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_moves_and_positions() {
        let text = "# ballots\n1. 9-13 21-17 2. 5-9\n\nW:W21,22:B5,6 # a position\n";
        let o = parse(text, Variant::English).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].text, "1. 9-13 21-17 2. 5-9");
        assert_eq!(o[0].game.ply_count(), 3);
        assert_eq!(o[1].game.start().to_fen(), "W:W21,22:B5,6");
        let err = parse("9-13 9-14\n", Variant::English).unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        assert!(parse("\n# nothing\n", Variant::English).is_err());
    }

    #[test]
    fn pdn_games() {
        let text = "[GameType \"21\"]\n1. 9-13 21-17 *\n\n[GameType \"21\"]\n1. 11-15 *\n";
        let o = parse(text, Variant::English).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].game.ply_count(), 2);
        assert_eq!(o[1].text, "1. 11-15");
        // A byte order mark and a comment before the first tag are still PDN.
        let o = parse(&format!("\u{feff}{{ballots}}\n{text}"), Variant::English).unwrap();
        assert_eq!(o.len(), 2);
    }

    #[test]
    fn bad_and_finished_pdn_games_are_named() {
        let bad = "[GameType \"21\"]\n1. 9-13 *\n[GameType \"21\"]\n1. 9-14 9-13 *\n";
        let err = parse(bad, Variant::English).unwrap_err();
        assert!(err.starts_with("game 2 (line 3):"), "{err}");
        let finished = "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n1. 14-23 *\n";
        let err = parse(finished, Variant::English).unwrap_err();
        assert!(
            err.contains("game 1") && err.contains("ends the game"),
            "{err}"
        );
    }
}
