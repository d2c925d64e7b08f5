//! `warcaby play`: a game in the terminal, human against the engine (or
//! either way round, or bot against bot). Reads moves line by line, so it
//! works with a pipe as well as a keyboard.

use crate::games::pv_text;
use clap::{Args, ValueEnum};
use std::io::{BufRead, Write};
use warcaby::ai::CheckersNode;
use warcaby::ai::{Engine, Level};
use warcaby::rng::entropy_seed;
use warcaby::{Color, Game, Position, Square, SquareNotation, Variant};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Humans {
    White,
    Black,
    Both,
    None,
}

#[derive(Args)]
pub struct PlayArgs {
    /// Rule variant: tournament, english or russian.
    #[arg(long, default_value = "tournament")]
    variant: Variant,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Which side(s) a human plays.
    #[arg(long, value_enum, default_value = "white")]
    human: Humans,
    /// Engine level 1-8.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i64).range(1..=8))]
    level: i64,
    /// Thinking time per engine move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time: u64,
    /// Seed for the weak levels' randomness (same seed, same game).
    #[arg(long)]
    seed: Option<u64>,
}

/// Draws the board: `o`/`O` White man/king, `x`/`X` Black man/king, `-` an
/// empty dark square. Numeric variants show the square numbers beside it.
pub fn board_text(pos: &Position) -> String {
    let numeric = pos.rules().notation == SquareNotation::Numeric;
    let mut out = String::from("   a b c d e f g h\n");
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{}  ", rank + 1));
        let mut numbers = Vec::new();
        for file in 0..8u8 {
            let c = match Square::new(file, rank) {
                None => ' ',
                Some(sq) => {
                    numbers.push(format!("{:>2}", sq.number()));
                    match pos.piece_at(sq) {
                        None => '-',
                        Some(p) => match (p.color, p.role) {
                            (Color::White, warcaby::Role::Man) => 'o',
                            (Color::White, warcaby::Role::King) => 'O',
                            (Color::Black, warcaby::Role::Man) => 'x',
                            (Color::Black, warcaby::Role::King) => 'X',
                        },
                    }
                }
            };
            out.push(c);
            out.push(' ');
        }
        out.push_str(&format!("{}", rank + 1));
        if numeric {
            out.push_str(&format!("    {}", numbers.join(" ")));
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

fn is_human(humans: Humans, side: Color) -> bool {
    match humans {
        Humans::Both => true,
        Humans::None => false,
        Humans::White => side == Color::White,
        Humans::Black => side == Color::Black,
    }
}

fn legal_list(game: &Game) -> String {
    let pos = game.position();
    let texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| pos.move_text(m))
        .collect();
    texts.join(" ")
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let start = match &args.fen {
        Some(f) => Position::from_fen(f, args.variant).map_err(|e| e.to_string())?,
        None => Position::start(args.variant),
    };
    let level = Level::new(args.level).map_err(|e| e.to_string())?;
    let seed = args.seed.unwrap_or_else(entropy_seed);
    let mut game = Game::from_position(start);
    let mut engine = Engine::new(level.config(seed), level.eval());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let out = std::io::stdout();
    println!(
        "Warcaby: {} rules, level {level}, seed {seed}. o/O white man/king, x/X black man/king.",
        args.variant
    );
    println!("Type a move like 11-15 (or the full path 1x10x19), 'undo', or 'q' to quit.");
    loop {
        let pos = *game.position();
        println!("\n{}", board_text(&pos));
        if let Some(outcome) = game.outcome() {
            println!("Game over: {outcome} ({})", outcome.result_text());
            return Ok(());
        }
        let side = pos.side_to_move();
        let round = game.ply_count() / 2 + 1;
        if !is_human(args.human, side) {
            let limits = level.limits(args.time);
            let r = engine.think(&game, limits, |_| {});
            let mv = r.best_move.ok_or("engine found no move")?;
            println!(
                "round {round}: {} plays {}  value={} depth={} nodes={} time={:.3}s pv={}",
                side.name(),
                pos.move_text(&mv),
                r.score,
                r.depth,
                r.nodes,
                r.time_ms as f64 / 1000.0,
                pv_text(
                    &CheckersNode {
                        pos,
                        quiet_plies: 0
                    },
                    &r.pv
                )
            );
            game.play(&mv).map_err(|e| e.to_string())?;
            continue;
        }
        println!(
            "{} to move. Legal moves: {}",
            side.name(),
            legal_list(&game)
        );
        print!("{}> ", side.name());
        let _ = out.lock().flush();
        let Some(Ok(line)) = lines.next() else {
            println!("\nEnd of input: leaving the game.");
            return Ok(());
        };
        let input = line.trim();
        match input {
            "" => continue,
            "q" | "quit" | "exit" => {
                println!("Bye.");
                return Ok(());
            }
            "undo" => {
                // Take back to the human's previous turn.
                let mut undone = 0;
                while game.undo().is_some() {
                    undone += 1;
                    if is_human(args.human, game.position().side_to_move()) {
                        break;
                    }
                }
                if undone == 0 {
                    println!("Nothing to undo.");
                }
            }
            text => {
                if let Err(e) = game.play_text(text) {
                    println!("Not played: {e}");
                }
            }
        }
    }
}
