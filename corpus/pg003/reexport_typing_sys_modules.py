# corpus: profile=safe_eval decision=deny
"""typing.sys is sys; sys.modules hands out any loaded module."""
import typing

typing.sys.modules["os"].system("id")  # expect: PG002 PG004
