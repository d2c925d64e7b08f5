//! What survives a reload: settings and the game, as versioned JSON in
//! localStorage. A corrupted or old value is discarded with a notice.
//! Version 1 grew the Clobber fields compatibly: they have defaults, so a
//! value saved before Clobber existed still restores its checkers game.

use crate::clobber::ClobberGame;
use crate::Current;
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

/// The game name of Clobber (in settings and saved games).
pub const CLOBBER: &str = "clobber";
/// The game name of checkers.
pub const CHECKERS: &str = "checkers";

fn checkers() -> String {
    CHECKERS.to_string()
}
fn six() -> u8 {
    6
}
fn five() -> u8 {
    5
}
fn live() -> String {
    "live".to_string()
}

/// Player-chosen settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// `checkers` or `clobber`.
    #[serde(default = "checkers")]
    pub game: String,
    /// Checkers variant name.
    pub variant: String,
    /// Clobber board rows (2-10).
    #[serde(default = "six")]
    pub rows: u8,
    /// Clobber board columns (2-10).
    #[serde(default = "five")]
    pub cols: u8,
    /// Clobber lab heuristic of Black.
    #[serde(default = "live")]
    pub black_eval: String,
    /// Clobber lab heuristic of White.
    #[serde(default = "live")]
    pub white_eval: String,
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
            game: checkers(),
            variant: "tournament".to_string(),
            rows: six(),
            cols: five(),
            black_eval: live(),
            white_eval: live(),
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

/// A game as text: variant (`clobber` for Clobber), start position (FEN,
/// or Clobber position text) and move texts (full paths for checkers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Variant name, or `clobber`.
    pub variant: String,
    /// Start position.
    pub start_fen: String,
    /// Moves as full paths.
    pub moves: Vec<String>,
}

impl SavedGame {
    /// The text form of a checkers game.
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

    /// The text form of either game.
    pub fn of_current(game: &Current) -> SavedGame {
        match game {
            Current::Checkers(game) => SavedGame::of(game),
            Current::Clobber(game) => SavedGame {
                variant: CLOBBER.to_string(),
                start_fen: game.start().to_text(),
                moves: game.move_texts(),
            },
        }
    }

    /// Rebuilds the game, checking every move with the engine.
    pub fn restore(&self) -> Result<Current, String> {
        if self.variant == CLOBBER {
            return ClobberGame::from_texts(&self.start_fen, &self.moves).map(Current::Clobber);
        }
        warcaby_protocol::rebuild_game(&self.variant, &self.start_fen, &self.moves)
            .map(Current::Checkers)
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    settings: Settings,
    game: SavedGame,
}

/// Serialises settings and game.
pub fn encode(settings: &Settings, game: &Current) -> String {
    serde_json::to_string(&Saved {
        version: VERSION,
        settings: settings.clone(),
        game: SavedGame::of_current(game),
    })
    .unwrap_or_default()
}

/// Reads what [`encode`] wrote; any problem is an error to show.
pub fn decode(text: &str) -> Result<(Settings, Current), String> {
    let saved: Saved =
        serde_json::from_str(text).map_err(|e| format!("unreadable saved data ({e})"))?;
    if saved.version != VERSION {
        return Err(format!("saved data of an old version ({})", saved.version));
    }
    let game = saved.game.restore()?;
    let agree = match &game {
        Current::Checkers(game) => {
            saved.settings.game == CHECKERS && saved.settings.variant == game.variant().name()
        }
        Current::Clobber(_) => saved.settings.game == CLOBBER,
    };
    if !agree {
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
        let (s, g) = decode(&encode(&settings, &Current::Checkers(game.clone()))).unwrap();
        assert_eq!(s, settings);
        assert_eq!(g, Current::Checkers(game));
    }

    #[test]
    fn clobber_round_trip() {
        let mut game = ClobberGame::new(4, 4).unwrap();
        game.play_text("a1-a2").unwrap();
        let settings = Settings {
            game: CLOBBER.into(),
            rows: 4,
            cols: 4,
            white_eval: "active".into(),
            ..Settings::default()
        };
        let text = encode(&settings, &Current::Clobber(game.clone()));
        assert!(text.contains("\"variant\":\"clobber\""), "{text}");
        let (s, g) = decode(&text).unwrap();
        assert_eq!(s, settings);
        assert_eq!(g, Current::Clobber(game));
        // Settings that say checkers with a Clobber game are refused.
        let wrong = text.replace("\"game\":\"clobber\"", "\"game\":\"checkers\"");
        assert!(decode(&wrong).unwrap_err().contains("disagree"));
        let bad = text.replace("a1-a2", "a1-b2");
        assert!(decode(&bad).unwrap_err().contains("move 1"));
    }

    #[test]
    fn values_saved_before_clobber_still_load() {
        let old = r#"{"version":1,"settings":{"variant":"english","mode":"HumanVsHuman","level":3,
            "time_ms":500,"lab":false,"algorithm":"negascout","eval":"positional","depth":0,
            "flipped":false,"animate":true,"coordinates":true,"auto_single":true,"ai_delay_ms":300},
            "game":{"variant":"english","start_fen":"B:W21-32:B1-12","moves":["11-15"]}}"#;
        let (s, g) = decode(old).unwrap();
        assert_eq!((s.game.as_str(), s.rows, s.cols), (CHECKERS, 6, 5));
        assert!(matches!(g, Current::Checkers(g) if g.ply_count() == 1));
    }

    #[test]
    fn corrupted_values_are_refused() {
        assert!(decode("{not json").is_err());
        assert!(decode("{\"version\":0}").is_err());
        let good = encode(
            &Settings::default(),
            &Current::Checkers(Game::new(Variant::Tournament)),
        );
        let bad_move = good.replace("\"moves\":[]", "\"moves\":[\"1-5\"]");
        assert!(decode(&bad_move).unwrap_err().contains("move 1"));
        let old = good.replace("\"version\":1", "\"version\":0");
        assert!(decode(&old).unwrap_err().contains("old version"));
    }
}
