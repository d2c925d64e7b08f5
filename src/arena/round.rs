//! The tournament in progress on the main thread: each finished game is
//! kept in the output folder, scored in its pair and reported; a pair left
//! tied gets its overtime games; games read back on `--resume` are filed
//! the same way, and only the games they leave are scheduled.

use super::folder::{self, SavedGame};
use super::jobs::{record_of, Done};
use super::openings::Opening;
use super::pairs::{overtime_start, pair_record, Pair, PairState, Scored};
use super::results::SandboxRecord;
use super::results::{self, BotRecord, ContestSettings, GameRecord, PairRecord, Results};
use super::sandbox::Sandbox;
use super::schedule::{colours, overtime_jobs, regular_jobs, start_of, Schedule};
use super::tournament::{ArenaError, Config, Event};
use crate::core::Color;
use std::collections::HashSet;

/// A game's place in the schedule: pair, overtime or not, index.
type Place = (usize, bool, u32);

/// What the tournament learns of each bot as games finish.
struct BotNotes {
    names: Vec<Option<String>>,
    isolated: Vec<Option<bool>>,
}

impl BotNotes {
    fn note(&mut self, bots: [usize; 2], names: &[Option<String>; 2], isolated: [Option<bool>; 2]) {
        for (side, bot) in bots.into_iter().enumerate() {
            if self.names[bot].is_none() {
                self.names[bot] = names[side].clone();
            }
            self.isolated[bot] = match (self.isolated[bot], isolated[side]) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (_, now) => now,
            };
        }
    }
}

/// The tournament in progress.
pub(super) struct Round<'a> {
    pub(super) config: &'a Config,
    pub(super) labels: Vec<String>,
    openings: Vec<Opening>,
    pairs: Vec<Pair>,
    schedule: &'a Schedule,
    records: Vec<(Place, GameRecord)>,
    /// Games already played (read back or finished), never scheduled again.
    played: HashSet<Place>,
    notes: BotNotes,
    /// Games scheduled so far, played ones included (grows with overtime).
    pub(super) scheduled: usize,
    /// Games finished so far, read back ones included.
    pub(super) finished: usize,
    sandbox: Sandbox,
}

