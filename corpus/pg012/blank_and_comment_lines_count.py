# corpus: profile=profiles/tiny_lines.toml decision=deny
# Blank lines and comments are lines too.



#
#
#
# expect: PG012
