"""Another team's bot: its source is what a spying bot wants to read. It
plays the first step it is offered."""

SECRET = "the opening book of team B"


class bot:
    def move(self, plansza, ruchy):
        return ruchy[0]
