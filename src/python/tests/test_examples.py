"""The tutorial's contest bots (examples/contest_bot/, README "Write your
contest bot with warcaby"), each played through our referee loop as the
contest plays it: its numpy board, ruchy hop by hop, the move time T."""

import importlib.util
import pathlib

import pytest

import warcaby

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "contest_bot"
STEPS = ["step1_random", "step2_search", "step3_history", "step4_final"]
#: The move time the tests referee with (the bots' T set to the same).
MOVE_TIME_MS = 100


def load(name):
    """The example's bot class, loaded from its file as the referee loads
    bots, its move time T set to the tests' own."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.bot.T = MOVE_TIME_MS / 1000
    return module.bot


def faults(match):
    """Answers the referee replaced for being wrong (not for being slow:
    the shared test machine may be slow)."""
    return [
        s
        for game in match.games
        for s in game.substitutions
        if not (": timeout (" in s or ": slow_no_flags (" in s)
    ]


@pytest.mark.parametrize("name", STEPS)
def test_each_step_plays_legal_games(name):
    match = warcaby.play(load(name), "level=2", games=2, contest=True,
                         move_time_ms=MOVE_TIME_MS)
    assert len(match.games) == 2
    assert faults(match) == []
    for game in match.games:
        assert game.plies > 10 and game.error is None


def test_the_final_bot_beats_random():
    match = warcaby.play(load("step4_final"), "random", games=2, contest=True,
                         move_time_ms=MOVE_TIME_MS)
    assert faults(match) == []
    assert match.losses == 0 and match.wins >= 1, match
