"""The players' town square as a web page: one aiohttp server, the page it serves, and the
state it pushes to every open page (built from the public view alone)."""
