//! A pasted text read as a game of the rules in play: checkers takes a FEN
//! or a PDN game, Clobber its position text. The page's import asks the
//! rules to read it, so it never needs to know which formats a game has.

use super::review::GameReview;
use super::{AnyGame, GameRules};
use crate::checkers::game::Game;
#[cfg(feature = "international")]
use crate::checkers::game::GameOf;
use crate::checkers::notation::fen::FenError;
use crate::checkers::notation::pdn::{self, PdnError};
use crate::checkers::position::Position;
#[cfg(feature = "international")]
use crate::checkers::rules::BoardSize;
use crate::checkers::rules::Variant;
use crate::clobber::{ClobberError, ClobberGame, ClobberPosition};

/// What a game's positions are pasted as, for the prompt shown when
/// nothing was pasted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PastedText {
    /// A FEN position or a PDN game (checkers).
    FenOrPdn,
    /// The game's own position text, rows top to bottom (Clobber's
    /// `WBWB/BWBW:B`).
    PositionText,
}

/// Why a pasted text is not a game of the rules in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// Nothing was pasted.
    Empty,
    /// A FEN the rules do not accept.
    Fen(FenError),
    /// A PDN text that is not a game of the rules.
    Pdn(PdnError),
    /// A PDN of tags alone, which would replace the game with an empty one.
    PdnWithoutGame,
    /// A Clobber position text that is not a position.
    Clobber(ClobberError),
}

impl GameRules {
    /// What this game's positions are pasted as.
    pub fn pasted_text(self) -> PastedText {
        match self {
            GameRules::Checkers(_) => PastedText::FenOrPdn,
            GameRules::Clobber(_) => PastedText::PositionText,
        }
    }

    /// Reads a pasted text (already trimmed) as a game of these rules' game: a
    /// checkers FEN or PDN game by these rules (a PDN's GameType tag may
    /// name others), or a Clobber position text of any board.
    pub fn read_pasted(self, text: &str) -> Result<AnyGame, PasteError> {
        self.read_pasted_reviewed(text).map(|(game, _)| game)
    }

    /// As [`GameRules::read_pasted`], with the game review a reviewed PDN
    /// holds in its comments ([`GameReview::from_pdn`]), so that a game
    /// reviewed and saved loads back with its marks.
    pub fn read_pasted_reviewed(
        self,
        text: &str,
    ) -> Result<(AnyGame, Option<GameReview>), PasteError> {
        if text.is_empty() {
            return Err(PasteError::Empty);
        }
        match self {
            GameRules::Checkers(variant) => {
                let looks_like_fen =
                    !text.contains('[') && !text.contains('.') && text.contains(':')
                        || text.starts_with("[FEN");
                if looks_like_fen {
                    return read_fen(text, variant).map(|game| (game, None));
                }
                read_pdn(text, variant)
            }
            GameRules::Clobber(_) => ClobberPosition::parse(text)
                .map(|pos| (AnyGame::Clobber(ClobberGame::from_position(pos)), None))
                .map_err(PasteError::Clobber),
        }
    }
}

/// A checkers FEN by `variant`, on its board.
fn read_fen(text: &str, variant: Variant) -> Result<AnyGame, PasteError> {
    #[cfg(feature = "international")]
    if variant.board() == BoardSize::Ten {
        return crate::checkers::international::Position::from_fen(text, variant)
            .map(|start| AnyGame::Checkers10(GameOf::from_position(start)))
            .map_err(PasteError::Fen);
    }
    Position::from_fen(text, variant)
        .map(|start| AnyGame::Checkers(Game::from_position(start)))
        .map_err(PasteError::Fen)
}

/// A PDN game, by its GameType's rules (else `variant`'s) on their board:
/// a build with the feature `international` reads 10x10 games too.
fn read_pdn(text: &str, variant: Variant) -> Result<(AnyGame, Option<GameReview>), PasteError> {
    let raw = pdn::split(text);
    let first = raw.first().ok_or(PasteError::Pdn(PdnError::NoGame))?;
    #[cfg(feature = "international")]
    if first.variant(variant).map_err(PasteError::Pdn)?.board() == BoardSize::Ten {
        let pdn = first
            .replay_on::<crate::checkers::geometry::Board10>(variant)
            .map_err(PasteError::Pdn)?;
        return with_review(AnyGame::Checkers10(pdn.game.clone()), &pdn);
    }
    let pdn = first.replay(variant).map_err(PasteError::Pdn)?;
    with_review(AnyGame::Checkers(pdn.game.clone()), &pdn)
}

