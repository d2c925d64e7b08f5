//! Chess clocks for timed games: the time controls offered (minutes plus
//! an increment per move), each side's time left, which clock runs and
//! since when, the flag, and how long the AI may think by its clock.
//! Times are wall-clock milliseconds since the epoch (`Date.now()`), so a
//! running clock survives a reload: the time away counts, as in real play.

use serde::{Deserialize, Serialize};
use warcaby::core::named::{self, Named, UnknownName};
use warcaby::Color;

/// Below this much time left a clock is shown as low (and with tenths).
pub const LOW_MS: f64 = 10_000.0;

/// The AI keeps this much of its time for the answer's way back to the
/// page (the worker's message, the move's animation does not count).
const AI_MARGIN_MS: f64 = 300.0;

/// The shortest think the AI is asked for.
const AI_MIN_MS: f64 = 50.0;

/// A time control: no clock, or minutes per side plus seconds per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeControl {
    /// No clocks (casual play).
    #[default]
    Untimed,
    /// 3 minutes, 2 seconds more per move.
    Blitz3,
    /// 5 minutes, 3 seconds more per move.
    Blitz5,
    /// 10 minutes, 5 seconds more per move.
    Rapid10,
}

impl Named for TimeControl {
    const WHAT: &'static str = "time control";
    const ALL: &'static [Self] = &[Self::Untimed, Self::Blitz3, Self::Blitz5, Self::Rapid10];
    fn name(self) -> &'static str {
        match self {
            Self::Untimed => "none",
            Self::Blitz3 => "3+2",
            Self::Blitz5 => "5+3",
            Self::Rapid10 => "10+5",
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        named::display(*self, f)
    }
}

impl std::str::FromStr for TimeControl {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        named::parse(s)
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        named::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl TimeControl {
    /// Minutes per side and seconds added per move (None: untimed).
    pub fn minutes_and_increment(self) -> Option<(u32, u32)> {
        match self {
            Self::Untimed => None,
            Self::Blitz3 => Some((3, 2)),
            Self::Blitz5 => Some((5, 3)),
            Self::Rapid10 => Some((10, 5)),
        }
    }

    /// A game's clocks at its start (None: untimed).
    pub fn clock(self) -> Option<Clock> {
        self.minutes_and_increment().map(|(minutes, seconds)| {
            let base = f64::from(minutes) * 60_000.0;
            Clock {
                white_ms: base,
                black_ms: base,
                increment_ms: f64::from(seconds) * 1000.0,
                running: None,
            }
        })
    }
}

/// The clock that runs: whose, and since when.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Running {
    /// White's clock runs (else Black's).
    pub white: bool,
    /// When it started, in milliseconds since the epoch.
    pub since: f64,
}

