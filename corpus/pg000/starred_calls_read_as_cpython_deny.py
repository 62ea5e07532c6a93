# corpus: profile=safe_eval decision=deny
# With CPython's reading of a misread star put back, what the starred call
# reaches is judged: the attribute names a getattr folds, an import by name,
# a process, a file, in a starred target too. Where CPython allows no star
# the misreading stays and the file is refused (CPython refuses it too).
import os  # expect: PG003
print(*getattr(os, "__glo" + "bals__"))  # expect: PG009
names = [*__import__("os").popen("id")]  # expect: PG002 PG004
lines = (*open("/etc/passwd").readlines(), 0)  # expect: PG006
print(*os.system("id").bit_length())  # expect: PG004
*vars(os).keys, rest = 1, 2  # expect: PG009
