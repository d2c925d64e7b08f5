"""The student's path of issue 34: the referee's move time, the follower of
the referee's boards, the static evaluation and the search restricted to
given moves, each checked inside our referee loop (warcaby.play with
contest=True asks bots as silnik.py does)."""

import random

import numpy as np
import pytest

import warcaby
from warcaby import Board, IllegalMoveError, InvalidBoardError, NotFollowingError, contest

#: White to move with a branching capture: 20x18 and 20x9 share their first
#: hop, so a bot taking it is asked again mid-capture (found by random play).
BRANCHING_CAPTURE = "W:W20,21,22,25,26,27,28,29,32:B3,4,5,6,7,8,10,12,15,16,17"


class Checking:
    """A bot that plays at random (seeded) and checks its follower against
    the board it is handed on every question."""

    def __init__(self, seed=0, tell=True, longest=False):
        self.rng = random.Random(seed)
        self.follower = contest.Follower()
        self.tell, self.longest = tell, longest
        self.asked, self.mid_capture = 0, 0

    def move(self, plansza, ruchy):
        board = self.follower.follow(plansza)
        self.asked += 1
        hops = self.follower.hops
        moves = self.follower.moves
        assert not board.is_game_over()
        # The board is the turn's start; its moves go through the hops played.
        assert all(m.steps[: len(hops)] == hops for m in moves)
        assert sorted({m.steps[len(hops)] for m in moves}) == sorted(ruchy)
        if hops:
            self.mid_capture += 1
        else:
            assert board == Board.from_contest(plansza).copy() or board.turn == "black"
            assert np.array_equal(board.contest_board(), plansza)
        if self.longest:
            choice = max(moves, key=lambda m: len(m.steps))
        else:
            choice = self.rng.choice(moves)
        step = choice.steps[len(hops)]
        return self.follower.answer(choice) if self.tell else step


def played_moves(game):
    """The game's moves as Board moves (from the PDN)."""
    return [str(m) for m in Board.from_pdn(game.pdn).move_stack]


@pytest.mark.parametrize("tell", [True, False])
def test_the_follower_keeps_the_referees_game_from_either_side(tell):
    bots = []

    class Bot(Checking):  # a new instance per game, as in the contest
        def __init__(self):
            super().__init__(len(bots), tell)
            bots.append(self)

    match = warcaby.play(Bot, "random", games=6, contest=True, move_time_ms=5000)
    same_moves = 0
    for bot, game in zip(bots, match.games):
        assert game.substitutions == [], game.substitutions
        assert bot.follower.color == game.bot_color
        # The follower's last board is the referee's game up to the bot's
        # last question: the same position after as many plies, by the same
        # moves but where two orders reach it (a move forced on the bot
        # either side of an opponent's move: the boards cannot tell).
        board = bot.follower.board
        referee = Board.from_pdn(game.pdn)
        while referee.ply() > board.ply():
            referee.pop()
        assert referee == board
        same_moves += played_moves(game)[: board.ply()] == [str(m) for m in board.move_stack]
        assert bot.asked > 10
    assert same_moves >= 4, same_moves


def test_the_bot_as_black_is_told_its_colour_and_the_opening_reply():
    assert contest.Follower().board is None  # nothing before a board
    first = Board(contest=True)
    first.push("22-18")
    follower = contest.Follower()
    board = follower.follow(first.contest_board())
    assert follower.color == "black" and board.ply() == 1
    assert [str(m) for m in board.move_stack] == ["22-18"]


def test_the_draw_counters_are_the_referees():
    # Kings shuffling until the referee's threefold repetition: the
    # follower's boards are the referee's game at every question, and the
    # last one, played on, ends where the referee's game ends.
    referee = Board(fen="W:WK29,K32:BK1,K4", contest=True)
    follower = contest.Follower()
    shuffle = ["32-27", "4-8", "27-32", "8-4"]
    last = None
    while not referee.is_game_over():
        if referee.turn == "white":
            last = follower.follow(referee.contest_board())
            assert last.ply() == referee.ply() and last == referee
        referee.push(shuffle[referee.ply() % 4])
    assert follower.started_elsewhere  # not the start position: a game from there
    assert referee.outcome().termination == "threefold_repetition"
    for mv in referee.move_stack[last.ply():]:
        last.push(str(mv))
    assert last.outcome().termination == "threefold_repetition"
    assert last.ply() == referee.ply()


