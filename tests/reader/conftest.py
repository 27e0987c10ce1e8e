"""Every test of the card reader reads photos with the letter model (trained if missing)."""

import pytest


@pytest.fixture(autouse=True)
def _with_letter_model(letter_model):
    """The model is there before a test reads a photo."""
