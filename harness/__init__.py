"""A conformance harness for Minecraft's data formats, with the game itself as the judge.

``harness.formats`` is our Python implementation of the game's formats (byte-exact per
game version); the rest of the package is the engine that runs cases, compares answers
with the game's recorded ones, shrinks failures and reports.
"""

__version__ = "0.9.0"
