# corpus: profile=repo_tooling decision=deny
# The grammar reads each keyword below as a name without an error; CPython
# refuses every one of these lines (invalid syntax).
import json.class  # expect: PG000@13
from json import def  # expect: PG000@18
value = json.if  # expect: PG014@9 PG000@14
print(nonlocal)  # expect: PG000@7
print(dict(async=1))  # expect: PG000@12
