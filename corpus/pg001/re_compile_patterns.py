# corpus: profile=safe_eval decision=allow
"""re.compile is a regex compiler, not builtins.compile."""
import re
from re import compile as build_pattern

DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
WORD = build_pattern(r"[A-Za-z]+")
match = DATE.search("released on 2024-03-09")
print(match.groups(), WORD.findall("eval and exec are words here"))
