# corpus: profile=safe_eval decision=deny
"""pkgutil.iter_modules lists modules that __import__ then loads."""
import pkgutil  # expect: PG003

names = [info.name for info in pkgutil.iter_modules()]  # expect: PG002
first = __import__(names[0])  # expect: PG002
