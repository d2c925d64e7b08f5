"""A module beside the bot in boty/: the referee does not put that folder on
sys.path, so bots cannot import it."""
