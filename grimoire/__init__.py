"""Grimoire: a storyteller's companion for live tabletop games."""

__version__ = "0.1.0"
