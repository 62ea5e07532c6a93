# corpus: profile=data_processing decision=deny
"""open handed to functools.partial is called out of sight, on a path no call here shows."""
import functools

read_secret = functools.partial(open, "/etc/passwd")  # expect: PG006
print(read_secret().read())
