"""The words of a screen's key: its binding's own, or those the screen gives for its action
(the grimoire's keys for a script's own things say the script's rules' words:
``ScriptRules.key_words``, through the screen's ``own_key_words``)."""

from __future__ import annotations

from textual.binding import Binding


def key_words(screen: object, binding: Binding) -> tuple[str, str]:
    """(label, tooltip) of ``binding`` on ``screen``: the screen's ``own_key_words(action)`` where
    it gives them, else the binding's description and tooltip."""
    own = getattr(screen, "own_key_words", None)
    words = own(binding.action) if callable(own) else None
    return words if words is not None else (binding.description, binding.tooltip or "")
