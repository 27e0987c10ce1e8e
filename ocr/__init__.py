"""The photo reader: image in, cards read out. Arrives with the photo-scan issue."""
