//! `warcaby play`: a game in the terminal, human against the engine (or
//! either way round, or bot against bot). Reads moves line by line, so it
//! works with a pipe as well as a keyboard.

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use std::io::{BufRead, Write};
use warcaby::checkers::ai::Level;
use warcaby::clobber::{ClobberEval, ClobberGame, ClobberPosition, Shape};
use warcaby::core::rng::entropy_seed;
use warcaby::games::{AnyEval, AnyGame, Assets, Engine, EngineChoice, GameKind};
use warcaby::search::Algorithm;
use warcaby::{Color, Variant};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Humans {
    White,
    Black,
    Both,
    None,
}

/// Which bot plays the sides no human plays.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum BotChoice {
    /// The alpha-beta engine at --level.
    Engine,
    /// The AlphaZero bot (English checkers).
    Az,
}

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The game: checkers or clobber.
    #[arg(long, default_value = "checkers")]
    game: GameKind,
    /// Clobber board rows (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_ROWS)]
    rows: usize,
    /// Clobber board columns (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_COLS)]
    cols: usize,
    /// Clobber position to start from (rows top to bottom, like WBW/BWB:B).
    #[arg(long)]
    position: Option<String>,
    /// Clobber bot heuristic.
    #[arg(long, default_value = "live")]
    heuristic: String,
    /// Checkers rule variant: tournament, english, russian, brazilian or
    /// international (10x10) (default: tournament; english with --bot az).
    #[arg(long, value_parser = Variant::from_any_name)]
    variant: Option<Variant>,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Start from the end of a game in this PDN file (its moves can be undone).
    #[arg(long, value_name = "FILE")]
    pdn: Option<std::path::PathBuf>,
    /// Which game of the --pdn file (1-based, default 1).
    #[arg(long, value_name = "N")]
    pdn_game: Option<usize>,
    /// Which side(s) a human plays (default: white; none with --bot az).
    #[arg(long, value_enum)]
    human: Option<Humans>,
    /// The bot: the alpha-beta engine at --level, or az (the AlphaZero
    /// network with tree search, English checkers). With az and no human,
    /// the game pauses after each move: Enter goes on, q stops.
    #[arg(long, value_enum, default_value = "engine")]
    bot: BotChoice,
    /// AlphaZero network file for --bot az (default: the shipped network).
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
    /// Engine level 1-8.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i64).range(1..=8))]
    level: i64,
    /// Thinking time per engine move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time: u64,
    /// Seed for the weak levels' randomness (same seed, same game).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    egdb: crate::egdb::EgdbDirArgs,
}

fn is_human(humans: Humans, side: Color) -> bool {
    match humans {
        Humans::Both => true,
        Humans::None => false,
        Humans::White => side == Color::White,
        Humans::Black => side == Color::Black,
    }
}

/// A game at the terminal, either game: the record and the engine that
/// plays its bot moves (a level, or the AlphaZero bot), kept between moves.
struct Table {
    game: AnyGame,
    engine: Engine,
    time: u64,
}

impl Table {
    /// The board drawn as text.
    fn board(&self) -> String {
        self.game.played().text_board()
    }

    /// The result, once the game is over.
    fn result(&self) -> Option<String> {
        self.game
            .outcome()
            .map(|o| format!("{o} ({})", o.result_text()))
    }

    /// The legal moves, as text.
    fn legal(&self) -> String {
        let texts: Vec<String> = self
            .game
            .legal_moves()
            .iter()
            .map(|m| self.game.move_text(m))
            .collect();
        texts.join(" ")
    }

    /// The engine moves; returns its log line (without the round prefix).
    fn bot(&mut self) -> Result<String> {
        let limits = self.engine.limits(self.time);
        let r = self.engine.think(&self.game, limits, |_| {})?;
        let best = r.best_move.as_deref().context("the engine found no move")?;
        let mv = self.game.parse_move(best)?;
        let text = self.game.move_text(&mv);
        self.game.play(&mv)?;
        // The AlphaZero bot reports its root moves; a search its line.
        if let Some(top) = r.root_moves.first() {
            let total = r.root_moves.iter().map(|m| m.visits).sum::<u32>().max(1);
            return Ok(format!(
                "plays {text}  visits={:.0}% prior={:.2} value={:.2} sims={}",
                100.0 * top.visits as f64 / total as f64,
                top.prior,
                top.value,
                r.nodes
            ));
        }
        Ok(format!(
            "plays {text}  value={} depth={} nodes={} time={:.3}s pv={}",
            r.score,
            r.depth,
            r.nodes,
            r.time_ms as f64 / 1000.0,
            r.pv.join(",")
        ) + if r.book { " (book)" } else { "" })
    }
}

