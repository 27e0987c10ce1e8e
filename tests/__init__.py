"""Companion's tests, laid out as the code is: rules/ (a game's rules, pure), pages/ (what a
game's pages show), words/ (the word judge), reader/ (the card reader), web/ (the app through
its routes, and as served), e2e/ (a real browser). A package, so that tests import the shared
helpers as tests.helpers and two folders may hold files of the same name."""
