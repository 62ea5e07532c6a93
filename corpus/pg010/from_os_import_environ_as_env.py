# corpus: profile=safe_eval decision=deny
"""`from os import environ as env`: the alias is still os.environ."""
from os import environ as env  # expect: PG003

api_key = env["API_KEY"]  # expect: PG010
print(api_key)
