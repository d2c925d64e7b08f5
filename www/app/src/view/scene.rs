//! Draws the whole board from the state: the editor's position, a move
//! being animated over the position before it, or the position shown with
//! its marks and the dragged piece.

use super::render::{ClobberMarks, Flying, Marks};
use super::Surface;
use crate::state::editor::Editing;
use crate::state::game::checkers_at;
use crate::state::State;
use warcaby::clobber::ClobberGame;
use warcaby::games::AnyGame;
use warcaby::{Color, Game, Role, Square};
use web_sys::CanvasRenderingContext2d;

/// A move being animated: the ply it starts from and the moving piece.
pub type Animated = (usize, Flying);

/// Draws `state` on `ctx` with `surface`'s geometry.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    state: &State,
    surface: &Surface,
    animated: Option<Animated>,
) {
    match (&state.game, surface) {
        (AnyGame::Checkers(game), Surface::Checkers(_)) => {
            draw_checkers(ctx, state, game, surface, animated)
        }
        (AnyGame::Clobber(game), Surface::Clobber(_)) => {
            draw_clobber(ctx, state, game, surface, animated)
        }
        _ => {}
    }
}

fn draw_checkers(
    ctx: &CanvasRenderingContext2d,
    state: &State,
    game: &Game,
    surface: &Surface,
    animated: Option<Animated>,
) {
    let Surface::Checkers(board) = surface else {
        return;
    };
    if let Some(Editing::Checkers(pos)) = state.editor {
        let marks = Marks {
            cursor: state.drawn_cursor(),
            ..Marks::default()
        };
        board.draw(ctx, &pos, &marks, None);
        return;
    }
    if let Some((ply, flying)) = animated {
        let marks = Marks {
            last_move: game.moves().nth(ply).map(super::render::path_of),
            ..Marks::default()
        };
        board.draw(ctx, &checkers_at(game, ply), &marks, Some(&flying));
        return;
    }
    let pos = checkers_at(game, state.shown_ply());
    let marks = state.checkers_marks(game, &pos, surface);
    let flying = state.drag.filter(|d| d.moved).and_then(|d| {
        let piece = pos.piece_at(Square::from_index(d.from)?)?;
        Some(Flying {
            from: d.from,
            at: d.at,
            color: piece.color,
            king: piece.role == Role::King,
            gone: 0,
        })
    });
    board.draw(ctx, &pos, &marks, flying.as_ref());
}

fn draw_clobber(
    ctx: &CanvasRenderingContext2d,
    state: &State,
    game: &ClobberGame,
    surface: &Surface,
    animated: Option<Animated>,
) {
    let Surface::Clobber(grid) = surface else {
        return;
    };
    if let Some(Editing::Clobber(pos)) = state.editor {
        let marks = ClobberMarks {
            cursor: state.drawn_cursor(),
            ..ClobberMarks::default()
        };
        grid.draw(ctx, &pos, &marks, None);
        return;
    }
    if let Some((ply, flying)) = animated {
        let marks = ClobberMarks {
            last_move: game.moves().get(ply).map(|m| (m.from, m.to)),
            ..ClobberMarks::default()
        };
        grid.draw(ctx, game.position_at(ply), &marks, Some(&flying));
        return;
    }
    let pos = *game.position_at(state.shown_ply());
    let marks = state.clobber_marks(game, &pos, surface);
    let flying = state.drag.filter(|d| d.moved).and_then(|d| {
        let color = [Color::Black, Color::White]
            .into_iter()
            .find(|&c| pos.stones(c) & super::animation::bit(d.from) != 0)?;
        Some(Flying {
            from: d.from,
            at: d.at,
            color,
            king: false,
            gone: 0,
        })
    });
    grid.draw(ctx, &pos, &marks, flying.as_ref());
}
