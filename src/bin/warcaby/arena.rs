//! `warcaby arena`: a round robin between bots under the tournament
//! framework's match rules, with live results, standings, Elo, PDN files and
//! a results JSON (see `warcaby::arena`).

use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;
use warcaby::arena::{self, report, Config, Entrant, Event};
use warcaby::rng::entropy_seed;
use warcaby::Variant;

#[derive(Args)]
pub struct ArenaArgs {
    /// The bots, two or more: random, level=N[:time=MS],
    /// minimax|alphabeta|negascout[:depth=N][:time=MS][:nodes=N][:eval=NAME][:hash=MIB],
    /// exec:<command line>, python:<file.py>, or the path of an executable.
    #[arg(long, num_args = 2.., required = true, value_name = "SPEC")]
    bots: Vec<String>,
    /// Rule variant: tournament, english or russian.
    #[arg(long, default_value = "tournament")]
    variant: Variant,
    /// Games per pair in the regular round (even; colours alternate).
    #[arg(long, default_value_t = 2)]
    games_per_pair: u32,
    /// Thinking time per game per bot, in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "S")]
    time_per_game: f64,
    /// Factor applied to the time per game (for slower machines).
    #[arg(long, default_value_t = 1.0, value_name = "F")]
    time_scale: f64,
    /// Start positions (FEN) or move sequences, one per line, or a PDN file;
    /// every opening is played with both colours.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_name = "N")]
    jobs: usize,
    /// Directory for the PDN files and results.json.
    #[arg(long, default_value = "arena-out", value_name = "DIR")]
    out: PathBuf,
    /// Seed for everything random (default: a random seed, printed).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Address-space limit of external bots in MiB (0: none).
    #[arg(long, default_value_t = 1024, value_name = "MIB")]
    memory_mb: u64,
    /// Men removed from each side for overtime (default: 1-3 at random).
    #[arg(long, value_name = "N")]
    overtime_men: Option<usize>,
    /// Print only the standings and Elo, not a line per game.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: &ArenaArgs) -> Result<(), String> {
    let bots = args
        .bots
        .iter()
        .map(|s| Entrant::parse(s).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let openings = match &args.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            arena::openings::parse(&text, args.variant)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Vec::new(),
    };
    if !(args.time_per_game > 0.0 && args.time_per_game.is_finite()) {
        return Err("--time-per-game must be a positive number of seconds".to_string());
    }
    let seed = args.seed.unwrap_or_else(entropy_seed);
    let config = Config {
        variant: args.variant,
        games_per_pair: args.games_per_pair,
        time_per_game: Duration::from_secs_f64(args.time_per_game),
        time_scale: args.time_scale,
        openings,
        jobs: args.jobs,
        out: Some(args.out.clone()),
        memory_mib: args.memory_mb,
        overtime_men: args.overtime_men,
        ..Config::new(bots, seed)
    };
    let bar = std::io::stderr().is_terminal() && !args.quiet;
    let quiet = args.quiet;
    let mut on_event = |event: &Event<'_>| {
        let mut err = std::io::stderr();
        if bar {
            let _ = write!(err, "\r\x1b[K");
        }
        match event {
            Event::Start { labels, games } => {
                if !quiet {
                    println!(
                        "arena: {} bots, {games} games ({} per pair, overtime for tied pairs), variant {}, {:.1} s per game, seed {seed}, jobs {}",
                        labels.len(),
                        config.games_per_pair,
                        config.variant,
                        config.game_time().as_secs_f64(),
                        config.jobs
                    );
                }
                if bar {
                    let _ = write!(err, "{}", report::progress_bar(0, *games));
                }
            }
            Event::Game {
                record,
                done,
                scheduled,
                pair_score,
            } => {
                if !quiet {
                    println!(
                        "{}",
                        report::game_line(record, *done, *scheduled, *pair_score)
                    );
                }
                if bar {
                    let _ = write!(err, "{}", report::progress_bar(*done, *scheduled));
                }
            }
            Event::Overtime {
                pair,
                bots,
                removed,
                fen,
            } => {
                if !quiet {
                    println!(
                        "overtime: pair {pair} ({} - {}) is tied; 2 more games with {removed} {} removed from each side: {fen}",
                        bots[0],
                        bots[1],
                        if *removed == 1 { "man" } else { "men" }
                    );
                }
            }
        }
        let _ = std::io::stdout().flush();
        let _ = err.flush();
    };
    let results = arena::run(&config, &mut on_event).map_err(|e| e.to_string())?;
    if bar {
        eprint!("\r\x1b[K");
    }
    println!();
    println!("{}", report::standings(&results));
    print!("{}", report::elo_lines(&results));
    println!(
        "\n{} games; PDN files and results.json in {}",
        results.games.len(),
        args.out.display()
    );
    Ok(())
}
