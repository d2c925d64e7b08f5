//! The board editor's position: what a click on a spot makes of it, the
//! side to move, an empty board. Every position it offers is one the engine
//! accepts (a change it refuses is skipped).

use warcaby::games::{AnyGame, PlayedGame, SpotPiece};
use warcaby::Color;

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

/// A position being set up in the board editor: a game of the rules and
/// board being edited, with no moves, whose position the editor changes.
/// The same for every game: pieces come from [`PlayedGame::piece_kinds`]
/// and every change is checked by [`PlayedGame::set_up`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editing(AnyGame);

impl Editing {
    /// The editor opened on the position after `ply` moves of `game`.
    pub fn open(game: &AnyGame, ply: usize) -> Editing {
        let played = game.played();
        let side = played.side_at(ply);
        let at_ply = played.set_up(&played.pieces_at(ply), side);
        Editing(at_ply.unwrap_or_else(|_| played.restart()))
    }

    /// The edited position, as a game with no moves.
    pub fn as_game(&self) -> &AnyGame {
        &self.0
    }

    /// The edited position, as a game.
    fn game(&self) -> &dyn PlayedGame {
        self.0.played()
    }

    /// The pieces on the board.
    pub fn pieces(&self) -> Vec<(u8, SpotPiece)> {
        self.game().pieces_at(0)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.game().side_to_move()
    }

    /// The edited position's text: a FEN, or Clobber position text.
    pub fn text(&self) -> String {
        self.game().position_text_at(0)
    }

    /// A new game from the edited position.
    pub fn into_game(self) -> AnyGame {
        self.0
    }

    /// The position with `piece` (or nothing) on `spot`, if the rules
    /// accept it.
    fn put(&self, spot: u8, piece: Option<SpotPiece>) -> Option<Editing> {
        let mut pieces: Vec<(u8, SpotPiece)> = self
            .pieces()
            .into_iter()
            .filter(|&(s, _)| s != spot)
            .collect();
        pieces.extend(piece.map(|p| (spot, p)));
        let game = self.game().set_up(&pieces, self.side_to_move()).ok()?;
        Some(Editing(game))
    }

    /// What a click on `spot` makes of the position: the next piece of the
    /// game's cycle (checkers: empty, white man, white king, black man,
    /// black king; Clobber: empty, black, white), skipping what the engine
    /// refuses (a man on its crowning row, a thirteenth piece). None:
    /// nothing changes.
    pub fn click(&self, spot: u8) -> Option<Editing> {
        let cycle: Vec<Option<SpotPiece>> = std::iter::once(None)
            .chain(self.game().piece_kinds().into_iter().map(Some))
            .collect();
        let now = self.game().piece(spot);
        let at = cycle.iter().position(|&p| p == now).unwrap_or(0);
        (1..=cycle.len())
            .map(|step| cycle[(at + step) % cycle.len()])
            .find_map(|piece| self.put(spot, piece))
            .filter(|edited| edited != self)
    }

    /// What `brush` makes of `spot`: the next piece of the cycle, or the
    /// brush's own piece (None: the engine refuses that position, like a
    /// man on its crowning row, or a king in Clobber).
    pub fn paint(&self, spot: u8, brush: Brush) -> Option<Editing> {
        let piece = match brush {
            Brush::Cycle => return self.click(spot),
            Brush::Empty => None,
            Brush::Man(color) => Some(SpotPiece {
                color,
                crowned: false,
            }),
            Brush::King(color) => Some(SpotPiece {
                color,
                crowned: true,
            }),
        };
        if piece.is_some_and(|p| !self.game().piece_kinds().contains(&p)) {
            return None;
        }
        self.put(spot, piece)
    }

    /// The start position of the game being edited (its rules, its board).
    pub fn start(&self) -> Editing {
        Editing(self.game().restart())
    }

    /// The same position with `side` to move, or (`empty`) an empty board.
    pub fn with(&self, empty: bool, side: Color) -> Option<Editing> {
        let pieces = if empty { Vec::new() } else { self.pieces() };
        self.game().set_up(&pieces, side).ok().map(Editing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::{ClobberGame, ClobberPosition, Shape};
    use warcaby::{Game, Position, Role, Square, SquareNotation, Variant};

    fn checkers(pos: Position) -> Editing {
        Editing::open(&AnyGame::Checkers(Game::from_position(pos)), 0)
    }

    fn position(editing: &Editing) -> Position {
        match editing.clone().into_game() {
            AnyGame::Checkers(game) => *game.position(),
            _ => panic!("checkers"),
        }
    }

    #[test]
    fn a_checkers_square_cycles_through_the_pieces_the_engine_accepts() {
        let empty = checkers(Position::start(Variant::English))
            .with(true, Color::White)
            .unwrap();
        let c3 = Square::parse("c3", SquareNotation::Algebraic).unwrap();
        let mut editing = empty.clone();
        let mut seen = Vec::new();
        for _ in 0..5 {
            editing = editing.click(c3.index() as u8).unwrap();
            seen.push(position(&editing).piece_at(c3).map(|p| (p.color, p.role)));
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
        let start = checkers(Position::start(Variant::Tournament));
        let d4 = Square::parse("d4", SquareNotation::Algebraic).unwrap();
        let empty = start.with(true, Color::White).unwrap();
        let king = empty.paint(d4.index() as u8, Brush::King(Color::Black));
        let piece = position(&king.expect("a black king on d4"))
            .piece_at(d4)
            .unwrap();
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
        let emptied = start
            .paint(b8.index() as u8, Brush::Empty)
            .expect("b8 emptied");
        assert_eq!(position(&emptied).piece_at(b8), None);
        assert_eq!(emptied.start(), start);
        for brush in [
            Brush::Cycle,
            Brush::Empty,
            Brush::Man(Color::Black),
            Brush::King(Color::White),
        ] {
            assert_eq!(Brush::named(brush.name()), brush);
        }
        let start = ClobberPosition::start(Shape::new(2, 2).unwrap());
        let clobber = Editing::open(&AnyGame::Clobber(ClobberGame::from_position(start)), 0);
        assert_eq!(
            clobber.paint(0, Brush::King(Color::White)),
            None,
            "no kings in Clobber"
        );
        let white = clobber
            .paint(0, Brush::Man(Color::White))
            .expect("a white stone");
        assert!(white.pieces().contains(&(
            0,
            SpotPiece {
                color: Color::White,
                crowned: false
            }
        )));
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
