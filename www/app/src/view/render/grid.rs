//! The Clobber grid: cells, coordinates, stones and the marks of a move
//! being entered.

use super::*;
use warcaby::games::SpotPiece;

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
    /// How stones are drawn.
    pub pieces: PieceSet,
}

pub(super) const GRID_LIGHT: &str = "#e4d3b0";
pub(super) const GRID_DARK: &str = "#d8c49c";
pub(super) const GRID_LINE: &str = "#a08660";
/// Clobber coordinates: dark text straight on the light cells.
pub(super) const GRID_TEXT: (u8, u8, u8) = (60, 40, 20);

impl Pen for Grid {
    fn cell(&self) -> f64 {
        self.size / self.rows.max(self.cols) as f64
    }

    fn pieces(&self) -> PieceSet {
        self.pieces
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
    fn draw_grid(
        &self,
        ctx: &CanvasRenderingContext2d,
        pieces: &[(u8, SpotPiece)],
        marks: &Marks,
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
        for &spot in &marks.last_move {
            self.fill(ctx, spot as usize, LAST);
        }
        if let Some(cell) = marks.hint {
            self.fill(ctx, cell as usize, HINT);
        }
        if let Some(cell) = marks.selected {
            self.fill(ctx, cell as usize, SELECTED);
        }
        if self.coordinates {
            self.draw_coordinates(ctx);
        }
        for &(cell, piece) in pieces {
            if flying.is_some_and(|f| f.hides(cell as usize)) {
                continue;
            }
            let (x, y) = self.centre(cell as usize);
            self.draw_piece(ctx, x, y, piece.color, false, 1.0);
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

impl BoardView for Grid {
    fn size(&self) -> f64 {
        self.size
    }
    fn centre(&self, spot: u8) -> (f64, f64) {
        Grid::centre(self, spot as usize)
    }
    fn spot_at(&self, x: f64, y: f64) -> Option<u8> {
        self.cell_at(x, y)
    }
    fn units(&self, x: f64, y: f64) -> (f64, f64) {
        self.to_units(x, y)
    }
    fn spot_on_screen(&self, col: usize, row: usize) -> Option<u8> {
        self.cell_on_screen(col, row)
    }
    fn draw(
        &self,
        ctx: &CanvasRenderingContext2d,
        pieces: &[(u8, SpotPiece)],
        marks: &Marks,
        flying: Option<&Flying>,
    ) {
        self.draw_grid(ctx, pieces, marks, flying)
    }
}