impl Running {
    /// The side whose clock runs.
    pub fn side(self) -> Color {
        if self.white {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// Both sides' clocks. Neither runs before the game's first move (the
/// first player may take their time); from then on the side to move's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    /// White's time left when its clock last stopped (ms).
    pub white_ms: f64,
    /// Black's time left when its clock last stopped (ms).
    pub black_ms: f64,
    /// Time added after each move (ms).
    pub increment_ms: f64,
    /// The clock that runs, if any.
    pub running: Option<Running>,
}

impl Clock {
    fn stored(&self, side: Color) -> f64 {
        match side {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }

    fn store(&mut self, side: Color, ms: f64) {
        match side {
            Color::White => self.white_ms = ms,
            Color::Black => self.black_ms = ms,
        }
    }

    /// The side whose clock runs, if any.
    pub fn running_side(&self) -> Option<Color> {
        self.running.map(Running::side)
    }

    /// `side`'s time left at `now` (never below 0).
    pub fn left(&self, side: Color, now: f64) -> f64 {
        let spent = match self.running {
            Some(run) if run.side() == side => (now - run.since).max(0.0),
            _ => 0.0,
        };
        (self.stored(side) - spent).max(0.0)
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: f64) -> Option<Color> {
        self.running_side()
            .filter(|&side| self.left(side, now) <= 0.0)
    }

    /// `mover` has just moved at `now`: its clock stops (with the
    /// increment added, once the clocks run) and the opponent's starts.
    pub fn moved(&mut self, mover: Color, now: f64) {
        if self.running.is_some() {
            let left = self.left(mover, now);
            self.store(mover, left + self.increment_ms);
        }
        self.running = Some(Running {
            white: mover == Color::Black,
            since: now,
        });
    }

    /// Stops the clocks at `now` (the game is over), keeping the times left.
    pub fn stop(&mut self, now: f64) {
        if let Some(side) = self.running_side() {
            let left = self.left(side, now);
            self.store(side, left);
        }
        self.running = None;
    }

    /// How long the AI (`side`) may think at `now`: its time left over 30
    /// plus 0.8 of the increment, at most `usual_ms` (the level's time
    /// per move) and never more than it has left (less a margin for the
    /// answer's way back).
    pub fn ai_think_ms(&self, side: Color, now: f64, usual_ms: u64) -> u64 {
        let left = self.left(side, now);
        let budget = left / 30.0 + self.increment_ms * 0.8;
        let cap = (left - AI_MARGIN_MS).max(AI_MIN_MS);
        budget.min(usual_ms as f64).min(cap).max(AI_MIN_MS) as u64
    }

    /// Checks a saved clock: times finite and not negative, no start in
    /// the future, and the clock that runs is the side to move's
    /// (`to_move`; None once the game is over).
    pub fn validate(&self, to_move: Option<Color>, now: f64) -> Result<(), String> {
        let times = [self.white_ms, self.black_ms, self.increment_ms];
        if times.iter().any(|t| !t.is_finite() || *t < 0.0) {
            return Err("a clock's time is not a time".to_string());
        }
        match (self.running, to_move) {
            (Some(run), _) if !run.since.is_finite() || run.since > now + 60_000.0 => {
                Err("a clock started in the future".to_string())
            }
            (Some(run), Some(side)) if run.side() != side => {
                Err("the clock that runs is not the side to move's".to_string())
            }
            (Some(_), None) => Err("a clock runs in a finished game".to_string()),
            _ => Ok(()),
        }
    }
}

/// A clock's time as shown: "4:05", or below 10 seconds with tenths,
/// "0:07.3" (rounded down: a clock never shows time it does not have).
pub fn clock_text(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < LOW_MS {
        let tenths = (ms / 100.0).floor() as u64;
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).floor() as u64;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_named_and_give_their_clocks() {
        assert_eq!("5+3".parse::<TimeControl>(), Ok(TimeControl::Blitz5));
        assert!("4+1".parse::<TimeControl>().is_err());
        assert_eq!(TimeControl::Untimed.clock(), None);
        let clock = TimeControl::Blitz3.clock().unwrap();
        assert_eq!((clock.white_ms, clock.increment_ms), (180_000.0, 2000.0));
        assert_eq!(clock.running, None);
    }

    #[test]
    fn a_move_stops_the_movers_clock_adds_the_increment_and_starts_the_other() {
        let mut clock = TimeControl::Blitz3.clock().unwrap();
        clock.moved(Color::White, 1000.0);
        assert_eq!(clock.white_ms, 180_000.0, "the first move costs nothing");
        assert_eq!(clock.running_side(), Some(Color::Black));
        assert_eq!(clock.left(Color::Black, 11_000.0), 170_000.0);
        clock.moved(Color::Black, 11_000.0);
        assert_eq!(clock.black_ms, 172_000.0);
        assert_eq!(clock.left(Color::White, 12_000.0), 179_000.0);
        assert_eq!(clock.flagged(12_000.0), None);
        assert_eq!(clock.flagged(11_000.0 + 180_000.0), Some(Color::White));
        clock.stop(20_000.0);
        assert_eq!((clock.white_ms, clock.running), (171_000.0, None));
    }

    #[test]
    fn the_ai_thinks_by_its_clock_never_longer_than_it_has() {
        let mut clock = TimeControl::Blitz5.clock().unwrap();
        clock.moved(Color::White, 0.0);
        // 300 s / 30 + 3 s * 0.8 = 12.4 s, capped by a usual 1 s.
        assert_eq!(clock.ai_think_ms(Color::Black, 0.0, 1000), 1000);
        assert_eq!(clock.ai_think_ms(Color::Black, 0.0, 60_000), 12_400);
        // One second left: 1/30 s + 2.4 s, capped by what is left (less the margin).
        assert_eq!(clock.ai_think_ms(Color::Black, 299_000.0, 60_000), 700);
        assert_eq!(clock.ai_think_ms(Color::Black, 300_000.0, 60_000), 50);
    }

    #[test]
    fn a_broken_saved_clock_is_refused() {
        let mut clock = TimeControl::Blitz3.clock().unwrap();
        assert!(clock.validate(Some(Color::White), 0.0).is_ok());
        clock.moved(Color::White, 0.0);
        assert!(clock.validate(Some(Color::Black), 0.0).is_ok());
        assert!(clock.validate(Some(Color::White), 0.0).is_err());
        assert!(clock.validate(None, 0.0).is_err());
        assert!(clock.validate(Some(Color::Black), -120_000.0).is_err());
        clock.white_ms = f64::NAN;
        assert!(clock.validate(Some(Color::Black), 0.0).is_err());
    }

    #[test]
    fn clock_texts_show_tenths_only_when_low() {
        assert_eq!(clock_text(245_999.0), "4:05");
        assert_eq!(clock_text(10_000.0), "0:10");
        assert_eq!(clock_text(7_399.0), "0:07.3");
        assert_eq!(clock_text(-5.0), "0:00.0");
    }
}
