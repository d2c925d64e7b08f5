//! A pasted text read as a game of the rules in play: checkers takes a FEN
//! or a PDN game, Clobber its position text. The page's import asks the
//! rules to read it, so it never needs to know which formats a game has.

use super::review::GameReview;
use super::{AnyGame, GameRules};
use crate::checkers::game::Game;
use crate::checkers::notation::fen::FenError;
use crate::checkers::notation::pdn::{self, PdnError};
use crate::checkers::position::Position;
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
                    let game = Position::from_fen(text, variant)
                        .map(Game::from_position)
                        .map_err(PasteError::Fen)?;
                    return Ok((AnyGame::Checkers(game), None));
                }
                let pdn = pdn::read_game(text, variant).map_err(PasteError::Pdn)?;
                if pdn.game.ply_count() == 0 && pdn.tag("FEN").is_none() {
                    return Err(PasteError::PdnWithoutGame);
                }
                let review = GameReview::from_pdn(&pdn);
                Ok((AnyGame::Checkers(pdn.game), review))
            }
            GameRules::Clobber(_) => ClobberPosition::parse(text)
                .map(|pos| (AnyGame::Clobber(ClobberGame::from_position(pos)), None))
                .map_err(PasteError::Clobber),
        }
    }
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
}
