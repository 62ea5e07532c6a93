"""A docstring may come before future imports; nothing else may."""
# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py on CPython's badsyntax_future*.py: the
# grammar accepts future imports anywhere and of any name; CPython's compiler
# refuses the file.
from __future__ import annotations, braces  # expect: PG000@37
from __future__ import rested_snopes  # expect: PG000@24
import math
from __future__ import division  # expect: PG000@1
