//! Drawing the board on a canvas: squares, coordinates, pieces, highlights,
//! capture paths with ghosts of the captured pieces, and move animation.

use std::f64::consts::PI;
use warcaby::clobber::ClobberPosition;
use warcaby::{Bitboard, Color, Move, Position, Role, Square, SquareNotation};
use web_sys::CanvasRenderingContext2d;

/// Everything drawn on top of the bare position.
#[derive(Default)]
pub struct Marks {
    /// The last move's whole path.
    pub last_move: Option<(Square, Vec<Square>)>,
    /// The selected piece.
    pub selected: Option<Square>,
    /// Pieces that must capture (when a capture is mandatory).
    pub must_capture: Bitboard,
    /// Next squares to click (dots; rings on occupied squares).
    pub targets: Bitboard,
    /// Full paths of the candidate moves (landing squares), for chains.
    pub paths: Vec<Vec<Square>>,
    /// Pieces the candidate chains capture (drawn as ghosts).
    pub ghosts: Bitboard,
    /// Landing squares already entered.
    pub entered: Vec<Square>,
    /// A move's end squares where the piece is crowned.
    pub crowns: Bitboard,
    /// The keyboard's cursor: a screen column and row (0,0 top-left).
    pub cursor: Option<(usize, usize)>,
    /// The engine's best line: each move's points in board units.
    pub arrows: Vec<Vec<(f64, f64)>>,
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

/// Board geometry and style.
pub struct Board {
    /// Side length in CSS pixels.
    pub size: f64,
    /// Black at the bottom.
    pub flipped: bool,
    /// Show coordinates.
    pub coordinates: bool,
}

const LIGHT: &str = "#eed9b6";
const DARK: &str = "#8b5a3c";
const LAST: &str = "rgba(255, 214, 10, 0.45)";
const SELECTED: &str = "rgba(20, 170, 90, 0.6)";
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

    /// A piece centred at board units (x, y).
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
        let (body, edge, mark) = match color {
            Color::White => ("#f8f4ec", "#9d8f7a", "#b8860b"),
            Color::Black => ("#2b2b2b", "#000000", "#f0c040"),
        };
        self.disc(ctx, x, y + 0.04, 0.38, "rgba(0,0,0,0.35)");
        self.disc(ctx, x, y, 0.38, edge);
        self.disc(ctx, x, y, 0.34, body);
        ctx.begin_path();
        let _ = ctx.arc(x * c, y * c, 0.24 * c, 0.0, 2.0 * PI);
        ctx.set_stroke_style_str(edge);
        ctx.set_line_width((c * 0.02).max(1.0));
        ctx.stroke();
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

impl Pen for Board {
    fn cell(&self) -> f64 {
        self.size / 8.0
    }
}

impl Board {
    /// Column and row on screen (0,0 top-left) of a square.
    pub fn screen(&self, sq: Square) -> (f64, f64) {
        let (f, r) = (sq.file() as f64, sq.rank() as f64);
        if self.flipped {
            (7.0 - f, r)
        } else {
            (f, 7.0 - r)
        }
    }

    /// Board coordinates (0..8 each, y down) to a square, if dark.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        let (col, row) = ((x / self.cell()).floor(), (y / self.cell()).floor());
        if !(0.0..8.0).contains(&col) || !(0.0..8.0).contains(&row) {
            return None;
        }
        let (file, rank) = if self.flipped {
            (7 - col as u8, row as u8)
        } else {
            (col as u8, 7 - row as u8)
        };
        Square::new(file, rank)
    }

    /// Centre of a square in board units.
    pub fn centre(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.screen(sq);
        (c + 0.5, r + 0.5)
    }

