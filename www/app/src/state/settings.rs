//! The player's settings, typed with the engine's own choices (game,
//! variant, level, algorithm, evaluations): a saved value with a name the
//! engine does not know cannot be read, so it never reaches the engine.

use super::alphazero::LabEngine;
use super::appearance::{BoardTheme, ColorScheme, PieceSet};
use super::clock::TimeControl;
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use warcaby::checkers::ai::{CheckersEval, Level};
use warcaby::clobber::{ClobberEval, Shape};
use warcaby::games::{AnyEval, EngineChoice, GameKind, GameRules, RulesChoices};
use warcaby::search::Algorithm;
use warcaby::{Color, Variant};

/// The deepest fixed depth the AI lab offers.
pub const MAX_DEPTH: u32 = 40;

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

fn six() -> u8 {
    6
}

fn five() -> u8 {
    5
}

fn yes() -> bool {
    true
}

/// Player-chosen settings. Fields added after the first saved version have
/// defaults, so older values still read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The page's language (a first visit takes the browser's).
    #[serde(default)]
    pub lang: Lang,
    /// Checkers or Clobber.
    #[serde(default)]
    pub game: GameKind,
    /// The checkers variant (international draughts included).
    pub variant: Variant,
    /// Clobber board rows (2-10).
    #[serde(default = "six")]
    pub rows: u8,
    /// Clobber board columns (2-10).
    #[serde(default = "five")]
    pub cols: u8,
    /// Clobber lab heuristic of Black.
    #[serde(default)]
    pub black_eval: ClobberEval,
    /// Clobber lab heuristic of White.
    #[serde(default)]
    pub white_eval: ClobberEval,
    /// Who plays.
    pub mode: Mode,
    /// The playing level.
    pub level: Level,
    /// The AI is the AlphaZero bot instead of the level (where it plays:
    /// English checkers).
    #[serde(default)]
    pub alphazero: bool,
    /// Thinking time per AI move (ms); with a clock, the most it takes.
    pub time_ms: u64,
    /// The clocks of the next new game (chosen in the New game dialog).
    #[serde(default)]
    pub time_control: TimeControl,
    /// AI lab on: each side's algorithm, depth and heuristic instead of
    /// the level.
    pub lab: bool,
    /// Lab engine of Black: an algorithm, or AlphaZero.
    #[serde(default)]
    pub black_algorithm: LabEngine,
    /// Lab engine of White.
    #[serde(default)]
    pub white_algorithm: LabEngine,
    /// Lab evaluation (checkers, both sides).
    pub eval: CheckersEval,
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
    /// Show coordinates (a-h and 1-8 on the board's edges).
    pub coordinates: bool,
    /// Show the dark squares' numbers (1-32): for players of the numeric
    /// notation; off for casual play.
    #[serde(default)]
    pub square_numbers: bool,
    /// The board's colours.
    #[serde(default)]
    pub board_theme: BoardTheme,
    /// How pieces are drawn.
    #[serde(default)]
    pub piece_set: PieceSet,
    /// Light, dark or as the system says.
    #[serde(default)]
    pub color_scheme: ColorScheme,
    /// Sounds of moves, captures, crowning and the game's end.
    #[serde(default = "yes")]
    pub sound: bool,
    /// Play a single legal move automatically.
    pub auto_single: bool,
    /// Pause between moves when the AI plays itself (ms).
    pub ai_delay_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::default(),
            game: GameKind::Checkers,
            variant: Variant::Tournament,
            rows: six(),
            cols: five(),
            black_eval: ClobberEval::default(),
            white_eval: ClobberEval::default(),
            mode: Mode::HumanVsAi { human_white: true },
            level: Level::new(4).expect("level 4 exists"),
            alphazero: false,
            time_ms: 1000,
            time_control: TimeControl::default(),
            lab: false,
            black_algorithm: LabEngine::Search(Algorithm::NegaScout),
            white_algorithm: LabEngine::Search(Algorithm::NegaScout),
            eval: CheckersEval::Positional,
            black_depth: 0,
            white_depth: 0,
            flipped: false,
            animate: true,
            coordinates: true,
            square_numbers: false,
            board_theme: BoardTheme::default(),
            piece_set: PieceSet::default(),
            color_scheme: ColorScheme::default(),
            sound: true,
            auto_single: true,
            ai_delay_ms: 300,
        }
    }
}

