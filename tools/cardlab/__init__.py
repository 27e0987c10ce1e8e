"""What measures the card reader, for its tests and the benchmark (never run by the app):
`synth` draws photos of laid-down cards, `tables` photos of a whole table (every player's
word), `textbook` is the baseline recipe the reader is compared with, `realphotos` scores a
reader on the labelled real photos in ../shared."""
