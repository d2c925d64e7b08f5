//! The page's fixed texts, in both languages: an element of `index.html`
//! with `data-t="key"` gets the text of `key` as its content, and one with
//! `data-t-label`, `data-t-placeholder` or `data-t-title` the text of that
//! key as its `aria-label`, `placeholder` or `title`. The page's HTML holds
//! the English text too, for the first paint; a test checks every key the
//! page names is here and every key here is named.

use super::Lang;

/// The attributes (besides the content, `data-t`) that take a text: the
/// marking attribute and the attribute it fills.
pub const ATTRIBUTES: [(&str, &str); 3] = [
    ("data-t-label", "aria-label"),
    ("data-t-placeholder", "placeholder"),
    ("data-t-title", "title"),
];

/// Key, English, Polish.
pub const TEXTS: &[(&str, &str, &str)] = &[
    ("language", "Language", "Język"),
    (
        "tagline",
        "Checkers and Clobber against a strong AI — and a lab to watch it think.",
        "Warcaby i Clobber z silną sztuczną inteligencją — i laboratorium, w którym widać, jak myśli.",
    ),
];

/// The text of `key` in `lang`, if there is such a key.
pub fn text(lang: Lang, key: &str) -> Option<&'static str> {
    all_texts()
        .find(|(k, _, _)| *k == key)
        .map(|&(_, en, pl)| lang.pick(en, pl))
}

/// The page's texts and the game flow's (kept apart in
/// [`super::flow::PAGE_TEXTS`]).
fn all_texts() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    TEXTS.iter().chain(super::flow::PAGE_TEXTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    const PAGE: &str = include_str!("../../../../index.html");

    /// Every key the page names in `attribute="key"`.
    fn keys_in_page(attribute: &str) -> Vec<String> {
        let marker = format!("{attribute}=\"");
        PAGE.match_indices(&marker)
            .map(|(at, _)| {
                let rest = &PAGE[at + marker.len()..];
                rest[..rest.find('"').expect("a closing quote")].to_string()
            })
            .collect()
    }

    #[test]
    fn every_key_of_the_page_has_both_texts_and_every_text_is_used() {
        let mut named = BTreeSet::new();
        for attribute in std::iter::once("data-t").chain(ATTRIBUTES.map(|(a, _)| a)) {
            for key in keys_in_page(attribute) {
                assert!(
                    text(Lang::Pl, &key).is_some(),
                    "no text for {attribute}=\"{key}\""
                );
                named.insert(key);
            }
        }
        let mut seen = BTreeSet::new();
        for (key, en, pl) in all_texts() {
            assert!(seen.insert(*key), "{key} is listed twice");
            assert!(named.contains(*key), "{key} is named nowhere in the page");
            assert!(
                !en.trim().is_empty() && !pl.trim().is_empty(),
                "{key} lacks a text"
            );
        }
    }
}
