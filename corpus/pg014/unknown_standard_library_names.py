# corpus: profile=safe_eval decision=review
# The standard library's allowed modules are in the tables too: a name
# CPython 3.11's modules do not hold is unknown, however it is reached.
import json
import math
from collections import abc as containers

root = math.cube_root(8)  # expect: PG014
decoder = json.JSONDecoder.raw_decode_everything  # expect: PG014
kind = containers.Frozen  # expect: PG014
