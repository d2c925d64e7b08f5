//! Drawing the board on a canvas: squares, coordinates, pieces, highlights,
//! capture paths with ghosts of the captured pieces, and move animation.

use std::f64::consts::PI;
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
}

/// A piece in flight: drawn at `(x, y)` in board units (0..8), not on its square.
pub struct Flying {
    /// The square it left.
    pub from: Square,
    /// Board coordinates of its centre.
    pub at: (f64, f64),
    /// Colour and role.
    pub color: Color,
    /// Crowned while flying.
    pub king: bool,
    /// Captured pieces already passed (not drawn any more).
    pub gone: Bitboard,
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

impl Board {
    /// Square size in CSS pixels.
    pub fn cell(&self) -> f64 {
        self.size / 8.0
    }

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
        if self.coordinates {
            self.draw_coordinates(ctx, pos.rules().notation);
        }
        for path in &marks.paths {
            self.draw_path(ctx, marks.selected, path);
        }
        for sq in Square::all() {
            if flying.is_some_and(|f| f.from == sq || f.gone.contains(sq)) {
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
        if let Some(f) = flying {
            self.draw_piece(ctx, f.at.0, f.at.1, f.color, f.king, 1.0);
        }
    }

    fn fill_square(&self, ctx: &CanvasRenderingContext2d, sq: Square, style: &str) {
        let (col, row) = self.screen(sq);
        let c = self.cell();
        ctx.set_fill_style_str(style);
        ctx.fill_rect(col * c, row * c, c, c);
    }

    fn ring(&self, ctx: &CanvasRenderingContext2d, sq: Square, style: &str, r: f64, width: f64) {
        let (x, y) = self.centre(sq);
        let c = self.cell();
        ctx.begin_path();
        let _ = ctx.arc(x * c, y * c, r * c, 0.0, 2.0 * PI);
        ctx.set_stroke_style_str(style);
        ctx.set_line_width(width);
        ctx.stroke();
    }

    fn disc(&self, ctx: &CanvasRenderingContext2d, x: f64, y: f64, r: f64, style: &str) {
        let c = self.cell();
        ctx.begin_path();
        let _ = ctx.arc(x * c, y * c, r * c, 0.0, 2.0 * PI);
        ctx.set_fill_style_str(style);
        ctx.fill();
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

    /// A piece centred at board units (x, y).
    pub fn draw_piece(
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

    fn draw_coordinates(&self, ctx: &CanvasRenderingContext2d, notation: SquareNotation) {
        let c = self.cell();
        ctx.set_font(&format!("{}px sans-serif", (c * 0.2).round().max(9.0)));
        ctx.set_fill_style_str("rgba(255,255,255,0.8)");
        match notation {
            SquareNotation::Numeric => {
                ctx.set_text_align("left");
                ctx.set_text_baseline("top");
                for sq in Square::all() {
                    let (col, row) = self.screen(sq);
                    let _ = ctx.fill_text(&sq.number().to_string(), col * c + 3.0, row * c + 2.0);
                }
            }
            SquareNotation::Algebraic => {
                ctx.set_text_baseline("bottom");
                ctx.set_text_align("right");
                for i in 0..8u8 {
                    let file = if self.flipped { 7 - i } else { i };
                    let letter = ((b'a' + file) as char).to_string();
                    let _ = ctx.fill_text(&letter, (i as f64 + 1.0) * c - 3.0, 8.0 * c - 2.0);
                }
                ctx.set_text_align("left");
                ctx.set_text_baseline("top");
                for row in 0..8u8 {
                    let rank = if self.flipped { row + 1 } else { 8 - row };
                    let _ = ctx.fill_text(&rank.to_string(), 3.0, row as f64 * c + 2.0);
                }
            }
        }
    }
}

/// The marks for a move's path: its start and every landing square.
pub fn path_of(mv: &Move) -> (Square, Vec<Square>) {
    (mv.from(), mv.path().to_vec())
}
