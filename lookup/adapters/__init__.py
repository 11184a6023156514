"""Adapters: paibiao plugged into other libraries' games, in place of their own rule code.

An adapter takes an object of another library (an environment, a game) and makes it answer
its rule questions (does this hand win, may this player pong) with paibiao's queries; the
library's own API and return values stay as they were. Each adapter imports its library
only when called, so importing :mod:`lookup` never needs one:

- :mod:`.rlcard`: ``install(env)`` judges hu, pong, kong and chow of an rlcard ``mahjong``
  environment (``pip install 'paibiao[rl]'``).
"""
