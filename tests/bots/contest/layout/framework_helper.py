"""A module beside the framework's silnik.py: bots can import it."""
