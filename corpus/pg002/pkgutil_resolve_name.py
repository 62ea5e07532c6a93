# corpus: profile=safe_eval decision=deny
"""pkgutil.resolve_name imports a module and walks to an attribute named by a string."""
import pkgutil  # expect: PG003

target = pkgutil.resolve_name("os:getcwd")  # expect: PG002
