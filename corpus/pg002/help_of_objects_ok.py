# corpus: profile=data_processing decision=allow
"""help() of a library's function or of the file's own function documents the object and imports nothing."""
import numpy as np


def scale(values, factor):
    """Multiply every value by factor."""
    return [v * factor for v in values]


help(np.sort)
help(scale)