/// What the AI lab searches with for one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabSide {
    /// The search algorithm, or AlphaZero.
    pub algorithm: LabEngine,
    /// The evaluation (of the game played).
    pub eval: AnyEval,
    /// Fixed depth (0 = time only).
    pub depth: u32,
}

impl Settings {
    /// Checks what the types cannot: a board the engine can play and lab
    /// depths 0-40. (The page checks in turn that its lists offer each
    /// value.)
    pub fn validate(&self) -> Result<(), String> {
        self.clobber_shape().map_err(|e| format!("Clobber {e}"))?;
        for (side, depth) in [("Black", self.black_depth), ("White", self.white_depth)] {
            if depth > MAX_DEPTH {
                return Err(format!(
                    "{side}'s lab depth must be 0-{MAX_DEPTH}, got {depth}"
                ));
            }
        }
        Ok(())
    }

    /// The Clobber board the settings ask for.
    pub fn clobber_shape(&self) -> Result<Shape, warcaby::clobber::ClobberError> {
        Shape::new(self.rows.into(), self.cols.into())
    }

    /// The game and rules the settings ask for (a Clobber board of a size
    /// they refuse gives the default 6x5).
    pub fn rules(&self) -> GameRules {
        self.rules_for(self.game)
    }

    /// The rules the settings keep for `kind` (its variant or board),
    /// whichever game they ask for now.
    pub fn rules_for(&self, kind: GameKind) -> GameRules {
        self.rules_choices().rules(kind)
    }

    /// The rules kept for each game (a Clobber board of a size the
    /// settings refuse gives the default 6x5).
    fn rules_choices(&self) -> RulesChoices {
        RulesChoices {
            variant: self.variant,
            shape: self
                .clobber_shape()
                .unwrap_or_else(|_| Settings::default().clobber_shape().expect("6x5")),
        }
    }

    /// Asks for `rules` (a checkers variant, or Clobber on a board); the
    /// other games' choices stay for a switch back.
    pub fn set_rules(&mut self, rules: GameRules) {
        self.game = rules.kind();
        let mut choices = self.rules_choices();
        choices.choose(rules);
        let RulesChoices { variant, shape } = choices;
        self.variant = variant;
        (self.rows, self.cols) = (shape.rows() as u8, shape.cols() as u8);
    }

    /// The lab's choice for `side` in `game`: its own algorithm and depth,
    /// and its own heuristic in Clobber (checkers has one for both sides).
    pub fn lab_side(&self, side: Color, game: GameKind) -> LabSide {
        let (algorithm, depth, clobber_eval) = match side {
            Color::Black => (self.black_algorithm, self.black_depth, self.black_eval),
            Color::White => (self.white_algorithm, self.white_depth, self.white_eval),
        };
        LabSide {
            algorithm,
            eval: game.eval_among(self.eval.clone(), clobber_eval),
            depth,
        }
    }

    /// What `side` searches with in a game of `rules`: the level (with
    /// `seed`) or the AlphaZero bot, or in the lab its own algorithm, depth
    /// and heuristic (or AlphaZero). AlphaZero where it does not play gives
    /// the level, or in the lab NegaScout; a lab heuristic of the other
    /// board (the 8x8 evaluations on 10x10) gives the rules' default.
    pub fn engine_choice(&self, side: Color, rules: GameRules, seed: u64) -> EngineChoice {
        let alphazero = rules.alphazero_plays();
        if !self.lab {
            if self.alphazero && alphazero {
                return EngineChoice::AlphaZero { sims: None };
            }
            return EngineChoice::Level {
                level: self.level,
                seed,
            };
        }
        let lab = self.lab_side(side, rules.kind());
        let algorithm = match lab.algorithm {
            LabEngine::AlphaZero if alphazero => return EngineChoice::AlphaZero { sims: None },
            LabEngine::AlphaZero => Algorithm::NegaScout,
            LabEngine::Search(algorithm) => algorithm,
        };
        let eval = if rules.plays_eval(&lab.eval) {
            lab.eval
        } else {
            rules.default_eval()
        };
        EngineChoice::Lab {
            algorithm,
            eval,
            depth: (lab.depth > 0).then_some(lab.depth),
        }
    }