impl<'a> Round<'a> {
    /// A round robin of `labels` with nothing played yet.
    pub(super) fn new(
        config: &'a Config,
        labels: Vec<String>,
        openings: Vec<Opening>,
        schedule: &'a Schedule,
        sandbox: Sandbox,
    ) -> Round<'a> {
        let n = labels.len();
        let pairs: Vec<Pair> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .map(|(a, b)| Pair::new(a, b, config.games_per_pair))
            .collect();
        Round {
            config,
            scheduled: pairs.len() * config.games_per_pair as usize,
            labels,
            openings,
            pairs,
            schedule,
            records: Vec::new(),
            played: HashSet::new(),
            notes: BotNotes {
                names: vec![None; n],
                isolated: vec![None; n],
            },
            finished: 0,
            sandbox,
        }
    }

    /// Files the games read back from the output folder, in schedule
    /// order (a pair's overtime after its regular games), starting the
    /// overtime of pairs they leave tied. An error names a record that
    /// does not fit this tournament.
    pub(super) fn restore(&mut self, saved: Vec<SavedGame>) -> Result<(), ArenaError> {
        let mut placed = Vec::new();
        for game in saved {
            placed.push((self.place_of(&game.record)?, game));
        }
        placed.sort_by_key(|(place, _)| *place);
        for (place, game) in placed {
            let (p, overtime, index) = place;
            let bad = |why: &str| ArenaError::Resume(format!("game {}: {why}", game.record.id));
            if overtime && self.pairs[p].overtime.is_none() {
                return Err(bad(
                    "an overtime game of a pair whose regular games do not tie",
                ));
            }
            if self.played.contains(&place) {
                return Err(bad("recorded twice"));
            }
            let (white, black) = colours(&self.pairs[p], overtime, index);
            self.notes
                .note([white, black], &game.bot_names, game.network_isolated);
            self.file(place, game.record, &mut |_| {}, false);
        }
        Ok(())
    }

    /// Where a read-back record belongs, checked against the schedule.
    fn place_of(&self, record: &GameRecord) -> Result<Place, ArenaError> {
        let bad = |why: &str| ArenaError::Resume(format!("game record {}: {why}", record.id));
        let p = record.pair.checked_sub(1).ok_or_else(|| bad("pair 0"))?;
        let pair = self.pairs.get(p).ok_or_else(|| bad("no such pair"))?;
        let overtime = record.round == "overtime";
        let index = record.game.checked_sub(1).ok_or_else(|| bad("game 0"))?;
        let games = if overtime { 2 } else { pair.regular.len() };
        if index as usize >= games {
            return Err(bad("no such game in its pair"));
        }
        let place = (p, overtime, index);
        let (white, black) = colours(pair, overtime, index);
        if record.white != self.labels[white] || record.black != self.labels[black] {
            return Err(bad("other bots than this tournament's"));
        }
        Ok(place)
    }

    /// Puts every game not yet played on the schedule: the regular
    /// rounds, then the overtime of pairs already tied.
    pub(super) fn schedule_rest(&self) {
        let mut jobs = regular_jobs(self.config, &self.openings, &self.pairs);
        for (p, pair) in self.pairs.iter().enumerate() {
            if let Some((removal, _)) = &pair.overtime {
                jobs.extend(overtime_jobs(self.config, p, pair, removal));
            }
        }
        let played = &self.played;
        self.schedule.push(
            jobs.into_iter()
                .filter(|j| !played.contains(&(j.pair, j.overtime, j.index))),
        );
    }

    /// Games scheduled and not yet finished.
    pub(super) fn remaining(&self) -> usize {
        self.scheduled - self.finished
    }

    /// Whether any pair has games to come.
    pub(super) fn open(&self) -> bool {
        self.pairs
            .iter()
            .any(|pair| !matches!(pair.state(), PairState::Over))
    }

    /// Keeps a finished game in the output folder, files and reports it.
    /// True while games are still to come.
    pub(super) fn finish(
        &mut self,
        done: Done,
        on_event: &mut dyn FnMut(&Event<'_>),
    ) -> Result<bool, ArenaError> {
        let width = self.pairs.len().to_string().len().max(2);
        let record = record_of(&done, &self.labels, width);
        self.notes
            .note([done.job.white, done.job.black], &done.names, done.isolated);
        if let Some(dir) = &self.config.out {
            let event = format!(
                "Warcaby arena ({}, seed {})",
                self.config.rules_label(),
                self.config.seed
            );
            let text = results::game_file_text(&record, &done.played.game, &event);
            let saved = SavedGame {
                record,
                bot_names: done.names.clone(),
                network_isolated: done.isolated,
            };
            folder::save_game(dir, &saved, &text)?;
            self.file(done.place(), saved.record, on_event, true);
        } else {
            self.file(done.place(), record, on_event, true);
        }
        Ok(self.open())
    }

    /// Scores a finished game in its pair and starts the overtime of a
    /// pair it leaves tied; `live` (a game just played, not one read back):
    /// reports both.
    fn file(
        &mut self,
        place: Place,
        record: GameRecord,
        on_event: &mut dyn FnMut(&Event<'_>),
        live: bool,
    ) {
        let (p, overtime, index) = place;
        self.finished += 1;
        self.played.insert(place);
        let pair = &mut self.pairs[p];
        let (white, _) = colours(pair, overtime, index);
        let label_colour = |label: &Option<String>| match label {
            Some(l) if *l == record.white => Some(Color::White),
            Some(_) => Some(Color::Black),
            None => None,
        };
        let winner = label_colour(&record.winner).or(label_colour(&record.tiebreak_winner));
        pair.add(overtime, index, Scored { white, winner });
        let [a, b] = pair.all_score();
        let pair_score = if white == pair.a { [a, b] } else { [b, a] };
        if live {
            on_event(&Event::Game {
                record: &record,
                done: self.finished,
                scheduled: self.scheduled,
                pair_score,
            });
        }
        self.records.push((place, record));
        if let PairState::Tied = self.pairs[p].state() {
            self.start_overtime(p, on_event, live);
        }
    }

    /// Starts pair `p`'s overtime; `live`: reports it and schedules its
    /// games (while restoring, [`Round::schedule_rest`] schedules those
    /// the folder does not hold).
    fn start_overtime(&mut self, p: usize, on_event: &mut dyn FnMut(&Event<'_>), live: bool) {
        let (base, _) = start_of(self.config, &self.openings, 0);
        let removal = overtime_start(self.config, p, &base);
        let pair = &self.pairs[p];
        if live {
            on_event(&Event::Overtime {
                pair: p + 1,
                bots: [&self.labels[pair.a], &self.labels[pair.b]],
                removed: removal.count,
                fen: removal.start_text(),
            });
            self.schedule
                .push(overtime_jobs(self.config, p, pair, &removal));
        }
        self.scheduled += 2;
        self.pairs[p].overtime = Some((removal, vec![None, None]));
    }

    /// The results once every pair is over.
    pub(super) fn results(mut self) -> Results {
        let config = self.config;
        self.records.sort_by_key(|(place, _)| *place);
        let games: Vec<GameRecord> = self.records.into_iter().map(|(.., r)| r).collect();
        let pairs: Vec<PairRecord> = self
            .pairs
            .iter()
            .enumerate()
            .map(|(p, pair)| pair_record(p, pair, &self.labels))
            .collect();
        let standings = results::standings(&self.labels, &pairs, &games);
        let bots = config
            .bots
            .iter()
            .enumerate()
            .map(|(i, b)| BotRecord {
                label: self.labels[i].clone(),
                spec: b.text.clone(),
                kind: b.spec.kind().name().to_string(),
                name: self.notes.names[i].clone(),
                network_isolated: self.notes.isolated[i],
            })
            .collect();
        let network = self
            .notes
            .isolated
            .iter()
            .flatten()
            .fold(None, |all, &one| Some(all.unwrap_or(true) && one));
        let sandbox = SandboxRecord {
            mode: if self.sandbox.on { "on" } else { "off" }.to_string(),
            landlock: match (self.sandbox.on, self.sandbox.landlock_abi) {
                (false, _) => "off",
                (true, None) => "unavailable",
                (true, Some(_)) => "on",
            }
            .to_string(),
            landlock_abi: self.sandbox.landlock_abi.filter(|_| self.sandbox.on),
            network_namespace: network,
            memory_limit_mib: config.memory_mib,
            summary: self.sandbox.summary(network, config.memory_mib),
        };
        let board = config.rules.board();
        Results {
            variant: config.rules.name(),
            rows: board.map(|(rows, _)| rows),
            cols: board.map(|(_, cols)| cols),
            seed: config.seed,
            games_per_pair: config.games_per_pair,
            time_per_game_ms: config.game_time().as_millis() as u64,
            time_scale: config.time_scale,
            memory_limit_mib: config.memory_mib,
            sandbox,
            contest: config.contest.as_ref().map(|c| ContestSettings {
                flags: c.flags,
                fixed_move_time_ms: c.move_time.map(results::millis),
            }),
            openings: self.openings.iter().map(|o| o.text.clone()).collect(),
            bots,
            pairs,
            games,
            standings,
        }
    }
}
