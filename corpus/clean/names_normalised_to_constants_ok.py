# corpus: profile=safe_eval decision=allow
# Non-ASCII identifiers are NFKC-normalised (PEP 3131): `Ｔrue` is the name
# `True`, not the constant. CPython compiles and runs this source (reading the
# name raises NameError); it refuses only an AST holding such a name, which the
# differential harness must not mistake for CPython refusing the file.
def show(Ｔrue=1, Ｎone=2):
    return Ｔrue + Ｎone


Ｆalse = show()