    /// Draws the whole board.
    pub fn draw(
        &self,
        ctx: &CanvasRenderingContext2d,
        pos: &Position,
        marks: &Marks,
        flying: Option<&Flying>,
    ) {
        let c = self.cell();
        for row in 0..8 {
            for col in 0..8 {
                let dark = (row + col) % 2 == 1;
                ctx.set_fill_style_str(if dark { DARK } else { LIGHT });
                ctx.fill_rect(col as f64 * c, row as f64 * c, c, c);
            }
        }
        if let Some((from, path)) = &marks.last_move {
            for sq in std::iter::once(from).chain(path) {
                self.fill_square(ctx, *sq, LAST);
            }
        }
        if let Some(sq) = marks.selected {
            self.fill_square(ctx, sq, SELECTED);
        }
        for &sq in &marks.entered {
            self.fill_square(ctx, sq, ENTERED);
        }
        if self.coordinates {
            self.draw_coordinates(ctx, pos.rules().notation);
        }
        for path in &marks.paths {
            self.draw_path(ctx, marks.selected, path);
        }
        for sq in Square::all() {
            if flying.is_some_and(|f| f.hides(sq.index())) {
                continue;
            }
            if let Some(piece) = pos.piece_at(sq) {
                let (x, y) = self.centre(sq);
                let alpha = if marks.ghosts.contains(sq) { 0.35 } else { 1.0 };
                self.draw_piece(ctx, x, y, piece.color, piece.role == Role::King, alpha);
                if marks.must_capture.contains(sq) {
                    self.ring(ctx, sq, MUST, 0.46, 3.0);
                }
            }
        }
        for sq in marks.targets {
            if pos.piece_at(sq).is_some() {
                self.ring(ctx, sq, TARGET, 0.46, 4.0);
            } else {
                let (x, y) = self.centre(sq);
                self.disc(ctx, x, y, 0.14, TARGET);
            }
        }
        for sq in marks.crowns {
            let (x, y) = self.centre(sq);
            self.crown(ctx, x, y - 0.3, 0.18, "rgba(255, 200, 0, 0.9)");
        }
        self.arrows(ctx, &marks.arrows);
        if let Some(cursor) = marks.cursor {
            self.cursor(ctx, cursor);
        }
        if let Some(f) = flying {
            self.draw_piece(ctx, f.at.0, f.at.1, f.color, f.king, 1.0);
        }
    }

    /// The square at screen column and row (0,0 top-left), if dark.
    pub fn square_on_screen(&self, col: usize, row: usize) -> Option<Square> {
        let c = self.cell();
        self.square_at((col as f64 + 0.5) * c, (row as f64 + 0.5) * c)
    }

    fn fill_square(&self, ctx: &CanvasRenderingContext2d, sq: Square, style: &str) {
        let (col, row) = self.screen(sq);
        let c = self.cell();
        ctx.set_fill_style_str(style);
        ctx.fill_rect(col * c, row * c, c, c);
    }

    fn ring(&self, ctx: &CanvasRenderingContext2d, sq: Square, style: &str, r: f64, width: f64) {
        let (x, y) = self.centre(sq);
        self.ring_at(ctx, x, y, style, r, width);
    }

    fn draw_path(&self, ctx: &CanvasRenderingContext2d, from: Option<Square>, path: &[Square]) {
        let Some(from) = from else {
            return;
        };
        let c = self.cell();
        ctx.begin_path();
        let (x, y) = self.centre(from);
        ctx.move_to(x * c, y * c);
        for sq in path {
            let (x, y) = self.centre(*sq);
            ctx.line_to(x * c, y * c);
        }
        ctx.set_stroke_style_str(PATH);
        ctx.set_line_width((c * 0.06).max(2.0));
        ctx.stroke();
    }

    fn draw_coordinates(&self, ctx: &CanvasRenderingContext2d, notation: SquareNotation) {
        let c = self.cell();
        let size = (c * 0.2).round().max(9.0);
        ctx.set_font(&format!("{size}px sans-serif"));
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        match notation {
            SquareNotation::Numeric => {
                for sq in Square::all() {
                    let (col, row) = self.screen(sq);
                    badge_text(
                        ctx,
                        &sq.number().to_string(),
                        size,
                        (col * c + 2.0, row * c + 1.0),
                        0.0,
                    );
                }
            }
            SquareNotation::Algebraic => {
                for i in 0..8u8 {
                    let file = if self.flipped { 7 - i } else { i };
                    let letter = ((b'a' + file) as char).to_string();
                    let corner = ((i as f64 + 1.0) * c - 2.0, 8.0 * c - size - 3.0);
                    badge_text(ctx, &letter, size, corner, 1.0);
                }
                for row in 0..8u8 {
                    let rank = if self.flipped { row + 1 } else { 8 - row };
                    badge_text(
                        ctx,
                        &rank.to_string(),
                        size,
                        (2.0, row as f64 * c + 1.0),
                        0.0,
                    );
                }
            }
        }
    }
}

