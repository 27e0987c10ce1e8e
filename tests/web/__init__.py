"""The app through its routes (Flask's test client), and served as `make run` serves it."""
