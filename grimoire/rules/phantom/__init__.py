"""The Phantom of the Opera's rules: a plug-in (``grimoire.rules.phantom.plugin``) holding all of
its rules, state and words: its night and artifact phase, its deaths, drunkenness, end, true and
told answers, house rules, log lines and scenario keys."""
