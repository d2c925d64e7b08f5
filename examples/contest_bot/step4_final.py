"""Step 4: the final bot. Mid-capture, the search chooses among the moves
still possible (follower.moves: the turn's moves that begin with the hops
already played) and gives them its whole time; a single one is answered
without searching. Should the follower ever lose the thread (a board that
no play leads to), the bot starts a new one from this board instead of
failing: the referee would replace a failing answer by a random step."""

import warcaby
from warcaby import contest


class bot:
    T = None
    SHARE = 0.4

    def __init__(self):
        if bot.T is None:
            bot.T = contest.move_time()
        self.follower = contest.Follower()

    def move(self, plansza, ruchy):
        try:
            board = self.follower.follow(plansza)
        except warcaby.NotFollowingError:
            self.follower = contest.Follower()
            board = self.follower.follow(plansza)
        moves = self.follower.moves
        if len(moves) == 1:
            return self.follower.answer(moves[0])
        best = warcaby.search(board, time_ms=self.T * 1000 * self.SHARE, moves=moves)
        return self.follower.answer(best.move)
