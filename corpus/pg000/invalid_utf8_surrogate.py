# corpus: profile=safe_eval decision=deny
# 0xED 0xA0 0x80 encodes the surrogate U+D800 (CESU-8), which UTF-8 forbids
s = "í €"  # expect: PG000@6
