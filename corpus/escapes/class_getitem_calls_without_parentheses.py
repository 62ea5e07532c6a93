# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: __class_getitem__ set by a comprehension turns a subscript into a call
class C:
    pass


result = [[None for C.__class_getitem__ in [exec]], C["print(1)"]][True]  # expect: PG009 PG001
