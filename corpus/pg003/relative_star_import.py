# corpus: profile=safe_eval decision=deny
"""A relative star import."""
from .models import *  # expect: PG003

admin = User(name="root")
print(admin)
