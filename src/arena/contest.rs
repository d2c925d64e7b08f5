//! Contest mode: games refereed the way the contest's own program
//! (`silnik.py`, class `GRA`) referees them.
//!
//! * Game ends: [`crate::checkers::rules::TOURNAMENT_CONTEST`] (no-progress counter
//!   reset only by a capture or a crowning, draw at 20; repetition of the
//!   board as the mover sees it, start position not counted; draws checked
//!   before the side to move's loss).
//! * Time: before each game a benchmark gives the move time T — the
//!   referee's own (64³ numpy `sum` calls on an 8x8 array) run by a Python
//!   bot's interpreter, or for games without one [`native_benchmark`]. A bot
//!   has [`ContestRules::flags`] time flags: an answer slower than T spends
//!   one; slower than T with none left, or slower than 2T, is replaced by a
//!   random legal one.
//! * Faults never lose: a step or move that is not legal, an exception, or
//!   garbage is replaced by a random legal one (seeded), and a bot whose
//!   process died is started again for its next move. A bot that cannot
//!   be started, or whose interpreter fails the benchmark, is recorded with
//!   the reason ([`Failure`]); a start that hung is not tried again in that
//!   game. All of it is recorded per side.
//! * Hop-by-hop bots (Python) are asked every step of a capture with a
//!   choice, each step judged on its own, as the referee does; other bots
//!   are asked once per move, and a random replacement is a whole move.
//! * A drawn game goes to the side that used less time (the contest
//!   README's tie-break: "the bot with less time left loses"); the PDN keeps
//!   the draw.

use super::contest_player::{Answer, Choice, ContestPlayer, ContestTurn, SubstitutionReason};
use super::play::{self, End, Played};
use super::player::{Fault, FaultKind, GameStart};
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
use crate::checkers::referee::{step_text, Hops};
use crate::checkers::rules::TOURNAMENT_CONTEST;
use crate::core::named::Named;
use crate::core::rng::Rng;
use crate::core::Color;
use std::time::{Duration, Instant};

/// The referee's number of time flags per bot and game.
pub const DEFAULT_FLAGS: u32 = 3;
/// A bot whose process fails to start this many times in one game is not
/// started again in that game (its moves are random from then on).
pub(crate) const MAX_RESTARTS: u32 = 5;
/// [`native_benchmark`]'s factor: on the machine this was measured on, numpy's
/// `sum` of an 8x8 array took this many times as long as the native loop's
/// sum, so the native benchmark gives about the same T.
pub const NATIVE_FACTOR: u32 = 400;

/// How the arena referees in contest mode.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestRules {
    /// A fixed move time T instead of the benchmark (for tests and
    /// organisers who want one T for every game).
    pub move_time: Option<Duration>,
    /// Time flags per bot and game.
    pub flags: u32,
}

impl Default for ContestRules {
    fn default() -> ContestRules {
        ContestRules {
            move_time: None,
            flags: DEFAULT_FLAGS,
        }
    }
}

/// Where a game's move time came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveTimeSource {
    /// Set on the command line.
    Fixed,
    /// The referee's numpy benchmark, run by a Python bot's interpreter.
    Python,
    /// [`native_benchmark`].
    Native,
}

impl MoveTimeSource {
    /// `fixed`, `python_benchmark` or `native_benchmark`.
    pub fn name(self) -> &'static str {
        match self {
            MoveTimeSource::Fixed => "fixed",
            MoveTimeSource::Python => "python_benchmark",
            MoveTimeSource::Native => "native_benchmark",
        }
    }
}

/// One random replacement of a bot's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Substitution {
    /// The ply of the game (from 1, opening moves included).
    pub ply: usize,
    /// Why.
    pub reason: SubstitutionReason,
    /// In words.
    pub detail: String,
    /// The step (`r1c1r2c2`, hop-by-hop bots) or move played instead.
    pub played: String,
}

/// When a bot's process failed outside its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureStage {
    /// Starting: loading the bot, the handshake, making its instance.
    Start,
    /// Running the referee's benchmark in its interpreter.
    Benchmark,
}

impl FailureStage {
    /// `start` or `benchmark`.
    pub fn name(self) -> &'static str {
        match self {
            FailureStage::Start => "start",
            FailureStage::Benchmark => "benchmark",
        }
    }
}

