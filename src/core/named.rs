//! Choices picked by name on the command line and in the page (variants,
//! algorithms, evaluations): one mechanism for their names, `Display` and
//! `FromStr`, with an error that lists the valid names.
//!
//! ```
//! use warcaby::search::Algorithm;
//! use warcaby::Variant;
//!
//! // Names parse case-insensitively and print back as they are listed.
//! let variant: Variant = " English ".parse().unwrap();
//! assert_eq!(variant, Variant::English);
//! assert_eq!(variant.to_string(), "english");
//! assert_eq!("negascout".parse::<Algorithm>(), Ok(Algorithm::NegaScout));
//!
//! // An unknown name is refused with the valid ones.
//! let err = "checkers".parse::<Variant>().unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "unknown variant 'checkers' (expected tournament, english, russian or brazilian)"
//! );
//! ```

use std::fmt;

/// A value from a fixed list of named choices.
pub trait Named: Copy + 'static {
    /// What the choice is, for messages ("variant", "algorithm", ...).
    const WHAT: &'static str;
    /// Every choice, in the order they are listed.
    const ALL: &'static [Self];
    /// The choice's name.
    fn name(self) -> &'static str;
}

/// A name that matches none of the choices.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{given}' (expected {expected})")]
pub struct UnknownName {
    /// What kind of choice.
    pub what: &'static str,
    /// The name given.
    pub given: String,
    /// The valid names.
    pub expected: String,
}

/// Finds the choice called `text` (case-insensitive, trimmed).
pub fn parse<T: Named>(text: &str) -> Result<T, UnknownName> {
    T::ALL
        .iter()
        .copied()
        .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| UnknownName {
            what: T::WHAT,
            given: text.to_string(),
            expected: names::<T>(),
        })
}

/// The valid names, as "a, b or c".
pub fn names<T: Named>() -> String {
    let all: Vec<&str> = T::ALL.iter().map(|c| c.name()).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => all.join(""),
    }
}

/// Writes a choice's name.
pub fn display<T: Named>(choice: T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(choice.name())
}

/// Implements `Display` and `FromStr` for a [`Named`] type, and with the
/// `serde` feature `Serialize`/`Deserialize` as its name.
macro_rules! named_display_and_parse {
    ($ty:ty) => {
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::core::named::display(*self, f)
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::core::named::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::core::named::parse(s)
            }
        }

        $crate::core::named::serde_as_text!($ty);
    };
}

/// With the `serde` feature, `Serialize`/`Deserialize` for a type that
/// travels as its text: written with `Display`, read with `FromStr` (named
/// choices, and evaluations that carry more than a name).
macro_rules! serde_as_text {
    ($ty:ty) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use named_display_and_parse;
pub(crate) use serde_as_text;
