//! The tournament's results: what `results.json` holds (every game with its
//! bots, colours, opening, result and how it ended; every pair with the round
//! that decided it; the standings with Elo), the standings computed from the
//! games, and each game's file: PDN for checkers, for a game without PDN
//! (Clobber) its record as JSON ([`RecordFile`]).

use super::contest::{ContestGame, SideLog};
use super::elo::{self, GameScore};
use super::player::LastWords;
use crate::games::{AnyGame, GameRecord as MovesRecord, PlayedGame};
use serde::{Deserialize, Serialize};

/// The end of a game's record file name where its game has no PDN.
pub const RECORD_SUFFIX: &str = ".game.json";

/// Everything `results.json` holds. It has no clock readings or dates, so the
/// same seed with deterministic bots gives the same file.
#[derive(Clone, Debug, Serialize)]
pub struct Results {
    /// The rules played: a checkers variant, or `clobber`.
    pub variant: String,
    /// Clobber: the board's rows (absent for checkers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Clobber: the board's columns (absent for checkers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// The seed everything random was drawn from.
    pub seed: u64,
    /// Games of each pair's regular round.
    pub games_per_pair: u32,
    /// Each bot's thinking time per game, after scaling, in ms.
    pub time_per_game_ms: u64,
    /// The factor the time per game was scaled by.
    pub time_scale: f64,
    /// Address-space limit of external bots in MiB (0: none).
    pub memory_limit_mib: u64,
    /// How the bots' processes were isolated on this machine.
    pub sandbox: SandboxRecord,
    /// Contest mode's settings (null: the arena's own match rules).
    pub contest: Option<ContestSettings>,
    /// The openings, in the order they were used (after the seeded shuffle).
    pub openings: Vec<String>,
    /// The bots, in the order given.
    pub bots: Vec<BotRecord>,
    /// Every pair (round robin order).
    pub pairs: Vec<PairRecord>,
    /// Every game, pair by pair, regular games before overtime.
    pub games: Vec<GameRecord>,
    /// The final table, best first.
    pub standings: Vec<Standing>,
}

/// How the bots' processes were isolated (see `arena::sandbox`).
#[derive(Clone, Debug, Serialize)]
pub struct SandboxRecord {
    /// `on` or `off` (`--sandbox`).
    pub mode: String,
    /// Landlock (files, TCP, signals): `on`, `unavailable` (on this
    /// kernel) or `off`.
    pub landlock: String,
    /// The kernel's Landlock ABI version used (null: unavailable or off).
    pub landlock_abi: Option<u32>,
    /// Whether every bot process ran in a network namespace of its own
    /// (null: no bot process ran).
    pub network_namespace: Option<bool>,
    /// Address-space limit of each bot process in MiB (0: none).
    pub memory_limit_mib: u64,
    /// In words, as printed with the standings.
    pub summary: String,
}

/// Contest mode's settings.
#[derive(Clone, Debug, Serialize)]
pub struct ContestSettings {
    /// Time flags per bot and game.
    pub flags: u32,
    /// The fixed move time in ms, if one was set (else each game's benchmark).
    pub fixed_move_time_ms: Option<f64>,
}

/// What the contest referee recorded of one game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ContestRecord {
    /// The move time T in ms.
    pub move_time_ms: f64,
    /// `fixed`, `python_benchmark` or `native_benchmark`.
    pub move_time_source: String,
    /// White's log.
    pub white: SideRecord,
    /// Black's log.
    pub black: SideRecord,
}

/// One side's log in a contest game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SideRecord {
    /// Questions asked (steps for Python bots, else moves).
    pub questions: u32,
    /// Time flags spent.
    pub flags_used: u32,
    /// Answers replaced by random ones.
    pub substitutions: Vec<SubstitutionRecord>,
    /// Times its process was started again.
    pub restarts: u32,
    /// Its process's failures to start or to run the benchmark, with why.
    pub failures: Vec<FailureRecord>,
    /// Total time of its answers in ms.
    pub time_used_ms: f64,
}

