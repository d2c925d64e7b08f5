//! What the player sees: the board's geometry ([`Surface`]), the marks
//! computed from the state, the drawing and the move animation. Only the
//! drawing itself touches the canvas.

pub mod animation;
pub mod marks;
pub mod render;
pub mod scene;

use crate::state::State;
use render::{Board, BoardView, Grid, Squares};
use warcaby::games::GameKind;

/// The board on screen, whichever game: where each spot (a checkers
/// square's index or a Clobber cell) is, in canvas pixels and board units,
/// and its drawing. The one place that picks a game's renderer.
pub struct Surface(Box<dyn BoardView>);

impl Surface {
    /// The board of `state`'s game, `size` CSS pixels wide.
    pub fn of(state: &State, size: f64) -> Surface {
        let s = &state.settings;
        let (flipped, coordinates, pieces) = (s.flipped, s.coordinates, s.piece_set);
        let (cols, rows) = state.screen_size();
        Surface(match state.game.kind() {
            GameKind::Checkers => Box::new(Board {
                size,
                squares: Squares::of_rules(state.game.played().rules()),
                flipped,
                coordinates,
                numbers: s.square_numbers,
                theme: s.board_theme,
                pieces,
            }),
            GameKind::Clobber => Box::new(Grid {
                size,
                rows,
                cols,
                flipped,
                coordinates,
                pieces,
            }),
        })
    }

    /// The board's renderer.
    pub fn board(&self) -> &dyn BoardView {
        self.0.as_ref()
    }

    /// A spot's centre in board units.
    pub fn centre(&self, spot: u8) -> (f64, f64) {
        self.0.centre(spot)
    }

    /// The spot under a canvas point (CSS pixels), if any.
    pub fn spot_at(&self, x: f64, y: f64) -> Option<u8> {
        self.0.spot_at(x, y)
    }

    /// A canvas point in board units (cells).
    pub fn units(&self, x: f64, y: f64) -> (f64, f64) {
        self.0.units(x, y)
    }

    /// The spot at a screen column and row (0,0 top-left), if any.
    pub fn spot_on_screen(&self, (col, row): (usize, usize)) -> Option<u8> {
        self.0.spot_on_screen(col, row)
    }

    /// The canvas side in CSS pixels.
    pub fn size(&self) -> f64 {
        self.0.size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::settings::Settings;
    use warcaby::checkers::international::Square as Square10;
    use warcaby::clobber::{ClobberGame, Shape};
    use warcaby::games::{AnyGame, GameRules};
    use warcaby::{Game, Variant};

    #[test]
    fn spots_and_points_agree_on_both_boards() {
        let games = [
            AnyGame::Checkers(Game::new(Variant::English)),
            AnyGame::Clobber(ClobberGame::new(Shape::new(4, 6).unwrap())),
            GameRules::Checkers(Variant::International).new_game(),
        ];
        // 480 pixels: checkers cells of 60; a 4x6 grid of 80, 80 from the
        // top; the 10x10 board's cells of 48.
        for (game, cell, top) in games
            .into_iter()
            .zip([(60.0, 0.0), (80.0, 80.0), (48.0, 0.0)])
            .map(|(g, (c, t))| (g, c, t))
        {
            let state = State::new(Settings::default(), game);
            let surface = Surface::of(&state, 480.0);
            let spot = surface.spot_on_screen((1, 2)).expect("a spot");
            let (u, v) = surface.centre(spot);
            let (x, y) = (u * cell, v * cell + top);
            assert_eq!(surface.spot_at(x, y), Some(spot));
            let back = surface.units(x, y);
            assert!((back.0 - u).abs() < 1e-9 && (back.1 - v).abs() < 1e-9);
        }
    }

    #[test]
    fn the_10x10_board_has_square_1_top_left_and_46_bottom_left() {
        let game = GameRules::Checkers(Variant::International).new_game();
        let spot = |n: u8| Square10::from_number(n).unwrap().index() as u8;
        let mut state = State::new(Settings::default(), game);
        let surface = Surface::of(&state, 500.0);
        // 1 = b10 top left, 5 = j10 top right, 46 = a1, 50 = i1.
        assert_eq!(surface.spot_on_screen((1, 0)), Some(spot(1)));
        assert_eq!(surface.spot_on_screen((9, 0)), Some(spot(5)));
        assert_eq!(surface.spot_on_screen((0, 9)), Some(spot(46)));
        assert_eq!(surface.spot_on_screen((8, 9)), Some(spot(50)));
        assert_eq!(surface.spot_on_screen((0, 0)), None, "a10 is light");
        assert_eq!(surface.centre(spot(46)), (0.5, 9.5));
        // Turned round, Black's side is at the bottom: 50 top left.
        state.settings.flipped = true;
        let flipped = Surface::of(&state, 500.0);
        assert_eq!(flipped.spot_on_screen((1, 0)), Some(spot(50)));
        assert_eq!(flipped.spot_on_screen((8, 9)), Some(spot(1)));
        // A point in the last column finds its square: a1, top right.
        assert_eq!(flipped.spot_at(495.0, 5.0), Some(spot(46)));
    }
}