/// A failure of a bot's process that no answer shows (the replacements
/// for its moves say only that it was not running): why it did not start,
/// or why its benchmark failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The ply about to be played (from 1, opening moves included).
    pub ply: usize,
    /// When it failed.
    pub stage: FailureStage,
    /// Why, with the last line the bot wrote to stderr.
    pub detail: String,
}

/// What the referee recorded of one side in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideLog {
    /// Questions the bot was asked (steps or moves).
    pub questions: u32,
    /// Time flags spent.
    pub flags_used: u32,
    /// Answers replaced by random ones.
    pub substitutions: Vec<Substitution>,
    /// Times its process was started again after dying.
    pub restarts: u32,
    /// Its process's failures to start or to run the benchmark.
    pub failures: Vec<Failure>,
    /// Total time of its answers, as the referee measures it.
    pub time_used: Duration,
}

/// The contest record of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestGame {
    /// The move time T.
    pub move_time: Duration,
    /// Where T came from.
    pub source: MoveTimeSource,
    /// White's and Black's logs.
    pub sides: [SideLog; 2],
}

/// The referee's benchmark done natively: 64³ sums of an 8x8 array of small
/// integers, times [`NATIVE_FACTOR`] so that it gives about the move time
/// the Python benchmark gives on the same machine.
pub fn native_benchmark() -> Duration {
    let mut rng = Rng::new(0x5e_11c4);
    let matrix: [[i8; 8]; 8] = std::array::from_fn(|_| std::array::from_fn(|_| rng.index(5) as i8));
    let start = Instant::now();
    let mut total = 0i64;
    for _ in 0..64u32.pow(3) {
        let m = std::hint::black_box(&matrix);
        total += m.iter().flatten().map(|&v| i64::from(v)).sum::<i64>();
    }
    std::hint::black_box(total);
    start.elapsed() * NATIVE_FACTOR
}

/// The referee's verdict on one answer.
enum Verdict {
    Use(Choice),
    Random(SubstitutionReason, String),
}

/// Judges an answer that took `elapsed` against the move time `t`, spending
/// a flag from `log` when it was slow, exactly as the referee's loop does:
/// over 2T is a timeout; otherwise an unusable answer is replaced, and then
/// a slow one (over T) spends a flag, or is replaced when none is left.
fn judge(answer: Answer, elapsed: Duration, t: Duration, flags: u32, log: &mut SideLog) -> Verdict {
    let secs = |d: Duration| format!("{:.3} s", d.as_secs_f64());
    if elapsed > 2 * t {
        return Verdict::Random(
            SubstitutionReason::Timeout,
            format!("took {} > 2T = {}", secs(elapsed), secs(2 * t)),
        );
    }
    let verdict = match answer.choice {
        Ok(choice) => Verdict::Use(choice),
        Err((SubstitutionReason::Timeout, detail)) => {
            return Verdict::Random(SubstitutionReason::Timeout, detail)
        }
        Err((reason, detail)) => Verdict::Random(reason, detail),
    };
    if elapsed <= t {
        verdict
    } else if log.flags_used < flags {
        log.flags_used += 1;
        verdict
    } else {
        Verdict::Random(
            SubstitutionReason::Slow,
            format!(
                "took {} > T = {} with no time flag left",
                secs(elapsed),
                secs(t)
            ),
        )
    }
}

/// A game of contest mode in progress.
struct Referee<'a, 'p> {
    game: Game,
    players: [&'p mut dyn ContestPlayer; 2],
    starts: [GameStart; 2],
    rules: &'a ContestRules,
    t: Duration,
    logs: [SideLog; 2],
    failed_starts: [u32; 2],
    rng: Rng,
}

impl Referee<'_, '_> {
    /// Records a failure of side `i`'s process with its reason.
    fn record_failure(&mut self, i: usize, stage: FailureStage, fault: &Fault) {
        self.logs[i].failures.push(Failure {
            ply: self.game.ply_count() + 1,
            stage,
            detail: fault.with_last_stderr_line(),
        });
    }

