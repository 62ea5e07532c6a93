# corpus: profile=data_processing decision=deny
"""A Path method kept in a dictionary is called where the resolver does not follow."""
import pathlib

actions = {"read": pathlib.Path.read_text}  # expect: PG006
print(actions["read"](pathlib.Path("/etc/passwd")))
