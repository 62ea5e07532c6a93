# corpus: profile=data_processing decision=deny
"""A Path method kept in a dictionary: a finding where it is stored, and one where a constant key picks it and calls it."""
import pathlib

actions = {"read": pathlib.Path.read_text}  # expect: PG006
print(actions["read"](pathlib.Path("/etc/passwd")))  # expect: PG006
