# corpus: profile=safe_eval decision=deny
"""An import inside a function body, then os.popen."""


def probe():
    import os  # expect: PG003
    return os.popen("uname -a").read()  # expect: PG004


print(probe())
