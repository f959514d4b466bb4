"""The assistant games: each is a package with a pure ``rules`` module and a Textual ``screen``
(the registry of their names, which the app, the CLI and the library know, is grimoire.modes)."""
