# corpus: profile=safe_eval decision=deny
# the first two bytes of a three-byte sequence, then a quote
s = "â‚"  # expect: PG000@6
