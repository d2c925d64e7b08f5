//! Drawing the board on a canvas: squares, coordinates, pieces, highlights,
//! capture paths with ghosts of the captured pieces, and move animation.
//! What every board shares is here ([`BoardView`], [`Marks`], [`Pen`],
//! [`Flying`]); the checkers board is [`Board`], the Clobber grid [`Grid`].
//! A board knows no rules: it is handed the pieces and the marks, in spots.

mod board;
mod grid;

pub use board::{Board, Squares};
pub use grid::Grid;

use crate::state::appearance::{BoardTheme, PieceSet};
use std::f64::consts::PI;
use warcaby::games::SpotPiece;
use warcaby::Color;
use web_sys::CanvasRenderingContext2d;

/// Everything drawn on top of the bare position, in spots. Each board draws
/// the marks its game uses (the checkers board rings the pieces that must
/// capture; the Clobber grid dots the stones that can move).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The last move's spots: its start, then each landing.
    pub last_move: Vec<u8>,
    /// The selected piece.
    pub selected: Option<u8>,
    /// The piece a hint says to move.
    pub hint: Option<u8>,
    /// Pieces that must capture (when a capture is mandatory).
    pub must_capture: Vec<u8>,
    /// Pieces of the side to move that have a move, while none is selected.
    pub movable: Vec<u8>,
    /// Next spots to click (dots; rings on occupied spots).
    pub targets: Vec<u8>,
    /// Landing spots of the candidate captures, for chains.
    pub paths: Vec<Vec<u8>>,
    /// Pieces the candidate captures take (drawn as ghosts).
    pub ghosts: Vec<u8>,
    /// Landing spots already entered.
    pub entered: Vec<u8>,
    /// A move's end spots where the piece is crowned.
    pub crowns: Vec<u8>,
    /// The keyboard's cursor: a screen column and row (0,0 top-left).
    pub cursor: Option<(usize, usize)>,
    /// The engine's best line: each move's points in board units.
    pub arrows: Vec<Vec<(f64, f64)>>,
}

/// A board on screen, whichever game: where each spot is, in canvas pixels
/// and board units, and the drawing of pieces and marks.
pub trait BoardView {
    /// The canvas side in CSS pixels.
    fn size(&self) -> f64;
    /// A spot's centre in board units.
    fn centre(&self, spot: u8) -> (f64, f64);
    /// The spot under a canvas point (CSS pixels), if any.
    fn spot_at(&self, x: f64, y: f64) -> Option<u8>;
    /// A canvas point in board units (cells).
    fn units(&self, x: f64, y: f64) -> (f64, f64);
    /// The spot at a screen column and row (0,0 top-left), if any.
    fn spot_on_screen(&self, col: usize, row: usize) -> Option<u8>;
    /// Draws `pieces` with `marks`; `flying` is a piece following the
    /// pointer or sliding in a move's animation.
    fn draw(
        &self,
        ctx: &CanvasRenderingContext2d,
        pieces: &[(u8, SpotPiece)],
        marks: &Marks,
        flying: Option<&Flying>,
    );
}

/// A piece in flight (dragged or animated), on either board: drawn at
/// `at` in board units, not on its spot. A spot is a checkers square's
/// index or a Clobber cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Flying {
    /// The spot it left.
    pub from: u8,
    /// Board coordinates of its centre.
    pub at: (f64, f64),
    /// Its colour.
    pub color: Color,
    /// Drawn crowned.
    pub king: bool,
    /// Spots (one bit each) whose pieces are gone already (captured pieces
    /// passed), not drawn any more.
    pub gone: u128,
}

impl Flying {
    /// True when the piece on `spot` is not drawn in its place.
    fn hides(&self, spot: usize) -> bool {
        self.from as usize == spot || self.gone & (1u128 << spot) != 0
    }
}

/// A board theme's square colours: (light, dark).
pub fn squares(theme: BoardTheme) -> (&'static str, &'static str) {
    match theme {
        BoardTheme::Wood => ("#eed9b6", "#8b5a3c"),
        BoardTheme::Green => ("#eeeed2", "#6f8f4e"),
        BoardTheme::Blue => ("#dee3e6", "#7d97a6"),
        BoardTheme::Slate => ("#c3c8cf", "#4f5b66"),
    }
}

