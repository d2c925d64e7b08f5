"""The likeliest student mistake: imports a module the interpreter running
the contest does not have, so loading the bot fails."""

import warcaby_module_that_is_not_installed  # noqa: F401


class bot:
    def move(self, plansza, ruchy):
        return ruchy[0]
