//! The New game dialog's choices: game, rules, the player's colour (or a
//! random one), the opponent (a level of the computer, AlphaZero, or a
//! second human) and the time control; read from the settings when it
//! opens, and put into them when the game starts.

use super::alphazero::ALPHAZERO;
use super::clock::TimeControl;
use super::settings::{Mode, Settings};
use warcaby::checkers::ai::Level;
use warcaby::games::GameKind;
use warcaby::Variant;

/// The value of the dialog's "a second human" opponent.
const HUMAN: &str = "human";

/// The player's colour as chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot when the game starts.
    Random,
}

impl ColourChoice {
    /// The list's value.
    pub fn value(self) -> &'static str {
        match self {
            Self::White => "white",
            Self::Black => "black",
            Self::Random => "random",
        }
    }

    /// The choice of a list value (White for any other).
    pub fn of_value(value: &str) -> ColourChoice {
        match value {
            "black" => Self::Black,
            "random" => Self::Random,
            _ => Self::White,
        }
    }
}

/// Who the player plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer at a level.
    Computer(Level),
    /// The AlphaZero bot (English rules only).
    AlphaZero,
    /// A second human at the same screen.
    Human,
}

impl Opponent {
    /// The list's value: the level's number, `alphazero` or `human`.
    pub fn value(self) -> String {
        match self {
            Self::Computer(level) => level.to_string(),
            Self::AlphaZero => ALPHAZERO.to_string(),
            Self::Human => HUMAN.to_string(),
        }
    }

    /// The opponent of a list value (None: no such choice).
    pub fn of_value(value: &str) -> Option<Opponent> {
        match value {
            ALPHAZERO => Some(Self::AlphaZero),
            HUMAN => Some(Self::Human),
            number => number
                .parse::<i64>()
                .ok()
                .and_then(|n| Level::new(n).ok())
                .map(Self::Computer),
        }
    }
}

/// Everything the dialog asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    /// Checkers or Clobber.
    pub game: GameKind,
    /// The checkers rules.
    pub variant: Variant,
    /// The player's colour (against the computer).
    pub colour: ColourChoice,
    /// The opponent.
    pub opponent: Opponent,
    /// The clocks.
    pub time_control: TimeControl,
}

impl NewGameChoice {
    /// The dialog as the settings fill it (watching the computer play
    /// itself shows as playing White against it).
    pub fn of(settings: &Settings) -> NewGameChoice {
        let colour = match settings.mode {
            Mode::HumanVsAi { human_white: false } => ColourChoice::Black,
            _ => ColourChoice::White,
        };
        let opponent = match (settings.mode, settings.alphazero) {
            (Mode::HumanVsHuman, _) => Opponent::Human,
            (_, true) => Opponent::AlphaZero,
            (_, false) => Opponent::Computer(settings.level),
        };
        NewGameChoice {
            game: settings.game,
            variant: settings.variant,
            colour,
            opponent,
            time_control: settings.time_control,
        }
    }

    /// Puts the choice into `settings`; a random colour is White when
    /// `random_white`. The rest (the lab, the Clobber board, the looks)
    /// stays as it was.
    pub fn apply(&self, settings: &mut Settings, random_white: bool) {
        settings.game = self.game;
        settings.variant = self.variant;
        settings.time_control = self.time_control;
        let human_white = match self.colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => random_white,
        };
        settings.mode = match self.opponent {
            Opponent::Human => Mode::HumanVsHuman,
            _ => Mode::HumanVsAi { human_white },
        };
        match self.opponent {
            Opponent::Computer(level) => {
                settings.level = level;
                settings.alphazero = false;
            }
            Opponent::AlphaZero => settings.alphazero = true,
            Opponent::Human => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialog_reads_and_writes_the_settings() {
        let settings = Settings::default();
        let choice = NewGameChoice::of(&settings);
        assert_eq!(choice.colour, ColourChoice::White);
        assert_eq!(choice.opponent.value(), "4");
        let mut changed = settings.clone();
        NewGameChoice {
            game: GameKind::Checkers,
            variant: Variant::Russian,
            colour: ColourChoice::Random,
            opponent: Opponent::of_value("2").unwrap(),
            time_control: TimeControl::Blitz5,
        }
        .apply(&mut changed, false);
        assert_eq!(changed.mode, Mode::HumanVsAi { human_white: false });
        assert_eq!(
            (
                changed.variant,
                changed.level.number(),
                changed.time_control
            ),
            (Variant::Russian, 2, TimeControl::Blitz5)
        );
        let mut humans = settings.clone();
        let friend = NewGameChoice {
            opponent: Opponent::Human,
            ..choice
        };
        friend.apply(&mut humans, true);
        assert_eq!(humans.mode, Mode::HumanVsHuman);
        assert_eq!(NewGameChoice::of(&humans), friend);
        assert_eq!(Opponent::of_value("9"), None);
        assert_eq!(ColourChoice::of_value("random"), ColourChoice::Random);
    }
}
