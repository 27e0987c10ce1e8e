"""The word judge: the store built from SCOWL and WordNet, and house word lists."""
