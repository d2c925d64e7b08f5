//! What survives a reload: settings and the game, as versioned JSON in
//! localStorage. A corrupted or old value is discarded with a notice.
//! Version 1 grew the Clobber fields compatibly: they have defaults, so a
//! value saved before Clobber existed still restores its checkers game.
//! The lab's algorithm and depth became per side the same way: a value
//! with the older shared `algorithm` and `depth` gives them to both sides.

use crate::clobber::ClobberGame;
use crate::Current;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use warcaby::checkers::ai::{CheckersEval, Level};
use warcaby::checkers::notation::full_text;
use warcaby::clobber::{ClobberEval, Shape};
use warcaby::search::Algorithm;
use warcaby::{Color, Game, Variant};

/// The deepest fixed depth the AI lab offers.
pub const MAX_DEPTH: u32 = 40;

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
fn negascout() -> String {
    "negascout".to_string()
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
    /// AI lab on: each side's algorithm, depth and heuristic instead of
    /// the level.
    pub lab: bool,
    /// Lab algorithm of Black.
    #[serde(default = "negascout")]
    pub black_algorithm: String,
    /// Lab algorithm of White.
    #[serde(default = "negascout")]
    pub white_algorithm: String,
    /// Lab evaluation (checkers, both sides).
    pub eval: String,
    /// Lab fixed depth of Black (0 = time only).
    #[serde(default)]
    pub black_depth: u32,
    /// Lab fixed depth of White (0 = time only).
    #[serde(default)]
    pub white_depth: u32,
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
            black_algorithm: negascout(),
            white_algorithm: negascout(),
            eval: "positional".to_string(),
            black_depth: 0,
            white_depth: 0,
            flipped: false,
            animate: true,
            coordinates: true,
            auto_single: true,
            ai_delay_ms: 300,
        }
    }
}

/// What the AI lab searches with for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabSide<'a> {
    /// `minimax`, `alphabeta` or `negascout`.
    pub algorithm: &'a str,
    /// The heuristic's name.
    pub eval: &'a str,
    /// Fixed depth (0 = time only).
    pub depth: u32,
}

impl Settings {
    /// Checks every setting the engine and the page use: names the engine
    /// knows, a level it has, a board it can play, lab depths 0-40. (The
    /// page checks in turn that its lists offer each value.)
    pub fn validate(&self) -> Result<(), String> {
        let named = |e: warcaby::core::named::UnknownName| e.to_string();
        if self.game != CHECKERS && self.game != CLOBBER {
            return Err(format!("unknown game '{}'", self.game));
        }
        self.variant.parse::<Variant>().map_err(named)?;
        Level::new(self.level.into()).map_err(|e| e.to_string())?;
        Shape::new(self.rows.into(), self.cols.into()).map_err(|e| format!("Clobber {e}"))?;
        for (side, depth) in [("Black", self.black_depth), ("White", self.white_depth)] {
            if depth > MAX_DEPTH {
                return Err(format!(
                    "{side}'s lab depth must be 0-{MAX_DEPTH}, got {depth}"
                ));
            }
        }
        for name in [&self.black_algorithm, &self.white_algorithm] {
            name.parse::<Algorithm>().map_err(named)?;
        }
        self.eval.parse::<CheckersEval>().map_err(named)?;
        for name in [&self.black_eval, &self.white_eval] {
            name.parse::<ClobberEval>().map_err(named)?;
        }
        Ok(())
    }