/// A square's number or a coordinate: white text on a dark badge, whose
/// top corner is at `at`, its left edge there (`align` 0) or its right
/// edge (`align` 1).
fn badge_text(ctx: &CanvasRenderingContext2d, text: &str, size: f64, at: (f64, f64), align: f64) {
    let width = ctx.measure_text(text).map_or(size, |m| m.width()) + 4.0;
    let (x, y) = (at.0 - align * width, at.1);
    ctx.set_fill_style_str(BADGE);
    ctx.fill_rect(x, y, width, size + 2.0);
    let (r, g, b) = NUMBER;
    ctx.set_fill_style_str(&format!("rgb({r}, {g}, {b})"));
    let _ = ctx.fill_text(text, x + 2.0, y + 1.0);
}

/// The marks for a move's path: its start and every landing square.
pub fn path_of(mv: &Move) -> (Square, Vec<Square>) {
    (mv.from(), mv.path().to_vec())
}

/// What is drawn on a Clobber board besides the stones.
#[derive(Default)]
pub struct ClobberMarks {
    /// The last move's two cells.
    pub last_move: Option<(u8, u8)>,
    /// The selected stone.
    pub selected: Option<u8>,
    /// Cells the selected stone can capture on (rings on those stones).
    pub targets: Vec<u8>,
    /// Stones of the side to move that have a move (small dots).
    pub movable: Vec<u8>,
    /// The keyboard's cursor: a screen column and row (0,0 top-left).
    pub cursor: Option<(usize, usize)>,
    /// The engine's best line: each move's points in board units.
    pub arrows: Vec<Vec<(f64, f64)>>,
}

/// A Clobber board of `rows` x `cols` cells, centred in the square canvas.
/// Cell `row * cols + col`, row 0 at the bottom (at the top when flipped).
pub struct Grid {
    /// Canvas side in CSS pixels.
    pub size: f64,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Turned half a turn.
    pub flipped: bool,
    /// Show coordinates.
    pub coordinates: bool,
}

const GRID_LIGHT: &str = "#e4d3b0";
const GRID_DARK: &str = "#d8c49c";
const GRID_LINE: &str = "#a08660";
/// Clobber coordinates: dark text straight on the light cells.
const GRID_TEXT: (u8, u8, u8) = (60, 40, 20);

impl Pen for Grid {
    fn cell(&self) -> f64 {
        self.size / self.rows.max(self.cols) as f64
    }
}

impl Grid {
    /// Top-left corner of the board in the canvas, in CSS pixels.
    fn origin(&self) -> (f64, f64) {
        let c = self.cell();
        (
            (self.size - self.cols as f64 * c) / 2.0,
            (self.size - self.rows as f64 * c) / 2.0,
        )
    }

    /// Canvas pixels to board units (cells, from the board's corner).
    pub fn to_units(&self, x: f64, y: f64) -> (f64, f64) {
        let (ox, oy) = self.origin();
        ((x - ox) / self.cell(), (y - oy) / self.cell())
    }

    /// Screen column and row (0,0 top-left) of a cell.
    fn screen(&self, cell: usize) -> (usize, usize) {
        let (row, col) = (cell / self.cols, cell % self.cols);
        if self.flipped {
            (self.cols - 1 - col, row)
        } else {
            (col, self.rows - 1 - row)
        }
    }

