"""search and perft from Python: legal moves, PVs, the known counts."""

import numpy as np
import pytest

import warcaby
from warcaby import Board, ClobberBoard, WarcabyError, search


def test_perft_matches_the_published_english_counts():
    assert [warcaby.perft(Board("english"), d) for d in range(1, 6)] == [7, 49, 302, 1469, 7361]


def test_perft_of_clobber_and_of_the_start():
    assert warcaby.perft(ClobberBoard(2, 2), 1) == 4
    assert warcaby.perft(Board(), 0) == 1


@pytest.mark.parametrize("algorithm", ["negascout", "alphabeta", "minimax"])
def test_search_returns_a_legal_move_and_a_legal_pv(algorithm):
    board = Board(fen="W:W21,22,23,K30:B5,6,11,12")
    result = search(board, depth=4, algorithm=algorithm, eval="material")
    assert result.move in board.legal_moves
    assert result.depth == 4 and result.nodes > 0 and result.pv[0] == result.move
    walk = board.copy()
    for m in result.pv:
        assert m in walk.legal_moves
        walk.push(m)


def test_search_finds_a_forced_win_and_stops_on_time():
    win = search(Board(fen="W:W27:B18"), depth=8)
    assert win.move is not None and win.mate_in is None or win.mate_in > 0
    timed = search(Board(), time_ms=50)
    assert timed.move in Board().legal_moves and timed.time_ms < 2000


def test_search_of_clobber():
    board = ClobberBoard(3, 3)
    result = search(board, depth=9, eval="active")
    assert result.move in board.legal_moves and result.score > 29000


def test_no_move_means_no_best_move():
    assert search(Board(fen="W:W27:B23"), depth=3).move is not None
    done = Board(fen="W:W27:B18")
    done.push("27-23")
    done.push("18x27")
    result = search(done, depth=2)
    assert result.move is None and result.pv == []


def test_bad_search_arguments_raise():
    for kwargs, needle in [
        ({"algorithm": "mcts"}, "unknown algorithm"),
        ({"eval": "fancy"}, "unknown evaluation"),
        ({"depth": 0}, "depth must be"),
        ({"hash_mib": 1 << 40}, "hash_mib must be"),
    ]:
        with pytest.raises(WarcabyError, match=needle):
            search(Board(), **kwargs)
    with pytest.raises(TypeError):
        search("W:W21:B1", depth=2)
    with pytest.raises(TypeError, match="depth"):
        search(Board(), depth="4")


@pytest.mark.parametrize("time_ms", [0.5, 12.7, 3, np.float64(20.0), np.int64(5)])
def test_times_may_be_floats(time_ms):
    # Students write time_ms=self.T * 400.
    result = search(Board(), time_ms=time_ms)
    assert result.move in Board().legal_moves


def test_every_bad_number_is_a_value_error_naming_its_argument():
    board = Board()
    for kwargs, needle in [
        ({"depth": -1}, "depth must be 1-"),
        ({"depth": np.int64(-3)}, "depth must be 1-"),
        ({"nodes": -100}, "nodes must be an integer of at least 1, got -100"),
        ({"time_ms": -5}, "time_ms must be a positive number, got -5"),
        ({"time_ms": 0}, "time_ms must be a positive number"),
        ({"time_ms": float("nan")}, "time_ms must be a positive number"),
        ({"time_ms": 10 ** 400}, "time_ms must be a positive number, got inf"),
        ({"hash_mib": -1}, "hash_mib must be 0-4096, got -1"),
        ({"depth": 1 << 200}, "depth must be 1-.*, got a number past 128 bits"),
    ]:
        with pytest.raises(WarcabyError, match=needle):
            search(board, **kwargs)
    for depth in [-1, 1 << 64]:
        with pytest.raises(WarcabyError, match="depth must be an integer of at least 0"):
            warcaby.perft(board, depth)
    with pytest.raises(ValueError, match="rows must be"):
        ClobberBoard(-2, 5)
    with pytest.raises(ValueError, match="seed must be an integer of at least 0, got -1"):
        warcaby.play(lambda: None, seed=-1)
    with pytest.raises(ValueError, match="games must be an integer of at least 1, got -2"):
        warcaby.play(lambda: None, games=-2)