/// A piece's colours in a set: body, edge and the crown's.
fn piece_colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#f8f4ec", "#9d8f7a", "#b8860b"),
        Color::Black => ("#2b2b2b", "#000000", "#f0c040"),
    }
}
const LAST: &str = "rgba(255, 214, 10, 0.45)";
const SELECTED: &str = "rgba(20, 170, 90, 0.6)";
const HINT: &str = "rgba(150, 90, 230, 0.6)";
const MUST: &str = "#ff4d4d";
const TARGET: &str = "rgba(20, 170, 90, 0.75)";
const PATH: &str = "rgba(30, 120, 220, 0.8)";
/// Square numbers: white on a dark badge, readable on every square colour.
const NUMBER: (u8, u8, u8) = (255, 255, 255);
const BADGE: &str = "rgba(0, 0, 0, 0.6)";
const ENTERED: &str = "rgba(90, 170, 255, 0.7)";

/// Drawing in board units: what the checkers board and the Clobber grid share.
pub trait Pen {
    /// A cell's side in CSS pixels.
    fn cell(&self) -> f64;

    /// A filled disc.
    fn disc(&self, ctx: &CanvasRenderingContext2d, x: f64, y: f64, r: f64, style: &str) {
        let c = self.cell();
        ctx.begin_path();
        let _ = ctx.arc(x * c, y * c, r * c, 0.0, 2.0 * PI);
        ctx.set_fill_style_str(style);
        ctx.fill();
    }

    /// A circle's outline, `width` pixels wide.
    fn ring_at(
        &self,
        ctx: &CanvasRenderingContext2d,
        x: f64,
        y: f64,
        style: &str,
        r: f64,
        width: f64,
    ) {
        let c = self.cell();
        ctx.begin_path();
        let _ = ctx.arc(x * c, y * c, r * c, 0.0, 2.0 * PI);
        ctx.set_stroke_style_str(style);
        ctx.set_line_width(width);
        ctx.stroke();
    }

    /// How pieces are drawn.
    fn pieces(&self) -> PieceSet;

    /// A piece centred at board units (x, y), in the pen's piece set.
    fn draw_piece(
        &self,
        ctx: &CanvasRenderingContext2d,
        x: f64,
        y: f64,
        color: Color,
        king: bool,
        alpha: f64,
    ) {
        let c = self.cell();
        ctx.set_global_alpha(alpha);
        let (body, edge, mark) = piece_colours(color);
        match self.pieces() {
            PieceSet::Classic => {
                self.disc(ctx, x, y + 0.04, 0.38, "rgba(0,0,0,0.35)");
                self.disc(ctx, x, y, 0.38, edge);
                self.disc(ctx, x, y, 0.34, body);
                self.ring_at(ctx, x, y, edge, 0.24, (c * 0.02).max(1.0));
            }
            PieceSet::Flat => {
                self.disc(ctx, x, y, 0.39, edge);
                self.disc(ctx, x, y, 0.37, body);
            }
            PieceSet::Glossy => {
                self.disc(ctx, x, y + 0.05, 0.38, "rgba(0,0,0,0.3)");
                self.disc(ctx, x, y, 0.38, edge);
                self.disc(ctx, x, y, 0.35, body);
                // The light from the top left: a pale spot that fades out.
                if let Ok(shine) = ctx.create_radial_gradient(
                    (x - 0.12) * c,
                    (y - 0.14) * c,
                    0.0,
                    x * c,
                    y * c,
                    0.35 * c,
                ) {
                    let _ = shine.add_color_stop(0.0, "rgba(255,255,255,0.75)");
                    let _ = shine.add_color_stop(1.0, "rgba(255,255,255,0)");
                    ctx.begin_path();
                    let _ = ctx.arc(x * c, y * c, 0.35 * c, 0.0, 2.0 * PI);
                    ctx.set_fill_style_canvas_gradient(&shine);
                    ctx.fill();
                }
            }
        }
        if king {
            self.crown(ctx, x, y, 0.2, mark);
        }
        ctx.set_global_alpha(1.0);
    }

    /// The keyboard's cursor around the cell at screen column and row: a
    /// dark frame with a light one inside, visible on any square.
    fn cursor(&self, ctx: &CanvasRenderingContext2d, (col, row): (usize, usize)) {
        let c = self.cell();
        let (x, y) = (col as f64 * c, row as f64 * c);
        for (style, inset, width) in [("#111", 2.0, 4.0), ("#fff", 5.0, 2.0)] {
            ctx.set_stroke_style_str(style);
            ctx.set_line_width(width);
            ctx.stroke_rect(x + inset, y + inset, c - 2.0 * inset, c - 2.0 * inset);
        }
    }

