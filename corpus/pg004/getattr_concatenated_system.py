# corpus: profile=safe_eval decision=deny
"""getattr with a name folded from `'sys' + 'tem'`."""
import os  # expect: PG003

getattr(os, "sys" + "tem")("id")  # expect: PG004