    /// Starts side `i`'s bot, recording a failure. A start that ran out of
    /// time (a bot hanging while loading or in `__init__`) is not tried
    /// again in this game: it would cost as long every time.
    fn start(&mut self, i: usize) -> Result<(), Fault> {
        let started = self.players[i].start(&self.starts[i]);
        if let Err(fault) = &started {
            self.failed_starts[i] += 1;
            if fault.kind == FaultKind::Timeout {
                self.failed_starts[i] = MAX_RESTARTS;
            }
            self.record_failure(i, FailureStage::Start, fault);
        }
        started
    }

    /// Starts side `i`'s process again if it died (or never started); why
    /// it cannot be, in words.
    fn revive(&mut self, i: usize) -> Result<(), String> {
        if self.players[i].alive() {
            return Ok(());
        }
        let last_failure = |logs: &[SideLog; 2]| {
            logs[i]
                .failures
                .last()
                .map_or_else(String::new, |f| format!(": {}", f.detail))
        };
        if self.failed_starts[i] >= MAX_RESTARTS {
            return Err(format!(
                "the bot's process is not started again in this game{}",
                last_failure(&self.logs)
            ));
        }
        self.logs[i].restarts += 1;
        self.start(i).map_err(|_| {
            format!(
                "the bot's process could not be started{}",
                last_failure(&self.logs)
            )
        })
    }

    /// Runs the referee's benchmark in the interpreters of the bots, in
    /// turn, until one gives the move time; a failed one is recorded.
    fn benchmark(&mut self) -> Option<Duration> {
        for i in 0..2 {
            match self.players[i].benchmark() {
                Some(Ok(t)) => return Some(t),
                Some(Err(fault)) => self.record_failure(i, FailureStage::Benchmark, &fault),
                None => {}
            }
        }
        None
    }

    /// Sets the move time T: fixed, else the first Python bot's benchmark,
    /// else the native one; where it came from.
    fn set_move_time(&mut self) -> MoveTimeSource {
        let (t, source) = match self.rules.move_time {
            Some(t) => (t, MoveTimeSource::Fixed),
            None => match self.benchmark() {
                Some(t) => (t, MoveTimeSource::Python),
                None => (native_benchmark(), MoveTimeSource::Native),
            },
        };
        self.t = t;
        source
    }

    /// Asks the bot of side `i` one question and judges the answer.
    fn ask(&mut self, i: usize, hops: &Hops, legal: &[Move]) -> Verdict {
        if let Err(why) = self.revive(i) {
            return Verdict::Random(SubstitutionReason::Died, why);
        }
        let turn = ContestTurn {
            game: &self.game,
            legal,
            hops,
            limit: 2 * self.t,
        };
        let asked = Instant::now();
        let answer = self.players[i].decide(&turn);
        let elapsed = answer.elapsed.unwrap_or_else(|| asked.elapsed());
        let log = &mut self.logs[i];
        log.questions += 1;
        log.time_used += elapsed;
        judge(answer, elapsed, self.t, self.rules.flags, log)
    }

    /// The move of the side to move, asked step by step or whole.
    fn next_move(&mut self, legal: &[Move]) -> Move {
        let i = self.game.position().side_to_move().index();
        let mut hops = Hops::new(self.game.position(), legal);
        loop {
            hops.take_forced();
            if let Some(mv) = hops.finished() {
                return mv;
            }
            let verdict = self.ask(i, &hops, legal);
            let (reason, detail) = match verdict {
                Verdict::Use(Choice::Step(step)) if self.players[i].hop_by_hop() => {
                    match hops.take(step) {
                        Ok(()) => continue,
                        Err(e) => (SubstitutionReason::NotLegal, e.to_string()),
                    }
                }
                Verdict::Use(Choice::Move(mv)) if hops.candidates().contains(&mv) => return mv,
                Verdict::Use(_) => (SubstitutionReason::NotLegal, "not a legal answer".into()),
                Verdict::Random(reason, detail) => (reason, detail),
            };
            let ply = self.game.ply_count() + 1;
            if self.players[i].hop_by_hop() {
                let steps = hops.steps();
                let step = steps[self.rng.index(steps.len())];
                self.record(i, ply, reason, detail, step_text(step));
                hops.take(step).expect("a listed step");
            } else {
                let moves = hops.candidates();
                let mv = moves[self.rng.index(moves.len())];
                let text = self.game.position().move_text(&mv);
                self.record(i, ply, reason, detail, text);
                return mv;
            }
        }
    }

