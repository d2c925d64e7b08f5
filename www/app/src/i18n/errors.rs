//! The engine's errors in the page's language. In English the engine's own
//! words; in Polish each kind of error in Polish, with what the player
//! typed (a move, a FEN field) quoted as it was.

use super::Lang;
use warcaby::checkers::game::{GameMoveError, PlayError};
use warcaby::checkers::notation::fen::FenError;
use warcaby::checkers::notation::pdn::PdnError;
use warcaby::checkers::notation::MoveTextError;
use warcaby::clobber::ClobberError;
use warcaby::games::{GameError, PasteError};

/// Why a move, position or game text was refused.
pub fn game(lang: Lang, error: &GameError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, GameError::Fen(e)) => format!("pozycja początkowa: {}", fen(lang, e)),
        (Lang::Pl, GameError::Clobber(e)) => clobber(lang, e),
        (Lang::Pl, GameError::CheckersMove(e)) => game_move(lang, e),
        (Lang::Pl, GameError::Over) => "gra jest skończona".to_string(),
        (Lang::Pl, GameError::Replay { ply, .. }) => format!("ruchu {ply} nie da się odtworzyć"),
        (Lang::Pl, _) => "tego nie da się zrobić w tej grze".to_string(),
    }
}

/// Why a pasted text was not loaded (nothing pasted has a notice of its
/// own, `notices::paste_first`).
pub fn pasted(lang: Lang, error: &PasteError) -> String {
    match error {
        PasteError::Empty => String::new(),
        PasteError::Fen(e) => fen(lang, e),
        PasteError::Pdn(e) => pdn(lang, e),
        PasteError::PdnWithoutGame => super::notices::pdn_without_game(lang),
        PasteError::Clobber(e) => clobber(lang, e),
    }
}

/// Why a checkers move was refused.
pub fn game_move(lang: Lang, error: &GameMoveError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, GameMoveError::Text(e)) => move_text(lang, e),
        (Lang::Pl, GameMoveError::Play(PlayError::GameOver(_))) => "gra jest skończona".to_string(),
        (Lang::Pl, GameMoveError::Play(PlayError::Illegal(_))) => {
            "ten ruch jest w tej pozycji nielegalny".to_string()
        }
    }
}

/// Why a move text names no legal move.
pub fn move_text(lang: Lang, error: &MoveTextError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, MoveTextError::Malformed { text, .. }) => {
            format!("„{text}” to nie ruch (zapisuj jak 11-15, 11x18x25 albo c3-d4)")
        }
        (Lang::Pl, MoveTextError::Square { text, .. }) => {
            format!("„{text}”: nie ma takiego ciemnego pola")
        }
        (Lang::Pl, MoveTextError::Illegal { text, legal }) => {
            format!("{text} nie jest tu legalnym ruchem; legalne ruchy: {legal}")
        }
        (Lang::Pl, MoveTextError::Ambiguous { text, candidates }) => {
            format!("{text} jest niejednoznaczny; pasuje każdy z: {candidates} (zapisz całą drogę)")
        }
    }
}

/// Why a FEN was refused.
pub fn fen(lang: Lang, error: &FenError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, FenError::Empty) => "pusty FEN".to_string(),
        (Lang::Pl, FenError::SideToMove(s)) => {
            format!("strona na ruchu w FEN musi być W albo B, a jest „{s}”")
        }
        (Lang::Pl, FenError::FieldCount(n)) => format!(
            "FEN ma trzy pola, jak W:W21,22:B1,2 (strona na ruchu, białe, czarne); tu pól jest {n}"
        ),
        (Lang::Pl, FenError::FieldColor(field)) => {
            format!("pole FEN „{field}” musi zaczynać się od W albo B")
        }
        (Lang::Pl, FenError::DuplicateColor(_)) => {
            "FEN podaje bierki jednego koloru dwa razy".to_string()
        }
        (Lang::Pl, FenError::Square { field, item, .. }) => {
            format!("pole FEN nr {field}, „{item}”: nie ma takiego ciemnego pola")
        }
        (Lang::Pl, FenError::Range { field, item }) => format!(
            "pole FEN nr {field}: zły zakres „{item}” (zakresy pisz od mniejszej liczby, np. 1-12)"
        ),
        (Lang::Pl, FenError::DuplicateSquare(square)) => {
            format!("FEN podaje pole {square} dwa razy")
        }
        (Lang::Pl, FenError::Position(_)) => {
            "FEN opisuje niemożliwą pozycję (np. pionek na polu przemiany)".to_string()
        }
    }
}

/// Why a PDN was refused.
pub fn pdn(lang: Lang, error: &PdnError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, PdnError::Syntax { at, .. }) => {
            format!(
                "PDN, wiersz {}, kolumna {}: błąd zapisu",
                at.line, at.column
            )
        }
        (Lang::Pl, PdnError::Fen { at, source }) => format!(
            "PDN, wiersz {}, kolumna {}: znacznik FEN: {}",
            at.line,
            at.column,
            fen(lang, source)
        ),
        (
            Lang::Pl,
            PdnError::Move {
                at, number, source, ..
            },
        ) => format!(
            "PDN, wiersz {}, kolumna {}: ruch {number}: {}",
            at.line,
            at.column,
            game_move(lang, source)
        ),
        (Lang::Pl, PdnError::NoGame) => "w tekście PDN nie ma partii".to_string(),
    }
}

/// Why a Clobber position or move was refused.
pub fn clobber(lang: Lang, error: &ClobberError) -> String {
    match (lang, error) {
        (Lang::En, e) => e.to_string(),
        (Lang::Pl, ClobberError::Size(rows, cols)) => format!(
            "plansza {rows}x{cols} nie jest obsługiwana: wierszy i kolumn musi być od 2 do 10"
        ),
        (Lang::Pl, ClobberError::Position(_)) => "to nie jest pozycja Clobbera (wiersze z W i B od góry, potem strona na ruchu, np. WB/BW:B)".to_string(),
        (Lang::Pl, ClobberError::Move { text, .. }) => format!("ruch „{text}” jest tu niemożliwy"),
        #[allow(unreachable_patterns)]
        (Lang::Pl, _) => "niepoprawna pozycja albo ruch Clobbera".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::{Position, Variant};

    #[test]
    fn errors_speak_polish_and_quote_what_was_typed() {
        let error = Position::from_fen("X:W21:B1", Variant::Tournament).unwrap_err();
        assert_eq!(
            fen(Lang::Pl, &error),
            "strona na ruchu w FEN musi być W albo B, a jest „X”"
        );
        assert_eq!(fen(Lang::En, &error), error.to_string());
        let start = Position::from_fen("W:W21:B1", Variant::Tournament).unwrap();
        let error = start.parse_move("21-10").unwrap_err();
        let said = move_text(Lang::Pl, &error);
        assert!(
            said.starts_with("21-10 nie jest tu legalnym ruchem"),
            "{said}"
        );
    }
}
