"""Step 2: the engine's search within the move time T.

The referee measures T before each game (a numpy benchmark); a move slower
than T spends one of 3 time flags, slower than 2T is replaced by a random
step. contest.move_time() measures T the same way; the search gets a part
of it, the rest is left for Python and the machine's hiccups.

Flaw left for later steps: the bot knows only the board it is handed, so
the search cannot see the referee's draws by repetition and no progress,
and in the middle of a capture it may like another piece's capture best
(then it just takes the first step offered)."""

import warcaby
from warcaby import contest


class bot:
    #: The move time T in seconds, measured once per process.
    T = None
    #: The share of T the search may use.
    SHARE = 0.4

    def __init__(self):
        if bot.T is None:
            bot.T = contest.move_time()

    def move(self, plansza, ruchy):
        board = warcaby.Board.from_contest(plansza)
        best = warcaby.search(board, time_ms=self.T * 1000 * self.SHARE).move
        step = best.steps[0]
        return step if step in ruchy else ruchy[0]
