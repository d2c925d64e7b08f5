//! The board editor's position: what a click on a spot makes of it, the
//! side to move, an empty board. Every position it offers is one the engine
//! accepts (a change it refuses is skipped).

use warcaby::clobber::{ClobberGame, ClobberPosition};
use warcaby::games::AnyGame;
use warcaby::{Bitboard, Color, Game, Position, Setup, Square};

/// What a click on the editor's board puts there: the next piece in the
/// cycle, or the piece chosen in the palette.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    /// The next in the cycle (empty, white man, white king, black man,
    /// black king; in Clobber empty, black, white).
    #[default]
    Cycle,
    /// Empties the spot.
    Empty,
    /// A man (in Clobber: a stone) of that colour.
    Man(Color),
    /// A king of that colour (checkers only).
    King(Color),
}

impl Brush {
    /// The palette's value of the brush, as `index.html` names it.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Cycle => "cycle",
            Brush::Empty => "empty",
            Brush::Man(Color::White) => "white-man",
            Brush::Man(Color::Black) => "black-man",
            Brush::King(Color::White) => "white-king",
            Brush::King(Color::Black) => "black-king",
        }
    }

    /// The brush the palette's value names (the cycle for any other).
    pub fn named(name: &str) -> Brush {
        [
            Brush::Empty,
            Brush::Man(Color::White),
            Brush::Man(Color::Black),
            Brush::King(Color::White),
            Brush::King(Color::Black),
        ]
        .into_iter()
        .find(|b| b.name() == name)
        .unwrap_or(Brush::Cycle)
    }
}

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

    /// What `brush` makes of `spot`: the next piece of the cycle, or the
    /// brush's own piece (None: the engine refuses that position, like a
    /// man on its crowning row, or a king in Clobber).
    pub fn paint(self, spot: u8, brush: Brush) -> Option<Editing> {
        let color = match brush {
            Brush::Cycle => return self.click(spot),
            Brush::Empty => None,
            Brush::Man(c) | Brush::King(c) => Some(c),
        };
        match self {
            Editing::Checkers(pos) => {
                let bit = Bitboard::from_square(Square::from_index(spot)?);
                let base = pos.to_setup();
                let only = |side: Color| {
                    if color == Some(side) {
                        bit
                    } else {
                        Bitboard::EMPTY
                    }
                };
                let setup = Setup {
                    white: (base.white & !bit) | only(Color::White),
                    black: (base.black & !bit) | only(Color::Black),
                    kings: (base.kings & !bit)
                        | if matches!(brush, Brush::King(_)) {
                            bit
                        } else {
                            Bitboard::EMPTY
                        },
                    side_to_move: Some(pos.side_to_move()),
                };
                Position::from_setup(&setup, pos.variant())
                    .ok()
                    .map(Editing::Checkers)
            }
            Editing::Clobber(_) if matches!(brush, Brush::King(_)) => None,
            Editing::Clobber(pos) => {
                let bit = 1u128 << spot;
                let only = |side: Color| if color == Some(side) { bit } else { 0 };
                let black = (pos.stones(Color::Black) & !bit) | only(Color::Black);
                let white = (pos.stones(Color::White) & !bit) | only(Color::White);
                clobber_position(&pos, black, white, pos.side_to_move())
            }
        }
    }

    /// The start position of the game being edited (its rules, its board).
    pub fn start(self) -> Editing {
        match self {
            Editing::Checkers(pos) => Editing::Checkers(Position::start(pos.variant())),
            Editing::Clobber(pos) => Editing::Clobber(ClobberPosition::start(pos.shape())),
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
    fn the_palette_puts_its_piece_and_the_engine_still_decides() {
        let start = Editing::Checkers(Position::start(Variant::Tournament));
        let d4 = Square::parse("d4", SquareNotation::Algebraic).unwrap();
        let empty = start.with(true, Color::White).unwrap();
        let Some(Editing::Checkers(pos)) = empty.paint(d4.index() as u8, Brush::King(Color::Black))
        else {
            panic!("a black king on d4");
        };
        let piece = pos.piece_at(d4).unwrap();
        assert_eq!((piece.color, piece.role), (Color::Black, Role::King));
        // A thirteenth black piece, or a white man on its crowning row, is refused.
        assert_eq!(
            start.paint(d4.index() as u8, Brush::Man(Color::Black)),
            None
        );
        let b8 = Square::parse("b8", SquareNotation::Algebraic).unwrap();
        assert_eq!(
            start.paint(b8.index() as u8, Brush::Man(Color::White)),
            None
        );
        let Some(Editing::Checkers(emptied)) = start.paint(b8.index() as u8, Brush::Empty) else {
            panic!("b8 emptied");
        };
        assert_eq!(emptied.piece_at(b8), None);
        assert_eq!(Editing::Checkers(emptied).start(), start);
        for brush in [
            Brush::Cycle,
            Brush::Empty,
            Brush::Man(Color::Black),
            Brush::King(Color::White),
        ] {
            assert_eq!(Brush::named(brush.name()), brush);
        }
        let clobber = Editing::Clobber(ClobberPosition::start(Shape::new(2, 2).unwrap()));
        assert_eq!(
            clobber.paint(0, Brush::King(Color::White)),
            None,
            "no kings in Clobber"
        );
        let Some(Editing::Clobber(white)) = clobber.paint(0, Brush::Man(Color::White)) else {
            panic!("a white stone");
        };
        assert_eq!(white.stones(Color::White) & 1, 1);
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
