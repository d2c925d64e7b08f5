//! Draws the whole board from the state: the editor's position, a move
//! being animated over the position before it, or the position shown with
//! its marks and the dragged piece. The same for every game: the board is
//! handed pieces and marks in spots.

use super::render::{Flying, Marks};
use super::Surface;
use crate::state::State;
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
    let board = surface.board();
    let game = state.game.played();
    if let Some(editing) = &state.editor {
        let marks = Marks {
            cursor: state.drawn_cursor(),
            ..Marks::default()
        };
        board.draw(ctx, &editing.pieces(), &marks, None);
        return;
    }
    if let Some((ply, flying)) = animated {
        let marks = Marks {
            last_move: game.move_at(ply).map(|m| m.spots()).unwrap_or_default(),
            ..Marks::default()
        };
        board.draw(ctx, &game.pieces_at(ply), &marks, Some(&flying));
        return;
    }
    let pieces = game.pieces_at(state.shown_ply());
    let marks = state.marks(surface);
    let flying = state.drag.filter(|d| d.moved).and_then(|d| {
        let (_, piece) = pieces.iter().find(|&&(spot, _)| spot == d.from)?;
        Some(Flying {
            from: d.from,
            at: d.at,
            color: piece.color,
            king: piece.crowned,
            gone: 0,
        })
    });
    board.draw(ctx, &pieces, &marks, flying.as_ref());
}
