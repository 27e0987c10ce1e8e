"""Each game's pages, over its rules: the forms it reads, the templates it names, its plays in
a player's words and what its scan fills in (one module a game; base.py says what pages are).
The replay of an imported log through the forms is replay.py. The registry of games is
companion/registry.py. Pure like the rules: no web framework, no database.
"""
