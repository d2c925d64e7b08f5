//! The tournament's results: what `results.json` holds (every game with its
//! bots, colours, opening, result and how it ended; every pair with the round
//! that decided it; the standings with Elo), the standings computed from the
//! games, and each game as a PDN file.

use super::elo::{self, GameScore};
use super::player::LastWords;
use crate::pdn::PdnGame;
use crate::Game;
use serde::Serialize;

/// Everything `results.json` holds. It has no clock readings or dates, so the
/// same seed with deterministic bots gives the same file.
#[derive(Clone, Debug, Serialize)]
pub struct Results {
    /// The rules played.
    pub variant: String,
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
#[derive(Clone, Debug, Serialize)]
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
    /// How it ended.
    pub end: EndRecord,
    /// Plies played (opening moves included).
    pub plies: usize,
    /// The PDN file, relative to the output directory.
    pub pdn: String,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize)]
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

/// The PDN text of a game.
pub fn pdn_text(record: &GameRecord, game: &Game, variant_event: &str) -> String {
    let mut pdn = PdnGame::new(game.clone());
    pdn.set_tag("Event", variant_event);
    pdn.set_tag("White", &record.white);
    pdn.set_tag("Black", &record.black);
    pdn.set_tag("Round", &format!("{}.{}", record.pair, record.id_suffix()));
    if let Some(opening) = &record.opening {
        pdn.set_tag("Opening", opening);
    }
    pdn.set_tag(
        "Termination",
        &format!("{}: {}", record.end.kind, record.end.detail),
    );
    pdn.result = record.result.clone();
    pdn.to_pdn()
}

impl GameRecord {
    /// `g1` or `ot1`.
    fn id_suffix(&self) -> &str {
        self.id.rsplit('-').next().unwrap_or(&self.id)
    }
}
