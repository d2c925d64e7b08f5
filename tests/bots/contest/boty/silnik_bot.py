"""A contest bot that uses the framework's own helpers, as the README
allows: ``from silnik import GRA`` (silnik.py lives next to boty/). It
looks one move ahead: the step after which the opponent's best reply
captures least."""

from silnik import GRA

ENGINE = GRA.__new__(GRA)


class bot:
    def move(self, plansza, ruchy):
        def score(ruch):
            board, capture, _ = ENGINE.update(plansza, ruch)
            theirs = ENGINE.znajdz_legalne_ruchy(ENGINE.zamien_perspektywe(board))
            threats = sum(1 for (a, b) in theirs if abs(b[0] - a[0]) == 2)
            return (capture, -threats, -ruch[1][0], ruch)

        return max(ruchy, key=score)
