"""Implementations: anything that answers cases.

An implementation takes one case (a dict in the recorded format: ``id``, ``area``,
``version``, ``setup``, ``ops``) and returns one answer per operation: a plain value or an
error answer ``{"error": kind, "message": ...}``. Ours is :mod:`harness.implementations.python`;
another program plugs in as a subprocess (:mod:`harness.implementations.process`); the game
itself answers through :mod:`rig`.
"""
