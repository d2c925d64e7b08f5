"""A contest bot written in a notebook plays matches against the engine."""

import random

import numpy as np
import pytest

import warcaby
from warcaby import contest


class bot:
    """What a student writes: a random step, checked against the board."""

    def __init__(self):
        self.rng = random.Random(1)
        self.questions = 0

    def move(self, plansza, ruchy):
        assert isinstance(plansza, np.ndarray) and plansza.dtype == object
        # What the referee offers is what the drop-in lists: all steps at
        # the start of a turn, the capturing piece's hops mid-capture.
        assert ruchy in (contest.legal_moves(plansza), contest.legal_moves(plansza, ruchy[0][0]))
        self.questions += 1
        return self.rng.choice(ruchy)


class greedy:
    """Takes the longest capture sequence with warcaby.contest."""

    def move(self, plansza, ruchy):
        starts = {s[0] for s in ruchy}
        seqs = [s for s in contest.sequences(plansza) if s[0] in ruchy] if len(starts) > 1 else []
        return max(seqs, key=len)[0] if seqs else ruchy[0]


def test_a_bot_class_plays_a_match_against_a_builtin_engine():
    result = warcaby.play(bot, "random", games=2, seed=3)
    assert (result.wins + result.draws + result.losses, len(result.games)) == (2, 2)
    first, second = result.games
    assert (first.bot_color, second.bot_color) == ("white", "black")
    for g in result.games:
        assert g.end in {"no_pieces", "blocked", "threefold_repetition", "no_progress"}
        assert g.plies == len(g.moves) and g.pdn.startswith("[Event")
        assert g.error is None
    again = warcaby.play(bot, "random", games=2, seed=3)
    assert [g.moves for g in again.games] == [g.moves for g in result.games]


def test_an_instance_is_kept_between_games_and_the_engine_wins():
    me = greedy()
    result = warcaby.play(me, "negascout:depth=4", games=2)
    assert result.losses >= 1 and result.points == result.wins + result.draws / 2
    assert "negascout:depth=4" in repr(result)


def test_two_bots_and_contest_refereeing():
    result = warcaby.play(bot, greedy, games=2, contest=True, move_time_ms=500)
    for g in result.games:
        assert g.move_time_ms == 500 and g.flags_used == 0 and g.substitutions == []


def test_a_bot_that_raises_loses_with_its_traceback():
    class broken:
        def move(self, plansza, ruchy):
            raise KeyError("oops")

    result = warcaby.play(broken, "random", games=1)
    (g,) = result.games
    assert (g.winner, g.end) == ("opponent", "crash")
    assert "KeyError" in g.detail and "oops" in g.error and "Traceback" in g.error


def test_an_illegal_answer_loses_and_contest_mode_replaces_it():
    class cheat:
        def move(self, plansza, ruchy):
            return ((0, 0), (7, 7))

    (g,) = warcaby.play(cheat, "random", games=1).games
    assert g.end == "illegal_move" and "not one of" in g.detail
    (c,) = warcaby.play(cheat, "random", games=1, contest=True, move_time_ms=1000).games
    assert c.substitutions and "not_legal" in c.substitutions[0]


def test_an_interrupt_in_the_bot_stops_the_match():
    class interrupted:
        def move(self, plansza, ruchy):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        warcaby.play(interrupted, "random", games=4)


def test_bad_match_settings_raise():
    for opponent, needle in [("stockfish", "no built-in bot"), ("exec:ls", "not a built-in engine")]:
        with pytest.raises(warcaby.WarcabyError, match=needle):
            warcaby.play(bot, opponent)
    with pytest.raises(warcaby.WarcabyError, match="games must be an integer of at least 1, got 0"):
        warcaby.play(bot, games=0)
    with pytest.raises(warcaby.WarcabyError, match="time_per_game"):
        warcaby.play(bot, time_per_game=-1)
    with pytest.raises(warcaby.InvalidFenError):
        warcaby.play(bot, fen="nonsense")


class engine_bot:
    """The README's engine-backed bot: the engine's move at the start of a
    turn; mid-capture, the best of the capturing piece's continuations."""

    def move(self, plansza, ruchy):
        board = warcaby.Board.from_contest(plansza)
        moves = [m for m in board.legal_moves if m.steps[0] in ruchy]
        if len(moves) == len(board.legal_moves):
            return warcaby.search(board, depth=4).move.steps[0]

        def value(m):
            child = board.copy()
            child.push(m)
            return -warcaby.search(child, depth=3).score

        return max(moves, key=value).steps[0]


def test_an_engine_backed_bot_never_loses_to_random():
    result = warcaby.play(engine_bot, "random", games=2, contest=True, move_time_ms=2000)
    assert result.losses == 0 and result.wins >= 1
    assert all(g.substitutions == [] for g in result.games)
