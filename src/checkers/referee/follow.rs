//! Following a contest game from the boards one side is shown.
//!
//! A bot in the referee program sees only a board and its steps, asked
//! whenever it has a choice. To see the game's draws (repetitions and the
//! no-progress count) it needs the game itself: which steps were played
//! between two of its boards. Those are its own answer (or the random step
//! that replaced it), the steps of its move that the referee played without
//! asking, the opponent's whole move, and any later turns in which the bot
//! had a single option (played without asking too, with the opponent's
//! replies to them). [`Follower`] finds them by playing the referee's
//! questions forward from the last board until the referee would ask the
//! bot again on the board it was given.

use super::{Board, BoardError, Hops, NotAStep, Step};
use crate::checkers::game::Game;
use crate::checkers::position::Position;
use crate::checkers::rules::{Variant, TOURNAMENT_CONTEST};
use crate::core::Color;

/// The most opponent turns searched between two boards: each turn after the
/// first needs a turn in which the bot had a single option.
pub const MAX_OPPONENT_TURNS: u32 = 6;
/// The most step points one [`Follower::follow`] visits before it gives up.
pub const MAX_VISITS: usize = 1_000_000;

/// Why a board could not be followed (the follower is then unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FollowError {
    /// The board is no position of the contest's rules.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// No play leads from the last board to this one.
    #[error(
        "this board does not follow from the last one: no reply of the opponent \
         (with the moves played without asking, up to {MAX_OPPONENT_TURNS} opponent turns) leads to it; \
         give the follower every board the bot is handed, in order, and a new Follower for a new game"
    )]
    NotFollowing,
    /// The search for the play in between went on too long.
    #[error("gave up after {MAX_VISITS} positions looking for the play that leads to this board")]
    TooFar,
}

/// A game followed from the boards one side (the bot) is asked on. Before
/// the first board it knows nothing; then [`Follower::game`] is the game
/// so far (full moves, the contest's draw rules) and [`Follower::turn`] the
/// bot's turn at the board it was last asked on.
#[derive(Clone, Debug, Default)]
pub struct Follower {
    /// The game and the bot's turn in it, once a board was followed.
    state: Option<(Game, Hops)>,
    /// The bot's colour (White moves first).
    bot: Option<Color>,
    /// The step the bot said it answered on the last board.
    answer: Option<Step>,
    /// The first board was not reached from the start position, so the
    /// game was taken to start there.
    started_elsewhere: bool,
}

impl Follower {
    /// A follower for a new game.
    pub fn new() -> Follower {
        Follower::default()
    }

    /// The game so far, at the start of the bot's turn (None before the
    /// first board).
    pub fn game(&self) -> Option<&Game> {
        self.state.as_ref().map(|(game, _)| game)
    }

    /// The bot's turn as it stood when it was last asked: the moves still
    /// possible and the steps already played (mid-capture).
    pub fn turn(&self) -> Option<&Hops> {
        self.state.as_ref().map(|(_, hops)| hops)
    }

    /// The bot's colour, once known.
    pub fn bot(&self) -> Option<Color> {
        self.bot
    }

    /// True when the first board could not be reached from the start
    /// position (an overtime game, a referee started elsewhere): the game
    /// was taken to start there, its earlier repetitions unknown.
    pub fn started_elsewhere(&self) -> bool {
        self.started_elsewhere
    }

    /// Records the step the bot answers on the last board (one of its
    /// steps), so that the next board is found without guessing it.
    pub fn answer(&mut self, step: Step) -> Result<(), NotAStep> {
        match self.turn() {
            Some(hops) if hops.steps().contains(&step) => {
                self.answer = Some(step);
                Ok(())
            }
            _ => Err(NotAStep(step)),
        }
    }

    /// Takes the next board the bot is asked on: finds the play that led
    /// to it from the last one (from the start position for the first).
    pub fn follow(&mut self, board: &Board) -> Result<(), FollowError> {
        let position = board.position()?;
        let target = dark_squares(board);
        let Some((game, hops)) = &self.state else {
            self.start(&target, position);
            return Ok(());
        };
        let answers: Vec<Option<Step>> = match self.answer {
            // The referee may have replaced the answer by a random step.
            Some(step) => vec![Some(step), None],
            None => vec![None],
        };
        let bot = self.bot.expect("known once a board is followed");
        for answer in answers {
            let mut hops = hops.clone();
            if let Some(step) = answer {
                hops.take(step).expect("checked by answer");
            }
            let from = Point {
                hops,
                free: answer.is_none(),
            };
            if let Some(found) = Search::new(&target, bot).run(game, from, 0)? {
                self.state = Some(found);
                self.answer = None;
                return Ok(());
            }
        }
        Err(FollowError::NotFollowing)
    }

