"""Words: the sources, the store built from them, and the judge. Pure: no Flask."""
