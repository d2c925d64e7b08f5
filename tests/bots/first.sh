#!/bin/sh
# An executable test bot: plays the first legal move listed.
exec sh "$(dirname "$0")/bot.sh" first
