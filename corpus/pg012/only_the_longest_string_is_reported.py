# corpus: profile=profiles/tiny_strings.toml decision=deny
# Two literals over the limit: PG012 reports the longest (the first of the longest).
first = "seventeen bytes.."
second = "a string of twenty-one"  # expect: PG012
third = "a string of twenty-two"
