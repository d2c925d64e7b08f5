//! Playing a game of either kind: its moves, their text, the outcome, and
//! the saved form.

use super::{AnyGame, AnyMove, AnyOutcome, GameError, GameKind, GameRecord};
use crate::checkers::game::Game;
#[cfg(feature = "international")]
use crate::checkers::game::GameOf;
use crate::checkers::notation::full_text;
use crate::checkers::position::Position;
#[cfg(feature = "international")]
use crate::checkers::rules::BoardSize;
use crate::checkers::rules::Variant;
use crate::clobber::ClobberGame;
use crate::core::Color;

impl AnyGame {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.played().kind()
    }

    /// The side to move now.
    pub fn side_to_move(&self) -> Color {
        self.played().side_to_move()
    }

    /// Number of moves played.
    pub fn ply_count(&self) -> usize {
        self.played().ply_count()
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Checkers(g) => g.legal_moves().into_iter().map(AnyMove::Checkers).collect(),
            #[cfg(feature = "international")]
            AnyGame::Checkers10(g) => g
                .legal_moves()
                .into_iter()
                .map(AnyMove::Checkers10)
                .collect(),
            AnyGame::Clobber(g) => g.legal_moves().into_iter().map(AnyMove::Clobber).collect(),
        }
    }

    /// True when a capture is the only kind of move allowed now (checkers'
    /// mandatory capture; never in Clobber, where every move captures).
    pub fn capture_is_forced(&self) -> bool {
        self.played().capture_is_forced()
    }

    /// The shortest text naming `mv` among the current legal moves.
    pub fn move_text(&self, mv: &AnyMove) -> String {
        match (self, mv) {
            (AnyGame::Checkers(g), AnyMove::Checkers(m)) => g.position().move_text(m),
            #[cfg(feature = "international")]
            (AnyGame::Checkers10(g), AnyMove::Checkers10(m)) => g.position().move_text(m),
            (AnyGame::Clobber(g), AnyMove::Clobber(m)) => g.position().move_text(m),
            _ => String::new(),
        }
    }

    /// The text naming `mv` in full (a capture's whole path).
    pub fn full_move_text(&self, mv: &AnyMove) -> String {
        match (self, mv) {
            (AnyGame::Checkers(g), AnyMove::Checkers(m)) => full_text(m, g.position().rules()),
            #[cfg(feature = "international")]
            (AnyGame::Checkers10(g), AnyMove::Checkers10(m)) => full_text(m, g.position().rules()),
            _ => self.move_text(mv),
        }
    }

    /// The moves played, as full texts (what [`GameRecord`] saves).
    pub fn move_texts(&self) -> Vec<String> {
        self.played().record().moves().to_vec()
    }

    /// Reads a move text in the current position.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, GameError> {
        match self {
            AnyGame::Checkers(g) => g
                .position()
                .parse_move(text)
                .map(AnyMove::Checkers)
                .map_err(|e| GameError::CheckersMove(e.into())),
            #[cfg(feature = "international")]
            AnyGame::Checkers10(g) => g
                .position()
                .parse_move(text)
                .map(AnyMove::Checkers10)
                .map_err(|e| GameError::CheckersMove(e.into())),
            AnyGame::Clobber(g) => Ok(AnyMove::Clobber(g.position().parse_move(text)?)),
        }
    }

    /// Plays a legal move; anything else is refused and changes nothing.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), GameError> {
        match (self, mv) {
            (AnyGame::Checkers(g), AnyMove::Checkers(m)) => {
                g.play(m).map_err(|e| GameError::CheckersMove(e.into()))
            }
            #[cfg(feature = "international")]
            (AnyGame::Checkers10(g), AnyMove::Checkers10(m)) => {
                g.play(m).map_err(|e| GameError::of_move(e.into()))
            }
            (AnyGame::Clobber(g), AnyMove::Clobber(m)) => Ok(g.play(m)?),
            (_, AnyMove::Clobber(_)) => Err(GameError::WrongGame(GameKind::Clobber)),
            // A move of the other checkers board is as foreign as another game's.
            (_, _) => Err(GameError::WrongGame(GameKind::Checkers)),
        }
    }

    /// Reads and plays a move text.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, GameError> {
        let mv = self.parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Takes the last move back.
    pub fn undo(&mut self) -> Option<AnyMove> {
        match self {
            AnyGame::Checkers(g) => g.undo().map(AnyMove::Checkers),
            #[cfg(feature = "international")]
            AnyGame::Checkers10(g) => g.undo().map(AnyMove::Checkers10),
            AnyGame::Clobber(g) => g.undo().map(AnyMove::Clobber),
        }
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self) -> Option<AnyMove> {
        match self {
            AnyGame::Checkers(g) => g.redo().map(AnyMove::Checkers),
            #[cfg(feature = "international")]
            AnyGame::Checkers10(g) => g.redo().map(AnyMove::Checkers10),
            AnyGame::Clobber(g) => g.redo().map(AnyMove::Clobber),
        }
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<AnyOutcome> {
        self.played().outcome()
    }

    /// The game as its start and move texts.
    pub fn record(&self) -> GameRecord {
        self.played().record()
    }

    /// Rebuilds a game from its record, checking every move with the rules.
    pub fn from_record(record: &GameRecord) -> Result<AnyGame, GameError> {
        match record {
            GameRecord::Checkers {
                variant,
                start_fen,
                moves,
            } => replay(AnyGame::from_fen(start_fen, *variant)?, moves),
            GameRecord::Clobber { start, moves } => {
                let start = crate::clobber::ClobberPosition::parse(start)?;
                replay(AnyGame::Clobber(ClobberGame::from_position(start)), moves)
            }
        }
    }
}

impl AnyGame {
    /// A new checkers game of `variant` on its board (8x8, or 10x10 in a
    /// build with the feature `international`), from its start position.
    pub fn checkers(variant: Variant) -> AnyGame {
        #[cfg(feature = "international")]
        if variant.board() == BoardSize::Ten {
            return AnyGame::Checkers10(GameOf::new(variant));
        }
        AnyGame::Checkers(Game::new(variant))
    }

    /// A checkers game of `variant` from the position `fen` on its board
    /// (a FEN of the other board's squares is refused; so is a 10x10
    /// variant in a build without the feature `international`, by the
    /// 8x8 reader).
    pub fn from_fen(fen: &str, variant: Variant) -> Result<AnyGame, GameError> {
        #[cfg(feature = "international")]
        if variant.board() == BoardSize::Ten {
            let start = crate::checkers::international::Position::from_fen(fen, variant)?;
            return Ok(AnyGame::Checkers10(GameOf::from_position(start)));
        }
        Ok(AnyGame::Checkers(Game::from_position(Position::from_fen(
            fen, variant,
        )?)))
    }
}

fn replay(mut game: AnyGame, moves: &[String]) -> Result<AnyGame, GameError> {
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text).map_err(|e| GameError::Replay {
            ply: i + 1,
            reason: e.to_string(),
        })?;
    }
    Ok(game)
}
