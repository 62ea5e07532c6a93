# corpus: profile=safe_eval decision=deny
"""string.Formatter().format with a constant format string is checked like str.format."""
import string

text = string.Formatter().format("{0.__class__.__mro__}", 1)  # expect: PG009
