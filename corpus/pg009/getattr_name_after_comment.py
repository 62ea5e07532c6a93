# corpus: profile=safe_eval decision=deny
# The comment between the arguments is not an argument: the name is still
# constant, so this is an error (deny), not the warning a non-constant name gets.
subs = getattr(object,  # expect: PG009@8
               "__subclasses__")()