    fn record(
        &mut self,
        i: usize,
        ply: usize,
        reason: SubstitutionReason,
        detail: String,
        played: String,
    ) {
        self.logs[i].substitutions.push(Substitution {
            ply,
            reason,
            detail,
            played,
        });
    }
}

/// Plays `game` to its end under contest refereeing. `players` and
/// `starts` are indexed by colour (white first); `seed` drives the random
/// replacements.
pub fn play(
    game: &Game,
    players: [&mut dyn ContestPlayer; 2],
    starts: [GameStart; 2],
    rules: &ContestRules,
    seed: u64,
) -> Played {
    let mut referee = Referee {
        game: under_contest_rules(game),
        players,
        starts,
        rules,
        t: Duration::ZERO,
        logs: Default::default(),
        failed_starts: [0; 2],
        rng: Rng::new(seed),
    };
    for i in 0..2 {
        // A failure is recorded; the bot is started again when asked.
        let _ = referee.start(i);
    }
    let source = referee.set_move_time();
    let outcome = loop {
        if let Some(outcome) = referee.game.outcome() {
            break outcome;
        }
        let legal = referee.game.legal_moves();
        let mv = if legal.len() == 1 {
            legal[0]
        } else {
            referee.next_move(&legal)
        };
        referee
            .game
            .play(&mv)
            .expect("the referee plays legal moves");
    };
    let end: End = play::rules_end(outcome.into());
    let winner = outcome.winner();
    let result = outcome.result_text();
    for p in referee.players.iter_mut() {
        p.finish(result, end.kind.name());
    }
    let [w, b] = [&referee.logs[0].time_used, &referee.logs[1].time_used];
    let tiebreak = match (winner, w.cmp(b)) {
        (Some(_), _) | (None, std::cmp::Ordering::Equal) => None,
        (None, std::cmp::Ordering::Less) => Some(Color::White),
        (None, std::cmp::Ordering::Greater) => Some(Color::Black),
    };
    Played {
        time_used: [*w, *b],
        game: referee.game.into(),
        winner,
        end,
        tiebreak,
        contest: Some(ContestGame {
            move_time: referee.t,
            source,
            sides: referee.logs,
        }),
    }
}

/// The game with its positions under the referee's game-end rules.
fn under_contest_rules(game: &Game) -> Game {
    let start = game
        .start()
        .under_rules(&TOURNAMENT_CONTEST)
        .unwrap_or(*game.start());
    let mut out = Game::from_position(start);
    for mv in game.moves() {
        if out.play(mv).is_err() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(ok: bool) -> Answer {
        Answer {
            choice: if ok {
                Ok(Choice::Step(((5, 0), (4, 1))))
            } else {
                Err((SubstitutionReason::NotLegal, "x".into()))
            },
            elapsed: None,
        }
    }

    const T: Duration = Duration::from_millis(100);

    #[test]
    fn fast_answers_are_used_and_slow_ones_spend_flags() {
        let mut log = SideLog::default();
        assert!(matches!(
            judge(answer(true), T, T, 3, &mut log),
            Verdict::Use(_)
        ));
        assert_eq!(log.flags_used, 0);
        for spent in 1..=3 {
            let v = judge(answer(true), T + Duration::from_millis(1), T, 3, &mut log);
            assert!(matches!(v, Verdict::Use(_)));
            assert_eq!(log.flags_used, spent);
        }
        let v = judge(answer(true), 2 * T, T, 3, &mut log);
        assert!(matches!(v, Verdict::Random(SubstitutionReason::Slow, _)));
        let v = judge(
            answer(true),
            2 * T + Duration::from_millis(1),
            T,
            3,
            &mut log,
        );
        assert!(matches!(v, Verdict::Random(SubstitutionReason::Timeout, _)));
        assert_eq!(log.flags_used, 3);
    }

    #[test]
    fn a_slow_illegal_answer_still_spends_a_flag() {
        let mut log = SideLog::default();
        let v = judge(answer(false), T * 3 / 2, T, 3, &mut log);
        assert!(matches!(
            v,
            Verdict::Random(SubstitutionReason::NotLegal, _)
        ));
        assert_eq!(log.flags_used, 1);
    }

    #[test]
    fn the_native_benchmark_takes_measurable_time() {
        assert!(native_benchmark() > Duration::from_millis(1));
    }
}
