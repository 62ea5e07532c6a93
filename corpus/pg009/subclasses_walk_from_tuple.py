# corpus: profile=safe_eval decision=deny
"""The classic escape: from an empty tuple to every class in the interpreter."""
classes = ().__class__.__base__.__subclasses__()  # expect: PG009 PG009 PG009
for cls in classes:
    if cls.__name__ == "catch_warnings":
        print(cls)
