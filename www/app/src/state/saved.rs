//! What survives a reload: settings and the game, as versioned JSON (kept
//! in localStorage by the page). A corrupted or old value is refused with
//! a reason to show; nothing is half restored.
//! Version 1 grew the Clobber fields compatibly: they have defaults, so a
//! value saved before Clobber existed still restores its checkers game.
//! The lab's algorithm and depth became per side the same way: a value
//! with the older shared `algorithm` and `depth` gives them to both sides.

use super::alphazero::LabEngine;
use super::settings::Settings;
use crate::json;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use warcaby::games::{AnyGame, GameRecord};

/// The localStorage key (the version is part of the value).
pub const KEY: &str = "warcaby.v1";
const VERSION: u32 = 1;

/// A game as saved: its rules' name (a variant, or `clobber`), start
/// position (FEN, or Clobber position text) and move texts (full paths for
/// checkers). The format predates [`GameRecord`] and stays, so saved games
/// still load.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SavedGame {
    variant: String,
    start_fen: String,
    moves: Vec<String>,
}

impl From<GameRecord> for SavedGame {
    fn from(record: GameRecord) -> SavedGame {
        SavedGame {
            variant: record.rules_name(),
            start_fen: record.start_text().to_string(),
            moves: record.moves().to_vec(),
        }
    }
}

impl SavedGame {
    /// The engine's record of the game (the rules read by their name).
    fn record(self) -> Result<GameRecord, String> {
        GameRecord::from_parts(&self.variant, self.start_fen, self.moves)
            .map_err(|e| format!("{e}"))
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    settings: Settings,
    game: SavedGame,
}

/// Serialises settings and game.
pub fn encode(settings: &Settings, game: &AnyGame) -> String {
    json::to_text(&Saved {
        version: VERSION,
        settings: settings.clone(),
        game: game.record().into(),
    })
    .unwrap_or_default()
}

/// The lab fields of a value saved before they were per side: the shared
/// `algorithm` and `depth`, and which sides have their own (present or
/// not: their values are read with the settings).
#[derive(Deserialize)]
struct SharedLab {
    algorithm: Option<LabEngine>,
    depth: Option<u32>,
    black_algorithm: Option<IgnoredAny>,
    white_algorithm: Option<IgnoredAny>,
    black_depth: Option<IgnoredAny>,
    white_depth: Option<IgnoredAny>,
}

/// The part of a saved value that [`SharedLab`] reads.
#[derive(Deserialize)]
struct WithSharedLab {
    settings: SharedLab,
}

impl SharedLab {
    /// Gives the shared values to both sides, unless a side has its own.
    fn share(self, settings: &mut Settings) {
        if let Some(algorithm) = self.algorithm {
            if self.black_algorithm.is_none() {
                settings.black_algorithm = algorithm;
            }
            if self.white_algorithm.is_none() {
                settings.white_algorithm = algorithm;
            }
        }
        if let Some(depth) = self.depth {
            if self.black_depth.is_none() {
                settings.black_depth = depth;
            }
            if self.white_depth.is_none() {
                settings.white_depth = depth;
            }
        }
    }
}

/// Reads what [`encode`] wrote (or an older version 1 value), rebuilding
/// the game with the engine's rules; any problem is an error to show.
pub fn decode(text: &str) -> Result<(Settings, AnyGame), String> {
    let unreadable = |e: String| format!("unreadable saved data ({e})");
    let mut saved: Saved = json::from_text(text).map_err(unreadable)?;
    let shared: WithSharedLab = json::from_text(text).map_err(unreadable)?;
    shared.settings.share(&mut saved.settings);
    if saved.version != VERSION {
        return Err(format!("saved data of an old version ({})", saved.version));
    }
    saved.settings.validate()?;
    let game = AnyGame::from_record(&saved.game.record()?).map_err(|e| e.to_string())?;
    if saved.settings.rules().name() != game.played().rules_name() {
        return Err("saved settings and game disagree on the variant".to_string());
    }
    Ok((saved.settings, game))
}

#[cfg(test)]
mod tests;