    /// The first board: the start position (the bot White), a position
    /// after White's play (the bot Black), or else a game starting there.
    fn start(&mut self, target: &Board, position: Position) {
        let start = Position::start(Variant::Tournament)
            .under_rules(&TOURNAMENT_CONTEST)
            .expect("the tournament variant");
        let game = Game::from_position(start);
        for bot in [Color::White, Color::Black] {
            // White moves first: a Black bot waits for one opponent turn.
            let opponent_first = u32::from(bot == Color::Black);
            let from = Point::fresh(&game);
            let found = Search::new(target, bot).run(&game, from, opponent_first);
            if let Ok(Some(found)) = found {
                self.state = Some(found);
                self.bot = Some(bot);
                return;
            }
        }
        let position = position
            .under_rules(&TOURNAMENT_CONTEST)
            .expect("a board's position is of the tournament variant");
        let game = Game::from_position(position);
        let from = Point::fresh(&game);
        self.state = Some((game, from.hops));
        self.bot = Some(position.side_to_move());
        self.started_elsewhere = true;
    }
}

/// The board with `None` on every light square (a board may hold 0 there).
fn dark_squares(board: &Board) -> Board {
    let mut cells = board.cells;
    for (r, row) in cells.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if (r + c) % 2 == 0 {
                *cell = None;
            }
        }
    }
    Board { cells }
}

/// A point of a turn where the referee picks the next step.
#[derive(Clone)]
struct Point {
    /// The mover's turn so far.
    hops: Hops,
    /// The bot answers here without being a board to find (its answer on
    /// the last board, not told).
    free: bool,
}

impl Point {
    /// The start of the turn of the game's side to move.
    fn fresh(game: &Game) -> Point {
        Point {
            hops: Hops::new(game.position(), &game.legal_moves()),
            free: false,
        }
    }
}

/// A depth-first search of the referee's play, shallowest first.
struct Search<'a> {
    target: &'a Board,
    bot: Color,
    visits: usize,
}