fn table(args: &PlayArgs, level: Level, seed: u64) -> Result<Table> {
    if args.bot == BotChoice::Az {
        // Only where the bot plays: `run` has refused the other games.
        return az_table(args, seed);
    }
    match args.game {
        GameKind::Checkers => {
            let game = crate::start::any_checkers_game(
                args.variant.unwrap_or(Variant::Tournament),
                args.fen.as_deref(),
                args.pdn.as_deref(),
                args.pdn_game,
            )?;
            let played = game.played();
            println!(
                "Warcaby: {} rules, level {level}, seed {seed}. o/O white man/king, x/X black man/king.",
                played.rules_name()
            );
            // The strong levels probe the endgame tables, as on the page
            // (where the rules have some: not on 10x10).
            let tables = match (level.uses_endgame_tables(), played.rules().endgame_rules()) {
                (true, Some(variant)) => args.egdb.place().tables(variant)?,
                _ => None,
            };
            if let Some(tables) = &tables {
                println!("Endgame tables: {}.", tables.summary());
            }
            let (plain, capture) = played.move_examples();
            println!(
                "Type a move like {plain} (or a capture's full path like {capture}), 'undo', or 'q' to quit."
            );
            let egdb = tables.map(|t| t.egdb);
            let assets = Assets {
                endgame: egdb.as_ref(),
                ..Assets::default()
            };
            Ok(Table {
                game,
                engine: Engine::new(EngineChoice::Level { level, seed }, assets),
                time: args.time,
            })
        }
        GameKind::Clobber => {
            let start = match &args.position {
                Some(text) => ClobberPosition::parse(text)?,
                None => Shape::new(args.rows, args.cols).map(ClobberPosition::start)?,
            };
            let eval: ClobberEval = args.heuristic.parse()?;
            println!(
                "Warcaby Clobber {}x{}, level {level} ({eval}). o White, x Black; Black moves first.",
                start.shape().rows(),
                start.shape().cols()
            );
            println!("Type a move like b3-b4 (or row,col,dir from the top-left), 'undo', or 'q' to quit.");
            Ok(Table {
                game: AnyGame::Clobber(ClobberGame::from_position(start)),
                // Clobber levels: twice the level's number in plies.
                engine: Engine::new(
                    EngineChoice::Lab {
                        algorithm: Algorithm::NegaScout,
                        eval: AnyEval::Clobber(eval),
                        depth: Some(2 * level.number() as u32),
                    },
                    Assets::default(),
                ),
                time: args.time,
            })
        }
    }
}

fn az_table(args: &PlayArgs, seed: u64) -> Result<Table> {
    let game = crate::start::checkers_game(
        args.variant.unwrap_or(Variant::English),
        args.fen.as_deref(),
        args.pdn.as_deref(),
        args.pdn_game,
    )?;
    if game.variant() != Variant::English {
        bail!("the AlphaZero bot plays English checkers only (--variant english)");
    }
    let net = crate::az::load_net(args.net.as_deref())?;
    let assets = Assets {
        net: Some(&net),
        endgame: None,
        ..Assets::default()
    };
    let engine = Engine::new(EngineChoice::AlphaZero { sims: None }, assets).with_seed(seed);
    println!(
        "Warcaby: English rules, the AlphaZero bot ({} ms a move). o/O white man/king, x/X black man/king.",
        args.time
    );
    println!("Enter: the network's next move; a move like 11-15 on your turn; 'q' to stop.");
    Ok(Table {
        game: AnyGame::Checkers(game),
        engine,
        time: args.time,
    })
}

/// After a move of the AlphaZero bot with no human to move next: Enter goes
/// on, `q` (or the end of input) stops. True to stop.
fn pause(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> bool {
    print!("Enter to go on, q to stop> ");
    let _ = std::io::stdout().flush();
    match lines.next() {
        Some(Ok(line)) => matches!(line.trim(), "q" | "quit" | "exit"),
        _ => true,
    }
}

pub(crate) fn run(args: &PlayArgs) -> Result<()> {
    let level = Level::new(args.level)?;
    let az = args.bot == BotChoice::Az;
    if az && !args.game.alphazero_plays_some_rules() {
        bail!("--bot az plays checkers (English rules) only");
    }
    let humans = args
        .human
        .unwrap_or(if az { Humans::None } else { Humans::White });
    let seed = args.seed.unwrap_or_else(entropy_seed);
    let mut table = table(args, level, seed)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let out = std::io::stdout();
    loop {
        println!("\n{}", table.board());
        if let Some(result) = table.result() {
            println!("Game over: {result}");
            return Ok(());
        }
        let side = table.game.side_to_move();
        let round = table.game.ply_count() / 2 + 1;
        if !is_human(humans, side) {
            let line = table.bot()?;
            println!("round {round}: {} {line}", side.name());
            let next_is_bot = !is_human(humans, table.game.side_to_move());
            if az && next_is_bot && table.result().is_none() && pause(&mut lines) {
                println!("Bye.");
                return Ok(());
            }
            continue;
        }
        println!("{} to move. Legal moves: {}", side.name(), table.legal());
        print!("{}> ", side.name());
        let _ = out.lock().flush();
        let Some(Ok(line)) = lines.next() else {
            println!("\nEnd of input: leaving the game.");
            return Ok(());
        };
        match line.trim() {
            "" => continue,
            "q" | "quit" | "exit" => {
                println!("Bye.");
                return Ok(());
            }
            "undo" => {
                // Take back to the human's previous turn.
                let mut undone = 0;
                while table.game.undo().is_some() {
                    undone += 1;
                    if is_human(humans, table.game.side_to_move()) {
                        break;
                    }
                }
                if undone == 0 {
                    println!("Nothing to undo.");
                }
            }
            text => {
                if let Err(e) = table.game.play_text(text) {
                    println!("Not played: {e}");
                }
            }
        }
    }
}
