# corpus: profile=profiles/tiny_strings.toml decision=deny
# Bytes literals count as strings do, prefix and quotes included.
blob = b"\x00\x01\x02\x03\x04"  # expect: PG012
