"""The card reader, on drawn and generated photos (tools/cardlab) and the real ones."""
