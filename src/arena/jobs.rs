//! One game of the tournament: what to play, the players for it (built-in,
//! external or Python), the game itself (arena rules or contest
//! refereeing) and its record.

use super::contest;
use super::external::ExternalBot;
use super::play::{self, Played};
use super::player::{self, GameStart, Player};
use super::process::Launch;
use super::python::PythonBot;
use super::results::{ContestRecord, EndRecord, GameRecord};
use super::spec::BotSpec;
use super::tournament::Config;
use crate::checkers::game::Game;
use crate::core::rng::mix;
use crate::core::Color;
use std::path::Path;
use std::time::Duration;

/// One game to play.
pub(super) struct Job {
    pub(super) pair: usize,
    pub(super) overtime: bool,
    pub(super) index: u32,
    pub(super) white: usize,
    pub(super) black: usize,
    pub(super) start: Game,
    pub(super) opening: Option<String>,
    pub(super) seed: u64,
}

/// A played game, with what the bots said about themselves.
pub(super) struct Done {
    pub(super) job: Job,
    pub(super) played: Played,
    pub(super) names: [Option<String>; 2],
    pub(super) isolated: [Option<bool>; 2],
}

/// The seed of one game, from the tournament's.
pub(super) fn game_seed(seed: u64, pair: usize, overtime: bool, index: u32) -> u64 {
    mix(seed ^ mix(((pair as u64) << 16) | ((overtime as u64) << 8) | index as u64))
}

fn make_player(spec: &BotSpec, adapter: Option<&Path>, config: &Config) -> Box<dyn Player> {
    let memory_mib = config.memory_mib;
    if let Some(p) = player::builtin(spec) {
        return p;
    }
    let absolute = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or_else(|_| p.to_path_buf())
            .to_string_lossy()
            .into_owned()
    };
    let launch = |program: String, args: Vec<String>| Launch {
        program,
        args,
        memory_bytes: (memory_mib > 0).then(|| memory_mib * 1024 * 1024),
        env: Vec::new(),
        dir: None,
    };
    match spec {
        BotSpec::Exec { command } => Box::new(ExternalBot::new(launch(
            "sh".to_string(),
            vec!["-c".to_string(), command.clone()],
        ))),
        BotSpec::Program { path } => Box::new(ExternalBot::new(launch(absolute(path), Vec::new()))),
        BotSpec::Python { file } => Box::new(PythonBot::new(Launch {
            // One BLAS thread: numpy's thread pool would otherwise reserve
            // address space per core under the memory limit.
            env: vec![("OPENBLAS_NUM_THREADS".into(), "1".into())],
            ..launch(
                config.python.clone(),
                vec![adapter.map_or_else(String::new, absolute), absolute(file)],
            )
        })),
        _ => unreachable!("built-ins are handled above"),
    }
}

/// Plays one game with fresh players.
pub(super) fn play_job(job: Job, config: &Config, adapter: Option<&Path>) -> Done {
    let mut white = make_player(&config.bots[job.white].spec, adapter, config);
    let mut black = make_player(&config.bots[job.black].spec, adapter, config);
    let time = config.game_time();
    let start = |color: Color, salt: u64| GameStart {
        variant: config.variant,
        color,
        time,
        seed: mix(job.seed.wrapping_add(salt)),
        handshake: time.max(Duration::from_secs(10)),
    };
    let starts = [start(Color::White, 1), start(Color::Black, 2)];
    let players: [&mut dyn Player; 2] = [white.as_mut(), black.as_mut()];
    let played = match &config.contest {
        Some(rules) => contest::play(&job.start, players, starts, rules, mix(job.seed ^ 0xc0)),
        None => play::play(job.start.clone(), players, starts),
    };
    Done {
        names: [white.name(), black.name()],
        isolated: [white.network_isolated(), black.network_isolated()],
        job,
        played,
    }
}

/// The record of a finished game (`width`: digits of the pair number).
pub(super) fn record_of(done: &Done, labels: &[String], width: usize) -> GameRecord {
    let job = &done.job;
    let played = &done.played;
    let round = if job.overtime { "ot" } else { "g" };
    let label_of = |c: Color| match c {
        Color::White => labels[job.white].clone(),
        Color::Black => labels[job.black].clone(),
    };
    let id = format!("p{:0width$}-{round}{}", job.pair + 1, job.index + 1);
    GameRecord {
        pdn: format!("{id}.pdn"),
        id,
        pair: job.pair + 1,
        round: if job.overtime { "overtime" } else { "regular" }.to_string(),
        game: job.index + 1,
        white: labels[job.white].clone(),
        black: labels[job.black].clone(),
        opening: job.opening.clone(),
        start_fen: played.game.start().to_fen(),
        result: played.result().to_string(),
        winner: played.winner.map(label_of),
        tiebreak_winner: played.tiebreak.map(label_of),
        contest: played.contest.as_ref().map(ContestRecord::of),
        end: EndRecord {
            kind: played.end.kind.to_string(),
            detail: played.end.detail.clone(),
            by: played.end.by.map(|c| c.name().to_string()),
            last_words: played.end.last_words.clone(),
        },
        plies: played.game.ply_count(),
    }
}
