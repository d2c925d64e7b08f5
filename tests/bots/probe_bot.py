"""A tournament-framework test bot: prints what it is shown (as JSON, which
the adapter sends to stderr) and plays the largest step."""

import json


class bot:
    def move(self, plansza, ruchy):
        print(json.dumps({"plansza": plansza, "ruchy": ruchy}))
        return max(ruchy)
