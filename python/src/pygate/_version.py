# The package's version; the bundled binary must say the same (checked at start).
__version__ = "0.1.0"
