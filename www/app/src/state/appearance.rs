//! How the page looks and sounds, as the player chose: the board's
//! colours, the piece set, light or dark, and the sounds of moves. Plain
//! named choices (saved by name, listed by name in the form); the colours
//! themselves are the view's ([`crate::view::render`]).

use serde::{Deserialize, Serialize};
use warcaby::core::named::Named;

/// The board's square colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardTheme {
    /// Brown wood: light maple and dark walnut.
    #[default]
    Wood,
    /// Tournament green on cream.
    Green,
    /// Blue and pale grey-blue.
    Blue,
    /// Slate grey, calm in a dark room.
    Slate,
}

impl Named for BoardTheme {
    const WHAT: &'static str = "board";
    const ALL: &'static [Self] = &[Self::Wood, Self::Green, Self::Blue, Self::Slate];
    fn name(self) -> &'static str {
        match self {
            Self::Wood => "wood",
            Self::Green => "green",
            Self::Blue => "blue",
            Self::Slate => "slate",
        }
    }
}

/// How pieces (and Clobber stones) are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    /// Turned wood: a rim and an inner ring, with a shadow.
    #[default]
    Classic,
    /// Flat discs with a thin edge: plain and high in contrast.
    Flat,
    /// Glossy discs lit from the top left.
    Glossy,
}

impl Named for PieceSet {
    const WHAT: &'static str = "piece set";
    const ALL: &'static [Self] = &[Self::Classic, Self::Flat, Self::Glossy];
    fn name(self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::Flat => "flat",
            Self::Glossy => "glossy",
        }
    }
}

/// Light or dark page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorScheme {
    /// As the system says (`prefers-color-scheme`).
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Named for ColorScheme {
    const WHAT: &'static str = "colour scheme";
    const ALL: &'static [Self] = &[Self::System, Self::Light, Self::Dark];
    fn name(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }
}

by_name!(BoardTheme, PieceSet, ColorScheme);

/// What a played move sounds like (one sound a move: the most telling).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A plain move.
    Move,
    /// A move that captured.
    Capture,
    /// A man crowned.
    Crown,
    /// The move ended the game.
    GameEnd,
    /// A player's clock went under ten seconds.
    LowTime,
}

impl Sound {
    /// The sound of a move that captured (`captured`), crowned (`crowned`)
    /// and perhaps ended the game (`over`).
    pub fn of_move(captured: bool, crowned: bool, over: bool) -> Sound {
        match (over, crowned, captured) {
            (true, _, _) => Sound::GameEnd,
            (_, true, _) => Sound::Crown,
            (_, _, true) => Sound::Capture,
            _ => Sound::Move,
        }
    }

    /// Its name, as the page reports it (`data-sound` on the board).
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Crown => "crown",
            Sound::GameEnd => "end",
            Sound::LowTime => "low-time",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_read_back_by_name_and_unknown_names_are_refused() {
        for theme in BoardTheme::ALL {
            assert_eq!(theme.to_string().parse::<BoardTheme>(), Ok(*theme));
        }
        for set in PieceSet::ALL {
            assert_eq!(set.to_string().parse::<PieceSet>(), Ok(*set));
        }
        assert!("plaid".parse::<BoardTheme>().is_err());
        let saved: ColorScheme = serde_json::from_str("\"dark\"").unwrap();
        assert_eq!(saved, ColorScheme::Dark);
        assert!(serde_json::from_str::<PieceSet>("\"neon\"").is_err());
    }

    #[test]
    fn the_most_telling_sound_wins() {
        assert_eq!(Sound::of_move(false, false, false), Sound::Move);
        assert_eq!(Sound::of_move(true, false, false), Sound::Capture);
        assert_eq!(Sound::of_move(true, true, false), Sound::Crown);
        assert_eq!(Sound::of_move(true, true, true), Sound::GameEnd);
    }
}
