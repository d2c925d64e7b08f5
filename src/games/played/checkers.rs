//! Checkers' game on either board ([`GameOf`]) as a [`PlayedGame`]: squares
//! are spots (a dark square's bit index), a capture's landings and the men
//! it takes per hop. One implementation, generic over the board's geometry.

use super::{MoveExamples, PlayedGame, SpotMove, SpotPiece};
use crate::checkers::bitboard::BitboardOf;
use crate::checkers::game::{Game, GameMoveError, GameOf};
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::moves::MoveOf;
use crate::checkers::notation::full_text;
use crate::checkers::position::{Position, PositionOf, Role, SetupOf};
use crate::checkers::rules::BoardSize;
use crate::checkers::square::{SquareNotation, SquareOf};
use crate::core::Color;
use crate::games::{AnyGame, AnyOutcome, GameError, GameKind, GameRecord, GameRules};

/// A checkers board the game abstraction plays: its games go into
/// [`AnyGame`]. The 8x8 board always; the 10x10 board with the feature
/// `international`.
pub trait PlayedBoard: Geometry {
    /// The game as a game of any kind.
    fn any_game(game: GameOf<Self>) -> AnyGame;
    /// A refused move as the abstraction's error.
    fn move_error(error: GameMoveError<Self>) -> GameError;
}

impl PlayedBoard for Board8 {
    fn any_game(game: Game) -> AnyGame {
        AnyGame::Checkers(game)
    }
    fn move_error(error: GameMoveError) -> GameError {
        GameError::CheckersMove(error)
    }
}

#[cfg(feature = "international")]
impl PlayedBoard for crate::checkers::geometry::Board10 {
    fn any_game(game: GameOf<Self>) -> AnyGame {
        AnyGame::Checkers10(game)
    }
    fn move_error(error: GameMoveError<Self>) -> GameError {
        GameError::of_move(error)
    }
}

fn checkers_spot_move<G: Geometry>(pos: &PositionOf<G>, mv: &MoveOf<G>) -> SpotMove {
    SpotMove::new(
        mv.from().index() as u8,
        mv.path().iter().map(|sq| sq.index() as u8).collect(),
        mv.hops()
            .map(|hop| {
                hop.captured
                    .into_iter()
                    .map(|sq| sq.index() as u8)
                    .collect()
            })
            .collect(),
        mv.promotes(),
        pos.move_text(mv),
    )
}

/// The checkers move with `spot`'s path and captures among the legal ones.
fn checkers_move<G: Geometry>(game: &GameOf<G>, spot: &SpotMove) -> Result<MoveOf<G>, GameError> {
    let pos = game.position();
    game.legal_moves()
        .into_iter()
        .find(|mv| checkers_spot_move(pos, mv).same_path(spot))
        .ok_or_else(|| GameError::NotLegal(spot.text.clone()))
}

/// The checkers position after `ply` moves (the position now past the end).
pub fn checkers_position_at(game: &Game, ply: usize) -> Position {
    position_at(game, ply)
}

/// The position after `ply` moves, on either board.
fn position_at<G: Geometry>(game: &GameOf<G>, ply: usize) -> PositionOf<G> {
    game.positions_and_moves()
        .nth(ply)
        .map_or(*game.position(), |(pos, _)| *pos)
}

/// Draws the board: `o`/`O` White man/king, `x`/`X` Black man/king, `-` an
/// empty dark square. Numeric variants show the square numbers beside it.
fn text_board<G: Geometry>(pos: &PositionOf<G>) -> String {
    let numeric = pos.rules().notation == SquareNotation::Numeric;
    // Rank numbers take one column on 8x8, two on 10x10.
    let w = if G::RANKS >= 10 { 2 } else { 1 };
    let files: String = (0..G::FILES)
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    let files = format!("{:w$} {files}\n", "");
    let mut out = files.clone();
    for rank in (0..G::RANKS).rev() {
        out.push_str(&format!("{:>w$}  ", rank + 1));
        let mut numbers = Vec::new();
        for file in 0..G::FILES {
            let c = match SquareOf::<G>::new(file, rank) {
                None => ' ',
                Some(sq) => {
                    numbers.push(format!("{:>2}", sq.number()));
                    match pos.piece_at(sq) {
                        None => '-',
                        Some(p) => match (p.color, p.role) {
                            (Color::White, Role::Man) => 'o',
                            (Color::White, Role::King) => 'O',
                            (Color::Black, Role::Man) => 'x',
                            (Color::Black, Role::King) => 'X',
                        },
                    }
                }
            };
            out.push(c);
            out.push(' ');
        }
        out.push_str(&format!("{:<w$}", rank + 1));
        if numeric {
            out.push_str(&format!("    {}", numbers.join(" ")));
        }
        out.push('\n');
    }
    out.push_str(&files);
    out
}