    /// The lab's choice for `side`: its own algorithm and depth, and its
    /// own heuristic in Clobber (checkers has one for both sides).
    pub fn lab_side(&self, side: Color, clobber: bool) -> LabSide<'_> {
        let (algorithm, depth, clobber_eval) = match side {
            Color::Black => (&self.black_algorithm, self.black_depth, &self.black_eval),
            Color::White => (&self.white_algorithm, self.white_depth, &self.white_eval),
        };
        LabSide {
            algorithm,
            eval: if clobber { clobber_eval } else { &self.eval },
            depth,
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

/// Gives the shared lab `algorithm` and `depth` of values saved before
/// they were per side to both sides (unless a side has its own).
fn share_lab_fields(settings: &mut Map<String, Value>) {
    for (shared, sides) in [
        ("algorithm", ["black_algorithm", "white_algorithm"]),
        ("depth", ["black_depth", "white_depth"]),
    ] {
        if let Some(value) = settings.remove(shared) {
            for side in sides {
                settings.entry(side).or_insert_with(|| value.clone());
            }
        }
    }
}

/// Reads what [`encode`] wrote (or an older version 1 value); any problem
/// is an error to show.
pub fn decode(text: &str) -> Result<(Settings, Current), String> {
    let unreadable = |e: serde_json::Error| format!("unreadable saved data ({e})");
    let mut value: Value = serde_json::from_str(text).map_err(unreadable)?;
    if let Some(settings) = value.get_mut("settings").and_then(Value::as_object_mut) {
        share_lab_fields(settings);
    }
    let saved: Saved = serde_json::from_value(value).map_err(unreadable)?;
    if saved.version != VERSION {
        return Err(format!("saved data of an old version ({})", saved.version));
    }
    saved.settings.validate()?;
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
    fn a_shared_lab_algorithm_and_depth_apply_to_both_sides() {
        let old = r#"{"version":1,"settings":{"game":"clobber","variant":"tournament",
            "rows":4,"cols":4,"black_eval":"active","white_eval":"live","mode":"AiVsAi",
            "level":4,"time_ms":1000,"lab":true,"algorithm":"minimax","eval":"positional",
            "depth":3,"flipped":false,"animate":true,"coordinates":true,"auto_single":true,
            "ai_delay_ms":300},"game":{"variant":"clobber","start_fen":"WBWB/BWBW/WBWB/BWBW:B",
            "moves":["a1-a2"]}}"#;
        let (s, g) = decode(old).unwrap();
        for side in [Color::Black, Color::White] {
            let lab = s.lab_side(side, true);
            assert_eq!((lab.algorithm, lab.depth), ("minimax", 3), "{side:?}");
        }
        assert_eq!(s.lab_side(Color::Black, true).eval, "active");
        assert_eq!(s.lab_side(Color::White, false).eval, "positional");
        assert!(matches!(&g, Current::Clobber(g) if g.ply_count() == 1));
        // Saved again, the value has per-side fields only, and reads back the same.
        let text = encode(&s, &g);
        assert!(!text.contains("\"algorithm\""), "{text}");
        assert!(text.contains("\"white_depth\":3"), "{text}");
        assert_eq!(decode(&text).unwrap().0, s);
        // A side's own value wins over a shared one.
        let mixed = old.replace("\"depth\":3", "\"depth\":3,\"white_depth\":5");
        let s = decode(&mixed).unwrap().0;
        assert_eq!((s.black_depth, s.white_depth), (3, 5));
        // A shared value of the wrong type is still refused as unreadable.
        let bad = old.replace("\"depth\":3", "\"depth\":\"deep\"");
        assert!(decode(&bad).unwrap_err().contains("unreadable saved data"));
    }

    #[test]
    fn per_side_lab_settings_round_trip() {
        let settings = Settings {
            lab: true,
            black_algorithm: "minimax".into(),
            black_depth: 2,
            white_algorithm: "alphabeta".into(),
            white_depth: 4,
            ..Settings::default()
        };
        let game = Current::Checkers(Game::new(Variant::Tournament));
        let (s, _) = decode(&encode(&settings, &game)).unwrap();
        assert_eq!(s, settings);
        let black = s.lab_side(Color::Black, false);
        let white = s.lab_side(Color::White, false);
        assert_eq!((black.algorithm, black.depth), ("minimax", 2));
        assert_eq!((white.algorithm, white.depth), ("alphabeta", 4));
        assert_eq!((black.eval, white.eval), ("positional", "positional"));
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

    #[test]
    fn every_setting_is_checked() {
        let game = Current::Checkers(Game::new(Variant::Tournament));
        type Spoil = fn(&mut Settings);
        let spoilt: [(Spoil, &str); 10] = [
            (|s| s.level = 99, "level must be 1-8, got 99"),
            (|s| s.level = 0, "level must be 1-8, got 0"),
            (|s| s.rows = 99, "Clobber board 99x5 is not supported"),
            (|s| s.cols = 1, "Clobber board 6x1 is not supported"),
            (
                |s| s.black_depth = 999,
                "Black's lab depth must be 0-40, got 999",
            ),
            (
                |s| s.white_algorithm = "magic".into(),
                "unknown algorithm 'magic'",
            ),
            (|s| s.eval = "luck".into(), "'luck'"),
            (|s| s.black_eval = "luck".into(), "'luck'"),
            (|s| s.variant = "polish".into(), "unknown variant 'polish'"),
            (|s| s.game = "chess".into(), "unknown game 'chess'"),
        ];
        for (spoil, reason) in spoilt {
            let mut settings = Settings::default();
            spoil(&mut settings);
            let error = decode(&encode(&settings, &game)).unwrap_err();
            assert!(error.contains(reason), "{error} lacks {reason}");
        }
        assert!(Settings::default().validate().is_ok());
    }
}
