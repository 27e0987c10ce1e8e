"""A game's rules, as pure functions of its settings and its log (no app, no database)."""