/// A failure of a bot's process outside its answers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FailureRecord {
    /// The ply about to be played, from 1.
    pub ply: usize,
    /// `start` or `benchmark`.
    pub stage: String,
    /// Why, with the last line the bot wrote to stderr.
    pub detail: String,
}

/// One random replacement.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SubstitutionRecord {
    /// The ply, from 1.
    pub ply: usize,
    /// `timeout`, `slow_no_flags`, `not_legal`, `exception`, `garbage` or `died`.
    pub reason: String,
    /// In words.
    pub detail: String,
    /// What was played instead (a step `r1c1r2c2`, or a move).
    pub played: String,
}

impl ContestRecord {
    /// The record of a game's contest log.
    pub fn of(game: &ContestGame) -> ContestRecord {
        let side = |log: &SideLog| SideRecord {
            questions: log.questions,
            flags_used: log.flags_used,
            substitutions: log
                .substitutions
                .iter()
                .map(|s| SubstitutionRecord {
                    ply: s.ply,
                    reason: s.reason.to_string(),
                    detail: s.detail.clone(),
                    played: s.played.clone(),
                })
                .collect(),
            restarts: log.restarts,
            failures: log
                .failures
                .iter()
                .map(|f| FailureRecord {
                    ply: f.ply,
                    stage: f.stage.name().to_string(),
                    detail: f.detail.clone(),
                })
                .collect(),
            time_used_ms: millis(log.time_used),
        };
        ContestRecord {
            move_time_ms: millis(game.move_time),
            move_time_source: game.source.name().to_string(),
            white: side(&game.sides[0]),
            black: side(&game.sides[1]),
        }
    }
}

/// A duration in milliseconds, to the microsecond.
pub(crate) fn millis(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// One bot.
#[derive(Clone, Debug, Serialize)]
pub struct BotRecord {
    /// Its name in tables and files.
    pub label: String,
    /// The spec it was given as.
    pub spec: String,
    /// `builtin`, `external` or `python`.
    pub kind: String,
    /// The name an external bot gave itself (`id name=...`).
    pub name: Option<String>,
    /// Whether its processes ran without network access (null for built-ins,
    /// or where it could not be told).
    pub network_isolated: Option<bool>,
}

/// One pair of bots and how their match went.
#[derive(Clone, Debug, Serialize)]
pub struct PairRecord {
    /// Pair number, from 1.
    pub pair: usize,
    /// The two bots' labels.
    pub bots: [String; 2],
    /// Their points in the regular round.
    pub regular: [f64; 2],
    /// The overtime round, if the regular round was tied.
    pub overtime: Option<OvertimeRecord>,
    /// `regular`, `overtime`, or `undecided` (still tied after overtime).
    pub decided_by: String,
    /// The winner's label, if any.
    pub winner: Option<String>,
}

/// An overtime round.
#[derive(Clone, Debug, Serialize)]
pub struct OvertimeRecord {
    /// Men removed at random from each side.
    pub removed_men: usize,
    /// White's removed men.
    pub removed_white: Vec<String>,
    /// Black's removed men.
    pub removed_black: Vec<String>,
    /// The position both overtime games start from.
    pub start_fen: String,
    /// The two bots' points in overtime.
    pub score: [f64; 2],
}

/// One game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// `p01-g1` (regular) or `p01-ot1` (overtime).
    pub id: String,
    /// Pair number.
    pub pair: usize,
    /// `regular` or `overtime`.
    pub round: String,
    /// Game number within its round, from 1.
    pub game: u32,
    /// White's label.
    pub white: String,
    /// Black's label.
    pub black: String,
    /// The opening, if openings were given.
    pub opening: Option<String>,
    /// The position the game started from (before any opening moves).
    pub start_fen: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner's label, if any.
    pub winner: Option<String>,
    /// Contest mode, a draw: the bot that used less time, which scores the
    /// game in its match (the result stays a draw).
    pub tiebreak_winner: Option<String>,
    /// Contest mode: the move time and each side's flags, random
    /// replacements and restarts.
    pub contest: Option<ContestRecord>,
    /// How it ended.
    pub end: EndRecord,
    /// Plies played (opening moves included).
    pub plies: usize,
    /// The PDN file, relative to the output directory (checkers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pdn: Option<String>,
    /// The game's record file ([`RecordFile`]), relative to the output
    /// directory, for a game without PDN (Clobber).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// A game's record file where its game has no PDN (Clobber): the tags a
/// PDN would carry, the result, and the game as its rules' name, start and
/// moves, which [`RecordFile::game`] replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordFile {
    /// The tournament, as PDN's `Event` tag.
    pub event: String,
    /// White's label.
    pub white: String,
    /// Black's label.
    pub black: String,
    /// Pair and game, as PDN's `Round` tag (`3.g2`).
    pub round: String,
    /// How the game ended (kind and words), as PDN's `Termination` tag.
    pub termination: String,
    /// `1-0` or `0-1` (a fault's loser loses).
    pub result: String,
    /// The rules' name ([`crate::games::GameRules::name`]).
    pub rules: String,
    /// The start position's text.
    pub start: String,
    /// The moves played, as their texts.
    pub moves: Vec<String>,
}

