//! What survives a reload: settings and the game, as versioned JSON in
//! localStorage. A corrupted or old value is discarded with a notice.

use serde::{Deserialize, Serialize};
use warcaby::notation::full_text;
use warcaby::Game;

/// The localStorage key (the version is part of the value).
pub const KEY: &str = "warcaby.v1";
const VERSION: u32 = 1;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// A human against the AI; `human_white` says which side the human has.
    HumanVsAi {
        /// The human plays White.
        human_white: bool,
    },
    /// Two humans at one board.
    HumanVsHuman,
    /// Watch the AI play itself.
    AiVsAi,
}

/// Player-chosen settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Variant name.
    pub variant: String,
    /// Who plays.
    pub mode: Mode,
    /// Level 1-8.
    pub level: u8,
    /// Thinking time per AI move (ms).
    pub time_ms: u64,
    /// AI lab on: algorithm/eval/depth below instead of the level.
    pub lab: bool,
    /// Lab algorithm.
    pub algorithm: String,
    /// Lab evaluation.
    pub eval: String,
    /// Lab fixed depth (0 = time only).
    pub depth: u32,
    /// Board flipped (Black at the bottom).
    pub flipped: bool,
    /// Animate moves.
    pub animate: bool,
    /// Show coordinates.
    pub coordinates: bool,
    /// Play a single legal move automatically.
    pub auto_single: bool,
    /// Pause between moves when the AI plays itself (ms).
    pub ai_delay_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: "tournament".to_string(),
            mode: Mode::HumanVsAi { human_white: true },
            level: 4,
            time_ms: 1000,
            lab: false,
            algorithm: "negascout".to_string(),
            eval: "positional".to_string(),
            depth: 0,
            flipped: false,
            animate: true,
            coordinates: true,
            auto_single: true,
            ai_delay_ms: 300,
        }
    }
}

/// A game as text: variant, start FEN and full move paths.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Variant name.
    pub variant: String,
    /// Start position.
    pub start_fen: String,
    /// Moves as full paths.
    pub moves: Vec<String>,
}

impl SavedGame {
    /// The text form of a game.
    pub fn of(game: &Game) -> SavedGame {
        SavedGame {
            variant: game.variant().name().to_string(),
            start_fen: game.start().to_fen(),
            moves: game
                .moves()
                .map(|m| full_text(m, game.variant().rules()))
                .collect(),
        }
    }

    /// Rebuilds the game, checking every move with the engine.
    pub fn restore(&self) -> Result<Game, String> {
        warcaby_protocol::rebuild_game(&self.variant, &self.start_fen, &self.moves)
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    settings: Settings,
    game: SavedGame,
}

/// Serialises settings and game.
pub fn encode(settings: &Settings, game: &Game) -> String {
    serde_json::to_string(&Saved {
        version: VERSION,
        settings: settings.clone(),
        game: SavedGame::of(game),
    })
    .unwrap_or_default()
}

/// Reads what [`encode`] wrote; any problem is an error to show.
pub fn decode(text: &str) -> Result<(Settings, Game), String> {
    let saved: Saved =
        serde_json::from_str(text).map_err(|e| format!("unreadable saved data ({e})"))?;
    if saved.version != VERSION {
        return Err(format!("saved data of an old version ({})", saved.version));
    }
    let game = saved.game.restore()?;
    if saved.settings.variant != game.variant().name() {
        return Err("saved settings and game disagree on the variant".to_string());
    }
    Ok((saved.settings, game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::Variant;

    #[test]
    fn round_trip() {
        let mut game = Game::new(Variant::Russian);
        game.play_text("c3-d4").unwrap();
        game.play_text("f6-e5").unwrap();
        let settings = Settings {
            variant: "russian".into(),
            ..Settings::default()
        };
        let (s, g) = decode(&encode(&settings, &game)).unwrap();
        assert_eq!(s, settings);
        assert_eq!(g, game);
    }

    #[test]
    fn corrupted_values_are_refused() {
        assert!(decode("{not json").is_err());
        assert!(decode("{\"version\":0}").is_err());
        let good = encode(&Settings::default(), &Game::new(Variant::Tournament));
        let bad_move = good.replace("\"moves\":[]", "\"moves\":[\"1-5\"]");
        assert!(decode(&bad_move).unwrap_err().contains("move 1"));
        let old = good.replace("\"version\":1", "\"version\":0");
        assert!(decode(&old).unwrap_err().contains("old version"));
    }
}