def test_a_board_that_does_not_follow_raises_and_changes_nothing():
    follower = contest.Follower()
    start = Board(contest=True)
    follower.follow(start.contest_board())
    later = Board(contest=True)
    # The bot had 7 moves before 22-18: it would have been asked there.
    for text in ["21-17", "9-14", "22-18", "14x21"]:
        later.push(text)
    with pytest.raises(NotFollowingError, match="does not follow from the last one"):
        follower.follow(later.contest_board())
    assert issubclass(NotFollowingError, InvalidBoardError)
    assert issubclass(NotFollowingError, ValueError)
    assert follower.board.ply() == 0 and follower.color == "white"
    with pytest.raises(InvalidBoardError, match="8 rows"):
        follower.follow(np.zeros((3, 3)))
    with pytest.raises(IllegalMoveError):
        follower.answer(((0, 1), (1, 0)))
    with pytest.raises(IllegalMoveError, match="follow a board first"):
        contest.Follower().answer(((5, 0), (4, 1)))
    with pytest.raises(IllegalMoveError, match="not one of the follower's moves"):
        follower.answer(later.legal_moves[0])
    assert follower.answer(follower.moves[0]) == follower.moves[0].steps[0]


def test_mid_capture_the_follower_knows_the_moves_still_possible():
    bot = Checking(longest=True)
    match = warcaby.play(bot, "random", games=1, contest=True, move_time_ms=5000,
                         fen=BRANCHING_CAPTURE)
    assert match.games[0].substitutions == []
    assert bot.mid_capture >= 1
    assert bot.follower.started_elsewhere


def test_move_time_is_the_referees_benchmark():
    t = contest.move_time()
    assert isinstance(t, float) and 0.001 < t < 60
    # play(contest=True) takes its T from the same benchmark.
    match = warcaby.play(Checking(), "random", games=1, contest=True)
    assert 0.2 * t < match.games[0].move_time_ms / 1000 < 5 * t


def test_evaluate_is_the_static_score_for_the_side_to_move():
    assert warcaby.evaluate(Board()) == 0
    up = Board(fen="W:W21,22,23:B1,2")
    assert warcaby.evaluate(up, eval="material") == 100
    assert warcaby.evaluate(Board(fen="B:W21,22,23:B1,2"), eval="material") == -100
    assert warcaby.evaluate(up) > 0
    assert isinstance(warcaby.evaluate(warcaby.ClobberBoard()), int)
    with pytest.raises(warcaby.WarcabyError, match="eval"):
        warcaby.evaluate(up, eval="nonsense")
    with pytest.raises(TypeError):
        warcaby.evaluate("W:W21:B1")


def test_search_chooses_among_the_given_moves_only():
    board = Board(fen=BRANCHING_CAPTURE)
    full = warcaby.search(board, depth=6)
    others = [m for m in board.legal_moves if m != full.move]
    restricted = warcaby.search(board, depth=6, moves=others)
    assert restricted.move in others and restricted.score <= full.score
    one = warcaby.search(board, depth=6, moves=[str(others[0])])
    assert one.move == others[0]
    with pytest.raises(warcaby.WarcabyError, match="moves is empty"):
        warcaby.search(board, depth=2, moves=[])
    with pytest.raises(IllegalMoveError):
        warcaby.search(board, depth=2, moves=["11-15"])
    with pytest.raises(TypeError):
        warcaby.search(board, depth=2, moves=str(others[0]))
    clobber = warcaby.ClobberBoard()
    first = clobber.legal_moves[-1]
    assert warcaby.search(clobber, depth=2, moves=[first]).move == first