impl RecordFile {
    /// The game replayed from its start and moves.
    pub fn game(&self) -> Result<AnyGame, String> {
        let record = MovesRecord::from_parts(&self.rules, self.start.clone(), self.moves.clone())
            .map_err(|e| e.to_string())?;
        AnyGame::from_record(&record).map_err(|e| e.to_string())
    }
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EndRecord {
    /// `no_pieces`, `blocked`, `threefold_repetition`, `no_progress`,
    /// `timeout`, `crash`, `illegal_move`, `unreadable_move` or `garbage`.
    pub kind: String,
    /// In words.
    pub detail: String,
    /// For a fault: the side that failed (`white` or `black`).
    pub by: Option<String>,
    /// For a fault of an external bot: its last output.
    pub last_words: Option<LastWords>,
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// Place, from 1.
    pub rank: usize,
    /// The bot's label.
    pub bot: String,
    /// Match points: 1 per pair won, ½ per pair left undecided.
    pub points: f64,
    /// Pairs won.
    pub pairs_won: u32,
    /// Pairs undecided.
    pub pairs_drawn: u32,
    /// Pairs lost.
    pub pairs_lost: u32,
    /// Pairs won in overtime.
    pub overtime_wins: u32,
    /// Contest mode: drawn games won on the tie-break (less time used).
    pub tiebreak_wins: u32,
    /// Game points (1 per win, ½ per draw), overtime games included.
    pub game_points: f64,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Elo relative to the field's average, rounded.
    pub elo: i64,
    /// 95% margin of the Elo, rounded.
    pub elo_margin: i64,
}

/// The standings from the pairs and games (`labels` in the bots' order).
pub fn standings(labels: &[String], pairs: &[PairRecord], games: &[GameRecord]) -> Vec<Standing> {
    let index = |label: &str| labels.iter().position(|l| l == label).expect("known bot");
    let mut table: Vec<Standing> = labels
        .iter()
        .map(|l| Standing {
            rank: 0,
            bot: l.clone(),
            points: 0.0,
            pairs_won: 0,
            pairs_drawn: 0,
            pairs_lost: 0,
            overtime_wins: 0,
            tiebreak_wins: 0,
            game_points: 0.0,
            wins: 0,
            draws: 0,
            losses: 0,
            elo: 0,
            elo_margin: 0,
        })
        .collect();
    for p in pairs {
        let (a, b) = (index(&p.bots[0]), index(&p.bots[1]));
        match &p.winner {
            None => {
                for i in [a, b] {
                    table[i].pairs_drawn += 1;
                    table[i].points += 0.5;
                }
            }
            Some(w) => {
                let (win, lose) = if *w == p.bots[0] { (a, b) } else { (b, a) };
                table[win].pairs_won += 1;
                table[win].points += 1.0;
                table[lose].pairs_lost += 1;
                if p.decided_by == "overtime" {
                    table[win].overtime_wins += 1;
                }
            }
        }
    }
    let mut scores = Vec::new();
    for g in games {
        let (w, b) = (index(&g.white), index(&g.black));
        if let Some(t) = &g.tiebreak_winner {
            table[index(t)].tiebreak_wins += 1;
        }
        let white_score = match g.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        scores.push(GameScore {
            a: w,
            b,
            score_a: white_score,
        });
        for (i, s) in [(w, white_score), (b, 1.0 - white_score)] {
            table[i].game_points += s;
            if s == 1.0 {
                table[i].wins += 1;
            } else if s == 0.0 {
                table[i].losses += 1;
            } else {
                table[i].draws += 1;
            }
        }
    }
    for (row, rating) in table.iter_mut().zip(elo::estimate(labels.len(), &scores)) {
        row.elo = rating.elo.round() as i64;
        row.elo_margin = rating.margin.round() as i64;
    }
    table.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(y.game_points.total_cmp(&x.game_points))
            .then(y.elo.cmp(&x.elo))
            .then(x.bot.cmp(&y.bot))
    });
    for (i, row) in table.iter_mut().enumerate() {
        row.rank = i + 1;
    }
    table
}

