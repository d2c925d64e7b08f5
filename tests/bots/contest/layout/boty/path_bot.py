"""Reports (as JSON on stderr) which modules it could import and where it
runs, then plays the first step."""

import importlib.util
import json
import os


def importable(name):
    return importlib.util.find_spec(name) is not None


class bot:
    def move(self, plansza, ruchy):
        print(json.dumps({
            "framework_helper": importable("framework_helper"),
            "sibling_helper": importable("sibling_helper"),
            "cwd": os.getcwd(),
        }))
        return ruchy[0]
