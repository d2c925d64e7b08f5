"""search and perft from Python: legal moves, PVs, the known counts."""

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
    with pytest.raises(OverflowError):
        search(Board(), time_ms=-5)
