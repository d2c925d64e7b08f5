"""Raises an exception on every second call and answers garbage on every
third; otherwise plays the first step."""


class bot:
    def __init__(self):
        self.calls = 0

    def move(self, plansza, ruchy):
        self.calls += 1
        if self.calls % 2 == 0:
            raise ValueError("this bot fails on purpose (call %d)" % self.calls)
        if self.calls % 3 == 0:
            return "banana"
        return ruchy[0]
