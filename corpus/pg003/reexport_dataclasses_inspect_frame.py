# corpus: profile=safe_eval decision=deny
"""dataclasses.inspect is inspect: frames reach every global."""
import dataclasses

dataclasses.inspect.currentframe()  # expect: PG009
