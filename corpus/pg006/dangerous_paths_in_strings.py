# corpus: profile=safe_eval decision=allow
"""Paths and calls in strings and comments touch nothing."""
# open("/etc/passwd") would be refused; this comment is not.
EXAMPLE = 'open("/etc/passwd").read()'
print(EXAMPLE.upper())
