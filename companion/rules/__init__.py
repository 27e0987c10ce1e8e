"""Pure game rules, one module per game: no Flask, no SQLAlchemy, no cv2.

Each module derives everything a screen shows from a game's log of plays.
"""