    /// The engine's best line: the first move a thick arrow, the next ones
    /// thinner and paler. Points are in board units.
    fn arrows(&self, ctx: &CanvasRenderingContext2d, arrows: &[Vec<(f64, f64)>]) {
        let c = self.cell();
        for (i, points) in arrows.iter().enumerate().rev() {
            let (style, width) = match i {
                0 => ("rgba(220, 60, 30, 0.85)", 0.12),
                _ => ("rgba(220, 60, 30, 0.45)", 0.07),
            };
            let [.., (px, py), (x, y)] = points.as_slice() else {
                continue;
            };
            ctx.set_stroke_style_str(style);
            ctx.set_fill_style_str(style);
            ctx.set_line_width(width * c);
            ctx.set_line_cap("round");
            ctx.begin_path();
            ctx.move_to(points[0].0 * c, points[0].1 * c);
            // The line ends where the head begins.
            let (dx, dy) = (x - px, y - py);
            let len = dx.hypot(dy).max(1e-9);
            let (ux, uy) = (dx / len, dy / len);
            let head = 0.3;
            for &(qx, qy) in &points[1..points.len() - 1] {
                ctx.line_to(qx * c, qy * c);
            }
            ctx.line_to((x - ux * head) * c, (y - uy * head) * c);
            ctx.stroke();
            ctx.begin_path();
            ctx.move_to(x * c, y * c);
            let side = head * 0.6;
            ctx.line_to(
                (x - ux * head - uy * side) * c,
                (y - uy * head + ux * side) * c,
            );
            ctx.line_to(
                (x - ux * head + uy * side) * c,
                (y - uy * head - ux * side) * c,
            );
            ctx.close_path();
            ctx.fill();
        }
        ctx.set_line_cap("butt");
    }

    /// A crown (kings, promotions).
    fn crown(&self, ctx: &CanvasRenderingContext2d, x: f64, y: f64, s: f64, style: &str) {
        let c = self.cell();
        let (x, y, s) = (x * c, y * c, s * c);
        ctx.begin_path();
        ctx.move_to(x - s, y + s * 0.6);
        ctx.line_to(x - s, y - s * 0.4);
        ctx.line_to(x - s * 0.5, y + s * 0.1);
        ctx.line_to(x, y - s * 0.7);
        ctx.line_to(x + s * 0.5, y + s * 0.1);
        ctx.line_to(x + s, y - s * 0.4);
        ctx.line_to(x + s, y + s * 0.6);
        ctx.close_path();
        ctx.set_fill_style_str(style);
        ctx.fill();
    }
}

#[cfg(test)]
mod tests {
    use super::grid::{GRID_DARK, GRID_LIGHT, GRID_TEXT};
    use super::*;
    use warcaby::core::named::Named;

    /// An sRGB colour's relative luminance (WCAG 2).
    fn luminance((r, g, b): (f64, f64, f64)) -> f64 {
        let lin = |v: f64| {
            let v = v / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    fn contrast(a: (f64, f64, f64), b: (f64, f64, f64)) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// An `rgba(r, g, b, a)` colour and its opacity.
    fn rgba(text: &str) -> ((f64, f64, f64), f64) {
        let inside = text.trim_start_matches("rgba(").trim_end_matches(')');
        let v: Vec<f64> = inside
            .split(',')
            .map(|p| p.trim().parse().unwrap())
            .collect();
        ((v[0], v[1], v[2]), v[3])
    }

    fn rgb(hex: &str) -> (f64, f64, f64) {
        let n = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
        ((n >> 16) as f64, ((n >> 8) & 255) as f64, (n & 255) as f64)
    }

    /// `top` with opacity `alpha` over `under`.
    fn over(top: (f64, f64, f64), alpha: f64, under: (f64, f64, f64)) -> (f64, f64, f64) {
        let mix = |t: f64, u: f64| alpha * t + (1.0 - alpha) * u;
        (
            mix(top.0, under.0),
            mix(top.1, under.1),
            mix(top.2, under.2),
        )
    }

    fn wide((r, g, b): (u8, u8, u8)) -> (f64, f64, f64) {
        (r as f64, g as f64, b as f64)
    }

    #[test]
    fn square_numbers_and_coordinates_have_a_contrast_of_at_least_4_5() {
        // Every colour a square can have: plain, or under a highlight.
        let highlights = [LAST, SELECTED, ENTERED].map(rgba);
        let (badge, badge_alpha) = rgba(BADGE);
        let themes = BoardTheme::ALL.iter().map(|&t| squares(t));
        for square in themes.flat_map(|(light, dark)| [rgb(light), rgb(dark)]) {
            let mut backgrounds = vec![square];
            backgrounds.extend(highlights.iter().map(|&(c, a)| over(c, a, square)));
            for background in backgrounds {
                let badge = over(badge, badge_alpha, background);
                let ratio = contrast(wide(NUMBER), badge);
                assert!(ratio >= 4.5, "{ratio:.2} on {background:?}");
            }
        }
        for cell in [GRID_LIGHT, GRID_DARK] {
            let ratio = contrast(wide(GRID_TEXT), rgb(cell));
            assert!(ratio >= 4.5, "{ratio:.2} on {cell}");
        }
    }
}
