//! The board editor's position: what a click on a spot makes of it, the
//! side to move, an empty board. Every position it offers is one the engine
//! accepts (a change it refuses is skipped).

use warcaby::clobber::{ClobberGame, ClobberPosition};
use warcaby::games::AnyGame;
use warcaby::{Bitboard, Color, Game, Position, Setup, Square};

/// A position being set up in the board editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Editing {
    /// A checkers position.
    Checkers(Position),
    /// A Clobber position.
    Clobber(ClobberPosition),
}

impl Editing {
    /// The editor opened on the position after `ply` moves of `game`.
    pub fn open(game: &AnyGame, ply: usize) -> Editing {
        match game {
            AnyGame::Checkers(g) => Editing::Checkers(super::game::checkers_at(g, ply)),
            AnyGame::Clobber(g) => Editing::Clobber(*g.position_at(ply)),
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        match self {
            Editing::Checkers(pos) => pos.side_to_move(),
            Editing::Clobber(pos) => pos.side_to_move(),
        }
    }

    /// The edited position's text: a FEN, or Clobber position text.
    pub fn text(&self) -> String {
        match self {
            Editing::Checkers(pos) => pos.to_fen(),
            Editing::Clobber(pos) => pos.to_text(),
        }
    }

    /// A new game from the edited position.
    pub fn into_game(self) -> AnyGame {
        match self {
            Editing::Checkers(pos) => AnyGame::Checkers(Game::from_position(pos)),
            Editing::Clobber(pos) => AnyGame::Clobber(ClobberGame::from_position(pos)),
        }
    }

    /// What a click on `spot` makes of the position: checkers cycle through
    /// empty, white man, white king, black man, black king, skipping what
    /// the engine refuses (a man on its crowning row, a thirteenth piece);
    /// Clobber through empty, black, white. None: nothing changes.
    pub fn click(self, spot: u8) -> Option<Editing> {
        match self {
            Editing::Checkers(pos) => next_piece(&pos, Square::from_index(spot)?),
            Editing::Clobber(pos) => {
                let bit = 1u128 << spot;
                let (black, white) = (pos.stones(Color::Black), pos.stones(Color::White));
                let (black, white) = if black & bit != 0 {
                    (black & !bit, white | bit)
                } else if white & bit != 0 {
                    (black, white & !bit)
                } else {
                    (black | bit, white)
                };
                clobber_position(&pos, black, white, pos.side_to_move())
            }
        }
    }

    /// The same position with `side` to move, or (`empty`) an empty board.
    pub fn with(self, empty: bool, side: Color) -> Option<Editing> {
        match self {
            Editing::Checkers(pos) => {
                let setup = if empty {
                    Setup {
                        white: Bitboard::EMPTY,
                        black: Bitboard::EMPTY,
                        kings: Bitboard::EMPTY,
                        side_to_move: Some(side),
                    }
                } else {
                    Setup {
                        side_to_move: Some(side),
                        ..pos.to_setup()
                    }
                };
                Position::from_setup(&setup, pos.variant())
                    .ok()
                    .map(Editing::Checkers)
            }
            Editing::Clobber(pos) => {
                let (black, white) = if empty {
                    (0, 0)
                } else {
                    (pos.stones(Color::Black), pos.stones(Color::White))
                };
                clobber_position(&pos, black, white, side)
            }
        }
    }
}

/// The next piece on `sq` in the editor's cycle that the engine accepts.
fn next_piece(pos: &Position, sq: Square) -> Option<Editing> {
    let bit = Bitboard::from_square(sq);
    let base = pos.to_setup();
    let states = [
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
        (bit, Bitboard::EMPTY, Bitboard::EMPTY),
        (bit, Bitboard::EMPTY, bit),
        (Bitboard::EMPTY, bit, Bitboard::EMPTY),
        (Bitboard::EMPTY, bit, bit),
    ];
    let now = states
        .iter()
        .position(|&(w, b, k)| {
            base.white & bit == w && base.black & bit == b && base.kings & bit == k
        })
        .unwrap_or(0);
    (1..=states.len())
        .map(|step| states[(now + step) % states.len()])
        .find_map(|(w, b, k)| {
            let setup = Setup {
                white: (base.white & !bit) | w,
                black: (base.black & !bit) | b,
                kings: (base.kings & !bit) | k,
                side_to_move: Some(pos.side_to_move()),
            };
            Position::from_setup(&setup, pos.variant()).ok()
        })
        .map(Editing::Checkers)
}

/// A Clobber position on `like`'s board with these stones and side to move,
/// if the engine accepts it.
fn clobber_position(
    like: &ClobberPosition,
    black: u128,
    white: u128,
    side: Color,
) -> Option<Editing> {
    let mut stones = [0; 2];
    stones[Color::Black.index()] = black;
    stones[Color::White.index()] = white;
    ClobberPosition::from_stones(like.shape(), stones, side)
        .ok()
        .map(Editing::Clobber)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::Shape;
    use warcaby::{Role, SquareNotation, Variant};

    #[test]
    fn a_checkers_square_cycles_through_the_pieces_the_engine_accepts() {
        let empty = Editing::Checkers(Position::start(Variant::English))
            .with(true, Color::White)
            .unwrap();
        let c3 = Square::parse("c3", SquareNotation::Algebraic).unwrap();
        let mut editing = empty;
        let mut seen = Vec::new();
        for _ in 0..5 {
            editing = editing.click(c3.index() as u8).unwrap();
            let Editing::Checkers(pos) = editing else {
                panic!("checkers")
            };
            seen.push(pos.piece_at(c3).map(|p| (p.color, p.role)));
        }
        assert_eq!(
            seen,
            [
                Some((Color::White, Role::Man)),
                Some((Color::White, Role::King)),
                Some((Color::Black, Role::Man)),
                Some((Color::Black, Role::King)),
                None
            ]
        );
        assert_eq!(editing, empty);
    }

    #[test]
    fn a_clobber_cell_cycles_and_the_side_to_move_changes() {
        let game = AnyGame::Clobber(ClobberGame::new(Shape::new(2, 2).unwrap()));
        let editing = Editing::open(&game, 0).with(true, Color::White).unwrap();
        assert_eq!(editing.side_to_move(), Color::White);
        let black = editing.click(0).unwrap();
        let white = black.click(0).unwrap();
        assert_eq!(white.click(0).unwrap(), editing);
        assert!(matches!(black.into_game(), AnyGame::Clobber(_)));
    }
}
