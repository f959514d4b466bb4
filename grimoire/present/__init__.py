"""A game's presentation: its card, reveal, sheets, exports, narrative and log lines (pure)."""
