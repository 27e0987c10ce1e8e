"""Each game's rules, pure: its settings, play kinds, the checks of a play's data and the
standings derived from its log (one module a game; base.py says what a ruleset is, log.py the
log every game shares). Nothing here reads a form, names a template or imports anything above
it: a game's pages are companion/pages/, and the registry of games is companion/registry.py.
"""