    /// True when an AI side of these settings plays with the AlphaZero bot
    /// (so the page needs its network).
    pub fn uses_alphazero(&self) -> bool {
        if !self.rules().alphazero_plays() {
            return false;
        }
        let ai_sides = [Color::Black, Color::White]
            .into_iter()
            .filter(|&s| self.ai_plays(s));
        if self.lab {
            ai_sides
                .map(|s| self.lab_side(s, self.game).algorithm)
                .any(|a| a == LabEngine::AlphaZero)
        } else {
            self.alphazero && ai_sides.count() > 0
        }
    }

    /// Turns every AlphaZero choice back into the level's AI (or in the lab
    /// NegaScout): where the bot does not play, or when its network cannot
    /// be loaded. True when something changed.
    pub fn drop_alphazero(&mut self) -> bool {
        let mut changed = std::mem::take(&mut self.alphazero);
        for engine in [&mut self.black_algorithm, &mut self.white_algorithm] {
            if *engine == LabEngine::AlphaZero {
                *engine = LabEngine::Search(Algorithm::NegaScout);
                changed = true;
            }
        }
        changed
    }

    /// True when the AI moves for `side`.
    pub fn ai_plays(&self, side: Color) -> bool {
        match self.mode {
            Mode::HumanVsAi { human_white } => (side == Color::White) != human_white,
            Mode::HumanVsHuman => false,
            Mode::AiVsAi => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lab_gives_each_side_its_own_choice_and_the_level_a_seed() {
        let settings = Settings {
            lab: true,
            black_algorithm: LabEngine::Search(Algorithm::Minimax),
            black_depth: 2,
            white_eval: ClobberEval::Active,
            ..Settings::default()
        };
        assert_eq!(
            settings.engine_choice(Color::Black, GameRules::Checkers(Variant::Tournament), 1),
            EngineChoice::Lab {
                algorithm: Algorithm::Minimax,
                eval: AnyEval::Checkers(CheckersEval::Positional),
                depth: Some(2),
            }
        );
        assert_eq!(
            settings.engine_choice(
                Color::White,
                GameRules::Clobber(Shape::new(6, 5).unwrap()),
                1
            ),
            EngineChoice::Lab {
                algorithm: Algorithm::NegaScout,
                eval: AnyEval::Clobber(ClobberEval::Active),
                depth: None,
            }
        );
        let level = Settings::default().engine_choice(
            Color::White,
            GameRules::Checkers(Variant::Tournament),
            9,
        );
        assert!(matches!(level, EngineChoice::Level { seed: 9, .. }));
        // On 10x10 the lab's 8x8 heuristic gives the board's own default.
        let international = GameRules::Checkers(Variant::International);
        let EngineChoice::Lab { eval, .. } = settings.engine_choice(Color::Black, international, 1)
        else {
            panic!("the lab's choice");
        };
        assert_eq!(eval, international.default_eval());
        assert!(international.plays_eval(&eval));
    }

    #[test]
    fn who_the_ai_plays_follows_the_mode() {
        let mut settings = Settings::default();
        assert!(settings.ai_plays(Color::Black) && !settings.ai_plays(Color::White));
        settings.mode = Mode::HumanVsHuman;
        assert!(!settings.ai_plays(Color::Black));
        settings.mode = Mode::AiVsAi;
        assert!(settings.ai_plays(Color::White));
    }
}
