//! A game given in the page's address: `#pdn=<the PDN, percent-encoded>`
//! (what `warcaby arena --site URL` links each game of its report to), so
//! that a click opens the game on the board, its moves in the move list.
//! The fragment never reaches a server.

/// Why a link's PDN could not be read (the notice words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// A `%` not followed by two hex digits, at this byte.
    BrokenEscape(usize),
    /// The bytes are not UTF-8 text.
    NotText,
}

/// The PDN in a URL fragment (`#pdn=...`, alone or among `&`-separated
/// parameters): None when there is none; Err when its percent-encoding is
/// broken or it is not UTF-8. A `+` stays a `+` (a fragment is not a
/// form), as `encodeURIComponent` leaves it encoded.
pub fn pdn_in_fragment(fragment: &str) -> Option<Result<String, LinkError>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let value = fragment
        .split('&')
        .find_map(|part| part.strip_prefix("pdn="))?;
    Some(percent_decode(value))
}

fn percent_decode(text: &str) -> Result<String, LinkError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or(LinkError::BrokenEscape(i))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| LinkError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_pdn_of_a_fragment() {
        let pdn = "[White \"a b\"]\n1. 9-13 22-18 *";
        let encoded = "%5BWhite%20%22a%20b%22%5D%0A1.%209-13%2022-18%20*";
        assert_eq!(
            pdn_in_fragment(&format!("#pdn={encoded}")),
            Some(Ok(pdn.into()))
        );
        assert_eq!(
            pdn_in_fragment(&format!("x=1&pdn={encoded}")),
            Some(Ok(pdn.into()))
        );
        assert_eq!(pdn_in_fragment("#pdn=%C5%BC+"), Some(Ok("ż+".into())));
        assert_eq!(pdn_in_fragment("#x=1"), None);
        assert_eq!(pdn_in_fragment(""), None);
    }

    #[test]
    fn a_broken_link_says_why() {
        let broken = |f: &str| pdn_in_fragment(f).unwrap().unwrap_err();
        assert_eq!(broken("#pdn=1.%2"), LinkError::BrokenEscape(2));
        assert_eq!(broken("#pdn=ab%zz"), LinkError::BrokenEscape(2));
        assert_eq!(broken("#pdn=%FF%FE"), LinkError::NotText);
    }
}