impl<G: PlayedBoard> PlayedGame for GameOf<G> {
    fn kind(&self) -> GameKind {
        GameKind::Checkers
    }
    fn rules(&self) -> GameRules {
        GameRules::Checkers(self.variant())
    }
    fn board_size(&self) -> (usize, usize) {
        (usize::from(G::FILES), usize::from(G::RANKS))
    }
    fn pieces_at(&self, ply: usize) -> Vec<(u8, SpotPiece)> {
        let pos = position_at(self, ply);
        SquareOf::<G>::all()
            .filter_map(|sq| {
                let piece = pos.piece_at(sq)?;
                let crowned = piece.role == Role::King;
                Some((
                    sq.index() as u8,
                    SpotPiece {
                        color: piece.color,
                        crowned,
                    },
                ))
            })
            .collect()
    }
    fn text_board(&self) -> String {
        text_board(self.position())
    }
    fn spot_name(&self, spot: u8) -> String {
        let notation = self.variant().rules().notation;
        SquareOf::<G>::from_index(spot)
            .map_or_else(String::new, |sq| sq.display(notation).to_string())
    }
    fn piece(&self, spot: u8) -> Option<SpotPiece> {
        let piece = self.position().piece_at(SquareOf::<G>::from_index(spot)?)?;
        Some(SpotPiece {
            color: piece.color,
            crowned: piece.role == Role::King,
        })
    }
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }
    fn ply_count(&self) -> usize {
        GameOf::ply_count(self)
    }
    fn legal_moves(&self) -> Vec<SpotMove> {
        let pos = self.position();
        GameOf::legal_moves(self)
            .iter()
            .map(|mv| checkers_spot_move(pos, mv))
            .collect()
    }
    fn capture_is_forced(&self) -> bool {
        GameOf::legal_moves(self)
            .first()
            .is_some_and(|m| m.is_capture())
    }
    fn parse_move(&self, text: &str) -> Result<SpotMove, GameError> {
        let pos = self.position();
        let mv = pos
            .parse_move(text)
            .map_err(|e| GameError::CheckersMove(e.into()))?;
        Ok(checkers_spot_move(pos, &mv))
    }
    fn play(&mut self, mv: &SpotMove) -> Result<(), GameError> {
        let mv = checkers_move(self, mv)?;
        GameOf::play(self, &mv).map_err(|e| G::move_error(e.into()))
    }
    fn undo(&mut self) -> bool {
        GameOf::undo(self).is_some()
    }
    fn redo(&mut self) -> bool {
        GameOf::redo(self).is_some()
    }
    fn outcome(&self) -> Option<AnyOutcome> {
        GameOf::outcome(self).map(AnyOutcome::Checkers)
    }
    fn record(&self) -> GameRecord {
        GameRecord::Checkers {
            variant: self.variant(),
            start_fen: self.start().to_fen(),
            moves: self
                .moves()
                .map(|m| full_text(m, self.variant().rules()))
                .collect(),
        }
    }
    fn move_list(&self) -> Vec<String> {
        self.positions_and_moves()
            .map(|(p, m)| p.move_text(m))
            .collect()
    }
    fn move_at(&self, ply: usize) -> Option<SpotMove> {
        let (pos, mv) = self.positions_and_moves().nth(ply)?;
        Some(checkers_spot_move(pos, mv))
    }
    fn position_text_at(&self, ply: usize) -> String {
        position_at(self, ply).to_fen()
    }
    fn side_at(&self, ply: usize) -> Color {
        position_at(self, ply).side_to_move()
    }
    fn position_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("fen", self.position().to_fen()),
            ("quiet", self.quiet_plies().to_string()),
        ]
    }
    fn full_move_text(&self, mv: &SpotMove) -> String {
        checkers_move(self, mv).map_or_else(
            |_| mv.text.clone(),
            |mv| full_text(&mv, self.variant().rules()),
        )
    }
    fn spot_number(&self, spot: u8) -> usize {
        SquareOf::<G>::from_index(spot).map_or(usize::from(spot), |sq| usize::from(sq.number()))
    }
    fn starts_second(&self) -> bool {
        self.start().side_to_move() != self.variant().rules().first_to_move
    }
    fn move_examples(&self) -> MoveExamples {
        match (G::SIZE, self.variant().rules().notation) {
            (BoardSize::Ten, _) => ("32-28", "28x19x10"),
            (BoardSize::Eight, SquareNotation::Numeric) => ("11-15", "11x18x25"),
            (BoardSize::Eight, SquareNotation::Algebraic) => ("c3-d4", "c3:e5:g7"),
        }
    }
    fn line_at(&self, ply: usize, texts: &[String]) -> Vec<SpotMove> {
        let mut pos = position_at(self, ply);
        let mut line = Vec::new();
        for text in texts {
            let Ok(mv) = pos.parse_move(text) else { break };
            line.push(checkers_spot_move(&pos, &mv));
            pos.play(&mv);
        }
        line
    }
    fn piece_kinds(&self) -> Vec<SpotPiece> {
        let piece = |color, crowned| SpotPiece { color, crowned };
        vec![
            piece(Color::White, false),
            piece(Color::White, true),
            piece(Color::Black, false),
            piece(Color::Black, true),
        ]
    }
    fn set_up(&self, pieces: &[(u8, SpotPiece)], side: Color) -> Result<AnyGame, GameError> {
        let mut setup = SetupOf::<G> {
            white: BitboardOf::EMPTY,
            black: BitboardOf::EMPTY,
            kings: BitboardOf::EMPTY,
            side_to_move: Some(side),
        };
        for &(spot, piece) in pieces {
            let Some(sq) = SquareOf::<G>::from_index(spot) else {
                return Err(GameError::NoSpot(spot));
            };
            let bit = BitboardOf::from_square(sq);
            match piece.color {
                Color::White => setup.white |= bit,
                Color::Black => setup.black |= bit,
            }
            if piece.crowned {
                setup.kings |= bit;
            }
        }
        let pos = PositionOf::from_setup(&setup, self.variant())?;
        Ok(G::any_game(GameOf::from_position(pos)))
    }
    fn restart(&self) -> AnyGame {
        G::any_game(GameOf::new(self.variant()))
    }
}
