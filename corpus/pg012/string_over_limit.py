# corpus: profile=profiles/tiny_strings.toml decision=deny
# A literal of 17 bytes, quotes included.
short = "fourteen chars"
payload = "fifteen chars.."  # expect: PG012
