# corpus: profile=safe_eval decision=deny
"""dataclasses and typing are allowed; their private helpers compile and evaluate strings."""
import dataclasses
import typing
from dataclasses import _create_fn as make

answer = dataclasses._create_fn("f", (), ["return 6 * 7"])  # expect: PG009
value = typing._eval_type(typing.ForwardRef("6 * 7"), {}, {})  # expect: PG009 PG001
other = make("g", (), ["return 1"])  # expect: PG009
print(answer(), value, other())