/// The text of a game's file: its PDN, or where its game has none its
/// [`RecordFile`] as JSON.
pub fn game_file_text(record: &GameRecord, game: &AnyGame, event: &str) -> String {
    let round = format!("{}.{}", record.pair, record.id_suffix());
    let termination = format!("{}: {}", record.end.kind, record.end.detail);
    let mut tags = vec![
        ("Event", event),
        ("White", record.white.as_str()),
        ("Black", record.black.as_str()),
        ("Round", round.as_str()),
    ];
    if let Some(opening) = &record.opening {
        tags.push(("Opening", opening));
    }
    tags.push(("Termination", &termination));
    let comments = record
        .contest
        .as_ref()
        .map_or_else(Vec::new, contest_comments);
    if let Some(pdn) = game.pdn(&tags, &record.result, comments) {
        return pdn;
    }
    let played: &dyn PlayedGame = game.played();
    let moves = played.record();
    let file = RecordFile {
        event: event.to_string(),
        white: record.white.clone(),
        black: record.black.clone(),
        round,
        termination,
        result: record.result.clone(),
        rules: moves.rules_name(),
        start: moves.start_text().to_string(),
        moves: moves.moves().to_vec(),
    };
    serde_json::to_string_pretty(&file).expect("a record serialises") + "\n"
}

/// Contest mode's record as PDN comments: after each move with a random
/// replacement, the side, what was played and why; before the move at
/// which a bot's process failed to start or to run the benchmark, why.
fn contest_comments(contest: &ContestRecord) -> Vec<(usize, String)> {
    let mut comments = Vec::new();
    for (colour, side) in [("white", &contest.white), ("black", &contest.black)] {
        for f in &side.failures {
            let text = format!("{colour}: {} failed: {}", f.stage, f.detail);
            comments.push((f.ply - 1, text));
        }
        for s in &side.substitutions {
            let text = format!(
                "{colour}: random {} for {}: {}",
                s.played, s.reason, s.detail
            );
            comments.push((s.ply, text));
        }
    }
    comments.sort_by_key(|(after, _)| *after);
    comments
}

impl GameRecord {
    /// `g1` or `ot1`.
    fn id_suffix(&self) -> &str {
        self.id.rsplit('-').next().unwrap_or(&self.id)
    }
}
