"""Our implementation of the game's data formats, byte-exact per game version.

Imports nothing from the engine. Per-version behaviour is data in
:mod:`harness.formats.versions`; every refusal is a :class:`harness.formats.errors.GameError`
carrying the exception kind and message the game gives.
"""
