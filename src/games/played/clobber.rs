//! Clobber's [`ClobberGame`] as a [`PlayedGame`]: cells are spots, and
//! every move is one step onto the stone it takes.

use super::{MoveExamples, PlayedGame, SpotMove, SpotPiece};
use crate::clobber::{ClobberGame, ClobberMove, ClobberPosition};
use crate::core::Color;
use crate::games::{AnyGame, AnyOutcome, GameError, GameKind, GameRecord, GameRules};

fn clobber_spot_move(pos: &ClobberPosition, mv: &ClobberMove) -> SpotMove {
    SpotMove::new(
        mv.from,
        vec![mv.to],
        vec![vec![mv.to]],
        false,
        pos.move_text(mv),
    )
}

impl PlayedGame for ClobberGame {
    fn kind(&self) -> GameKind {
        GameKind::Clobber
    }
    fn rules(&self) -> GameRules {
        GameRules::Clobber(self.start().shape())
    }
    fn board_size(&self) -> (usize, usize) {
        let shape = self.start().shape();
        (shape.cols(), shape.rows())
    }
    fn pieces_at(&self, ply: usize) -> Vec<(u8, SpotPiece)> {
        let pos = self.position_at(ply);
        (0..pos.shape().cells() as u8)
            .flat_map(|cell| {
                [Color::White, Color::Black]
                    .into_iter()
                    .filter(move |&color| pos.stones(color) & (1u128 << cell) != 0)
                    .map(move |color| {
                        (
                            cell,
                            SpotPiece {
                                color,
                                crowned: false,
                            },
                        )
                    })
            })
            .collect()
    }
    fn text_board(&self) -> String {
        self.position().to_string()
    }
    fn spot_name(&self, spot: u8) -> String {
        self.position().shape().name(spot as usize)
    }
    fn piece(&self, spot: u8) -> Option<SpotPiece> {
        let pos = self.position();
        let bit = 1u128.checked_shl(u32::from(spot))?;
        let color = [Color::White, Color::Black]
            .into_iter()
            .find(|&color| pos.stones(color) & bit != 0)?;
        Some(SpotPiece {
            color,
            crowned: false,
        })
    }
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }
    fn ply_count(&self) -> usize {
        ClobberGame::ply_count(self)
    }
    fn legal_moves(&self) -> Vec<SpotMove> {
        let pos = self.position();
        ClobberGame::legal_moves(self)
            .iter()
            .map(|mv| clobber_spot_move(pos, mv))
            .collect()
    }
    fn capture_is_forced(&self) -> bool {
        false
    }
    fn parse_move(&self, text: &str) -> Result<SpotMove, GameError> {
        let pos = self.position();
        Ok(clobber_spot_move(pos, &pos.parse_move(text)?))
    }
    fn play(&mut self, mv: &SpotMove) -> Result<(), GameError> {
        let legal = ClobberGame::legal_moves(self)
            .into_iter()
            .find(|m| (m.from, m.to) == (mv.from, mv.to()))
            .ok_or_else(|| GameError::NotLegal(mv.text.clone()))?;
        Ok(ClobberGame::play(self, &legal)?)
    }
    fn undo(&mut self) -> bool {
        ClobberGame::undo(self).is_some()
    }
    fn redo(&mut self) -> bool {
        ClobberGame::redo(self).is_some()
    }
    fn outcome(&self) -> Option<AnyOutcome> {
        ClobberGame::outcome(self).map(AnyOutcome::Clobber)
    }
    fn record(&self) -> GameRecord {
        GameRecord::Clobber {
            start: self.start().to_text(),
            moves: self.move_texts(),
        }
    }
    fn move_list(&self) -> Vec<String> {
        self.move_texts()
    }
    fn move_at(&self, ply: usize) -> Option<SpotMove> {
        let mv = self.moves().get(ply)?;
        Some(clobber_spot_move(self.position_at(ply), mv))
    }
    fn position_text_at(&self, ply: usize) -> String {
        self.position_at(ply).to_text()
    }
    fn side_at(&self, ply: usize) -> Color {
        self.position_at(ply).side_to_move()
    }
    fn position_fields(&self) -> Vec<(&'static str, String)> {
        vec![("position", self.position().to_text())]
    }
    fn starts_second(&self) -> bool {
        let first = ClobberPosition::start(self.start().shape()).side_to_move();
        self.start().side_to_move() != first
    }
    fn move_examples(&self) -> MoveExamples {
        ("b3-b4", "b3-b4")
    }
    fn line_at(&self, ply: usize, texts: &[String]) -> Vec<SpotMove> {
        let mut pos = *self.position_at(ply);
        let mut line = Vec::new();
        for text in texts {
            let Ok(mv) = pos.parse_move(text) else { break };
            line.push(clobber_spot_move(&pos, &mv));
            pos = pos.after(&mv);
        }
        line
    }
    fn piece_kinds(&self) -> Vec<SpotPiece> {
        [Color::Black, Color::White]
            .map(|color| SpotPiece {
                color,
                crowned: false,
            })
            .to_vec()
    }
    fn set_up(&self, pieces: &[(u8, SpotPiece)], side: Color) -> Result<AnyGame, GameError> {
        let shape = self.start().shape();
        let mut stones = [0u128; 2];
        for &(cell, piece) in pieces {
            if piece.crowned || usize::from(cell) >= shape.cells() {
                return Err(GameError::NoSpot(cell));
            }
            stones[piece.color.index()] |= 1u128 << cell;
        }
        let pos = ClobberPosition::from_stones(shape, stones, side)?;
        Ok(AnyGame::Clobber(ClobberGame::from_position(pos)))
    }
    fn restart(&self) -> AnyGame {
        AnyGame::Clobber(ClobberGame::new(self.start().shape()))
    }
}
