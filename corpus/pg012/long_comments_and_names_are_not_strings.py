# corpus: profile=profiles/tiny_strings.toml decision=allow
# A comment of any length is not a string literal, and neither is a long identifier.
a_rather_long_variable_name_that_is_no_string = 12345678901234567890
parts = ["short", "pieces", "of", "text"]
