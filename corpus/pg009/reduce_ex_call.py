# corpus: profile=safe_eval decision=deny
"""__reduce_ex__ returns constructor callables (copyreg.__newobj__ and friends)."""
from collections import OrderedDict

parts = OrderedDict(a=1).__reduce_ex__(2)  # expect: PG009
print(parts[0])