    /// The cell under canvas pixel (x, y), if on the board.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<u8> {
        let (u, v) = self.to_units(x, y);
        let (col, row) = (u.floor(), v.floor());
        if !(0.0..self.cols as f64).contains(&col) || !(0.0..self.rows as f64).contains(&row) {
            return None;
        }
        let (col, row) = (col as usize, row as usize);
        let (r, c) = if self.flipped {
            (row, self.cols - 1 - col)
        } else {
            (self.rows - 1 - row, col)
        };
        Some((r * self.cols + c) as u8)
    }

    /// The cell at screen column and row (0,0 top-left), if any.
    pub fn cell_on_screen(&self, col: usize, row: usize) -> Option<u8> {
        let (ox, oy) = self.origin();
        let c = self.cell();
        self.cell_at(ox + (col as f64 + 0.5) * c, oy + (row as f64 + 0.5) * c)
    }

    /// Centre of a cell in board units.
    pub fn centre(&self, cell: usize) -> (f64, f64) {
        let (c, r) = self.screen(cell);
        (c as f64 + 0.5, r as f64 + 0.5)
    }

    fn fill(&self, ctx: &CanvasRenderingContext2d, cell: usize, style: &str) {
        let (col, row) = self.screen(cell);
        let c = self.cell();
        ctx.set_fill_style_str(style);
        ctx.fill_rect(col as f64 * c, row as f64 * c, c, c);
    }

    /// Draws the board; `flying` is a stone following the pointer or
    /// sliding in a move's animation.
    pub fn draw(
        &self,
        ctx: &CanvasRenderingContext2d,
        pos: &ClobberPosition,
        marks: &ClobberMarks,
        flying: Option<&Flying>,
    ) {
        let c = self.cell();
        ctx.clear_rect(0.0, 0.0, self.size, self.size);
        let (ox, oy) = self.origin();
        ctx.save();
        let _ = ctx.translate(ox, oy);
        let cells = self.rows * self.cols;
        for cell in 0..cells {
            let (col, row) = self.screen(cell);
            self.fill(
                ctx,
                cell,
                if (col + row) % 2 == 0 {
                    GRID_LIGHT
                } else {
                    GRID_DARK
                },
            );
        }
        ctx.set_stroke_style_str(GRID_LINE);
        ctx.set_line_width(1.0);
        ctx.stroke_rect(0.0, 0.0, self.cols as f64 * c, self.rows as f64 * c);
        if let Some((from, to)) = marks.last_move {
            self.fill(ctx, from as usize, LAST);
            self.fill(ctx, to as usize, LAST);
        }
        if let Some(cell) = marks.selected {
            self.fill(ctx, cell as usize, SELECTED);
        }
        if self.coordinates {
            self.draw_coordinates(ctx);
        }
        for cell in 0..cells {
            if flying.is_some_and(|f| f.hides(cell)) {
                continue;
            }
            let bit = 1u128 << cell;
            for color in [Color::White, Color::Black] {
                if pos.stones(color) & bit != 0 {
                    let (x, y) = self.centre(cell);
                    self.draw_piece(ctx, x, y, color, false, 1.0);
                }
            }
        }
        for &cell in &marks.movable {
            let (x, y) = self.centre(cell as usize);
            self.disc(ctx, x, y, 0.07, TARGET);
        }
        for &cell in &marks.targets {
            let (x, y) = self.centre(cell as usize);
            self.ring_at(ctx, x, y, TARGET, 0.46, 4.0);
        }
        self.arrows(ctx, &marks.arrows);
        if let Some(cursor) = marks.cursor {
            self.cursor(ctx, cursor);
        }
        if let Some(f) = flying {
            self.draw_piece(ctx, f.at.0, f.at.1, f.color, false, 1.0);
        }
        ctx.restore();
    }

    fn draw_coordinates(&self, ctx: &CanvasRenderingContext2d) {
        let c = self.cell();
        ctx.set_font(&format!("{}px sans-serif", (c * 0.16).round().max(9.0)));
        let (r, g, b) = GRID_TEXT;
        ctx.set_fill_style_str(&format!("rgb({r}, {g}, {b})"));
        ctx.set_text_baseline("bottom");
        ctx.set_text_align("right");
        for i in 0..self.cols {
            let col = if self.flipped { self.cols - 1 - i } else { i };
            let letter = ((b'a' + col as u8) as char).to_string();
            let _ = ctx.fill_text(
                &letter,
                (i as f64 + 1.0) * c - 3.0,
                self.rows as f64 * c - 2.0,
            );
        }
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        for i in 0..self.rows {
            let row = if self.flipped { i + 1 } else { self.rows - i };
            let _ = ctx.fill_text(&row.to_string(), 3.0, i as f64 * c + 2.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for square in [rgb(LIGHT), rgb(DARK)] {
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
