//! The page's two languages, Polish and English. Every text the page shows
//! is a function of the language here, with both translations side by side
//! and its arguments typed, so a message can lack neither language nor an
//! argument (the compiler checks). Fluent was measured first: its runtime
//! (fluent-bundle with its plural rules and locale data) adds 50.5 KB gzip
//! to the app's wasm, against a page budget with about 24 KB to spare; this
//! costs a few KB. Move notation stays the standard one in both languages.
//!
//! - [`Lang`]: the language, a named choice saved with the settings.
//! - [`page`]: the page's fixed texts (labels, buttons, lists, rules),
//!   keyed by the `data-t` attribute of their element.
//! - the other submodules: the texts the app composes (status, notices,
//!   results, announcements, the Engine panel, errors from the engine).

pub mod errors;
pub mod flow;
pub mod howto;
pub mod notices;
pub mod page;
pub mod puzzles;
pub mod review;
pub mod words;

use serde::{Deserialize, Serialize};
use warcaby::core::named::Named;

/// The page's language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Polish.
    Pl,
}

impl Named for Lang {
    const WHAT: &'static str = "language";
    const ALL: &'static [Self] = &[Self::Pl, Self::En];
    fn name(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Pl => "pl",
        }
    }
}

by_name!(Lang);

impl Lang {
    /// The language for a browser that prefers `tags` (BCP 47, most wanted
    /// first, like `navigator.languages`): Polish for the first of Polish
    /// and English that it names, English otherwise.
    pub fn for_browser<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        for tag in tags {
            let primary = tag.split(['-', '_']).next().unwrap_or("");
            if primary.eq_ignore_ascii_case("pl") {
                return Lang::Pl;
            }
            if primary.eq_ignore_ascii_case("en") {
                return Lang::En;
            }
        }
        Lang::En
    }

    /// One of two texts: `en` in English, `pl` in Polish.
    pub fn pick<T>(self, en: T, pl: T) -> T {
        match self {
            Lang::En => en,
            Lang::Pl => pl,
        }
    }

    /// The form of a word for a count `n`: English has one and other;
    /// Polish (CLDR) one (1), few (2-4, 22-24, ... but not 12-14) and many.
    pub fn plural<'a>(self, n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
        match self {
            Lang::En => {
                if n == 1 {
                    one
                } else {
                    many
                }
            }
            Lang::Pl => {
                let (units, tens) = (n % 10, n % 100);
                if n == 1 {
                    one
                } else if (2..=4).contains(&units) && !(12..=14).contains(&tens) {
                    few
                } else {
                    many
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_language_picks_polish_only_for_pl() {
        assert_eq!(Lang::for_browser(["pl-PL", "en-US"]), Lang::Pl);
        assert_eq!(Lang::for_browser(["PL"]), Lang::Pl);
        assert_eq!(Lang::for_browser(["de-DE", "pl"]), Lang::Pl);
        assert_eq!(Lang::for_browser(["en-GB", "pl"]), Lang::En);
        assert_eq!(Lang::for_browser(["de"]), Lang::En);
        assert_eq!(Lang::for_browser([]), Lang::En);
    }

    #[test]
    fn polish_plurals_follow_cldr() {
        let word = |n| Lang::Pl.plural(n, "ruch", "ruchy", "ruchów");
        let forms: Vec<&str> = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 102, 112]
            .into_iter()
            .map(word)
            .collect();
        assert_eq!(
            forms,
            [
                "ruch", "ruchy", "ruchy", "ruchów", "ruchów", "ruchów", "ruchów", "ruchów",
                "ruchy", "ruchów", "ruchy", "ruchów"
            ]
        );
        assert_eq!(Lang::En.plural(1, "move", "", "moves"), "move");
        assert_eq!(Lang::En.plural(3, "move", "", "moves"), "moves");
    }
}