/// `game` read from `pdn`, with the review its comments hold; a PDN of
/// tags alone is refused (it would replace the game with an empty one).
fn with_review<G: crate::checkers::geometry::Geometry>(
    game: AnyGame,
    pdn: &pdn::PdnGameOf<G>,
) -> Result<(AnyGame, Option<GameReview>), PasteError> {
    if game.ply_count() == 0 && pdn.tag("FEN").is_none() {
        return Err(PasteError::PdnWithoutGame);
    }
    let review = GameReview::from_comments(&game, &pdn.comments);
    Ok((game, review))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::rules::Variant;
    use crate::clobber::Shape;

    #[test]
    fn each_game_reads_its_own_texts() {
        let checkers = GameRules::Checkers(Variant::English);
        assert_eq!(checkers.read_pasted(""), Err(PasteError::Empty));
        let game = checkers.read_pasted("W:W21-32:B1-12").unwrap();
        assert_eq!(game.kind(), checkers.kind());
        let played = checkers.read_pasted("1. 11-15 23-19 *").unwrap();
        assert_eq!(played.ply_count(), 2);
        assert_eq!(
            checkers.read_pasted("[Event \"x\"]\n*"),
            Err(PasteError::PdnWithoutGame)
        );
        let clobber = GameRules::Clobber(Shape::new(6, 5).unwrap());
        assert_eq!(clobber.pasted_text(), PastedText::PositionText);
        let game = clobber.read_pasted("WB/BW:B").unwrap();
        assert_eq!(game.played().board_size(), (2, 2));
        assert!(matches!(
            clobber.read_pasted("W:W21-32:B1-12"),
            Err(PasteError::Clobber(_))
        ));
    }

    #[test]
    fn a_reviewed_pdn_brings_its_review_and_a_plain_one_none() {
        let checkers = GameRules::Checkers(Variant::English);
        let plain = "1. 11-15 23-19 2. 8-11 *";
        assert_eq!(checkers.read_pasted_reviewed(plain).unwrap().1, None);
        let reviewed = "1. 11-15 {[%eval +0.05]} 23-19 {[%eval -0.02]} \
             2. 12-16 {[%eval +0.40] blunder; better 8-11 (8-11 22-18)} *";
        let (game, review) = checkers.read_pasted_reviewed(reviewed).unwrap();
        assert_eq!(game.ply_count(), 3);
        let review = review.expect("the comments hold a review");
        let blunder = &review.moves[2];
        assert_eq!(blunder.played, "12-16");
        assert_eq!(blunder.mark, Some(crate::games::review::Mark::Blunder));
        assert_eq!(blunder.best_move.as_deref(), Some("8-11"));
        assert_eq!(
            checkers.read_pasted_reviewed("W:W21-32:B1-12").unwrap().1,
            None
        );
    }

    #[cfg(feature = "international")]
    #[test]
    fn international_draughts_reads_its_fens_and_a_game_type_20_pdn_anywhere() {
        let international = GameRules::Checkers(Variant::International);
        let game = international
            .read_pasted("W:W46,35:B41,32,22,11,5,30")
            .unwrap();
        assert!(matches!(game, AnyGame::Checkers10(_)));
        assert_eq!(game.played().rules(), international);
        // Square 51 is off the board: refused as a FEN, saying where.
        assert!(matches!(
            international.read_pasted("W:W51:B1"),
            Err(PasteError::Fen(_))
        ));
        // A GameType 20 game is read on 10x10 whatever the rules in play.
        let english = GameRules::Checkers(Variant::English);
        let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
        let game = english.read_pasted(pdn).unwrap();
        assert_eq!(game.played().rules(), international);
        assert_eq!(game.ply_count(), 4);
        // And an 8x8 game stays 8x8 while 10x10 is in play.
        let game = international
            .read_pasted("[GameType \"21\"]\n1. 11-15 *")
            .unwrap();
        assert_eq!(game.played().rules(), english);
        assert_eq!(
            international.read_pasted("[Event \"x\"]\n[GameType \"20\"]\n*"),
            Err(PasteError::PdnWithoutGame)
        );
    }
}
