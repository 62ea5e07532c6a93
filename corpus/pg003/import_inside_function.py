# corpus: profile=safe_eval decision=deny
"""An import hidden inside a function body is checked like any other."""


def archive(name):
    import shutil  # expect: PG003
    return name + ".zip"


print(archive("report"))