impl<'a> Search<'a> {
    fn new(target: &'a Board, bot: Color) -> Search<'a> {
        Search {
            target,
            bot,
            visits: 0,
        }
    }

    /// The game and the bot's turn where the referee asks the bot on the
    /// target board, reached from `from` in the fewest opponent turns;
    /// `turns_used` of them are already under way.
    fn run(
        mut self,
        game: &Game,
        from: Point,
        turns_used: u32,
    ) -> Result<Option<(Game, Hops)>, FollowError> {
        let mut game = game.clone();
        for turns in turns_used.max(1)..=MAX_OPPONENT_TURNS {
            if let Some(found) = self.visit(&mut game, from.clone(), turns - turns_used)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// Plays on from `point`, with `turns` more opponent turns allowed.
    fn visit(
        &mut self,
        game: &mut Game,
        point: Point,
        turns: u32,
    ) -> Result<Option<(Game, Hops)>, FollowError> {
        self.visits += 1;
        if self.visits > MAX_VISITS {
            return Err(FollowError::TooFar);
        }
        if let Some(mv) = point.hops.finished() {
            return self.next_turn(game, mv, turns);
        }
        let steps = point.hops.steps();
        let bots_turn = game.position().side_to_move() == self.bot;
        if bots_turn && !point.free && steps.len() > 1 {
            // The referee asks the bot here: this is the board, or no path.
            let found = point.hops.board() == self.target;
            return Ok(found.then(|| (game.clone(), point.hops)));
        }
        for step in steps {
            let mut hops = point.hops.clone();
            hops.take(step).expect("a listed step");
            let next = Point { hops, free: false };
            if let Some(found) = self.visit(game, next, turns)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// Plays the finished move `mv` and goes on with the next turn, if the
    /// game goes on and the turns allow.
    fn next_turn(
        &mut self,
        game: &mut Game,
        mv: crate::checkers::moves::Move,
        turns: u32,
    ) -> Result<Option<(Game, Hops)>, FollowError> {
        let opponents_next = game.position().side_to_move() == self.bot;
        if opponents_next && turns == 0 {
            return Ok(None);
        }
        game.play(&mv).expect("a legal move of a game going on");
        let found = if game.outcome().is_some() {
            Ok(None)
        } else {
            let left = turns - u32::from(opponents_next);
            self.visit(game, Point::fresh(game), left)
        };
        game.undo();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::moves::Move;
    use crate::core::rng::Rng;

    /// What the bot was asked once in a referee game: the board, its
    /// answer, the game so far and the steps of its turn already played.
    struct Asked {
        board: Board,
        answer: Step,
        game: Game,
        taken: Vec<Step>,
    }

    /// A game the referee plays between two random players, hop by hop,
    /// playing every single option without asking: what `bot` was asked.
    fn referee_game(seed: u64, bot: Color) -> (Vec<Asked>, Game) {
        let mut rng = Rng::new(seed);
        let start = Position::start(Variant::Tournament).under_rules(&TOURNAMENT_CONTEST);
        let mut game = Game::from_position(start.expect("tournament"));
        let mut asked = Vec::new();
        while game.outcome().is_none() {
            let mut hops = Hops::new(game.position(), &game.legal_moves());
            let mv: Move = loop {
                hops.take_forced();
                if let Some(mv) = hops.finished() {
                    break mv;
                }
                let steps = hops.steps();
                let step = steps[rng.index(steps.len())];
                if game.position().side_to_move() == bot {
                    asked.push(Asked {
                        board: *hops.board(),
                        answer: step,
                        game: game.clone(),
                        taken: hops.taken(),
                    });
                }
                hops.take(step).expect("a listed step");
            };
            game.play(&mv).expect("legal");
        }
        (asked, game)
    }

    /// The positions since the last capture or crowning, newest first.
    fn reversible(game: &Game) -> Vec<Position> {
        let quiet = game.quiet_plies() as usize;
        let before: Vec<Position> = game.positions_and_moves().map(|(p, _)| *p).collect();
        before.into_iter().rev().take(quiet).collect()
    }

    /// Follows every board of `asked`, telling the answers or not, and
    /// checks the game and the turn against the referee's.
    /// Returns how many boards were reached by another order of play.
    fn follow_all(asked: &[Asked], tell: bool) -> usize {
        let mut follower = Follower::new();
        let mut transposed = 0;
        for (i, a) in asked.iter().enumerate() {
            follower
                .follow(&a.board)
                .unwrap_or_else(|e| panic!("board {i}: {e}"));
            let game = follower.game().expect("followed");
            // Two orders of play can reach the same board (a move forced on
            // the bot either side of an opponent's move, a crowning before
            // or after another move): the follower takes one of them, the
            // same position after as many plies, but the positions in
            // between (that a later repetition could come back to) and even
            // the no-progress count may differ. Counted, as the cost of not
            // knowing.
            assert_eq!(game.position(), a.game.position(), "board {i}");
            assert_eq!(game.ply_count(), a.game.ply_count(), "board {i}");
            let same = reversible(game) == reversible(&a.game)
                && game.quiet_plies() == a.game.quiet_plies()
                && game.repetitions() == a.game.repetitions();
            transposed += usize::from(!same);
            assert_eq!(follower.turn().expect("followed").taken(), a.taken);
            if tell {
                follower.answer(a.answer).expect("one of the steps");
            }
        }
        transposed
    }

    #[test]
    fn follows_random_referee_games_from_either_side() {
        let (mut boards, mut mid_capture, mut draws, mut transposed) = (0, 0, 0, 0);
        for seed in 0..100 {
            for bot in [Color::White, Color::Black] {
                let (asked, end) = referee_game(seed, bot);
                transposed += follow_all(&asked, true) + follow_all(&asked, false);
                boards += asked.len();
                mid_capture += asked.iter().filter(|a| !a.taken.is_empty()).count();
                draws += usize::from(end.outcome().is_some_and(|o| o.winner().is_none()));
            }
        }
        eprintln!(
            "{boards} boards, {mid_capture} mid-capture, {draws} draws, {transposed} transposed"
        );
        // The games held what the follower must get right.
        assert!(boards > 1000, "{boards}");
        assert!(mid_capture > 10, "{mid_capture}");
        assert!(draws > 5, "{draws}");
        assert!(transposed * 50 < 2 * boards, "{transposed} of {boards}");
    }

    #[test]
    fn a_replaced_answer_is_found_all_the_same() {
        let (asked, _) = referee_game(7, Color::White);
        let mut follower = Follower::new();
        for a in &asked {
            follower.follow(&a.board).expect("follows");
            assert!(follower
                .game()
                .expect("followed")
                .moves()
                .eq(a.game.moves()));
            // The bot says it answered another step (the referee replaced it).
            let steps = follower.turn().expect("followed").steps();
            let other = steps.iter().find(|s| **s != a.answer).expect("a choice");
            follower.answer(*other).expect("one of the steps");
        }
    }

    #[test]
    fn a_board_that_does_not_follow_is_refused_and_changes_nothing() {
        let (asked, _) = referee_game(3, Color::Black);
        let mut follower = Follower::new();
        follower.follow(&asked[0].board).expect("the first board");
        assert_eq!(follower.bot(), Some(Color::Black));
        assert!(!follower.started_elsewhere());
        // The start position again: no play leads back to it.
        let start = Board::of(&Position::start(Variant::Tournament));
        assert_eq!(follower.follow(&start), Err(FollowError::NotFollowing));
        let game = follower.game().expect("kept");
        assert!(game.moves().eq(asked[0].game.moves()));
        // The game goes on from where it was.
        follower.follow(&asked[1].board).expect("the next board");
        assert!(follower
            .game()
            .expect("kept")
            .moves()
            .eq(asked[1].game.moves()));
        assert_eq!(
            follower.answer(((0, 0), (1, 1))),
            Err(NotAStep(((0, 0), (1, 1))))
        );
    }

    #[test]
    fn a_first_board_not_from_the_start_starts_the_game() {
        let (asked, _) = referee_game(5, Color::White);
        let later = asked
            .iter()
            .find(|a| a.game.ply_count() > 12)
            .expect("a long game");
        let mut follower = Follower::new();
        follower.follow(&later.board).expect("taken as a start");
        assert!(follower.started_elsewhere());
        assert_eq!(follower.game().expect("started").ply_count(), 0);
    }
}
