# corpus: profile=safe_eval decision=deny
"""operator.methodcaller with __reduce_ex__ calls the escape method indirectly."""
from operator import methodcaller

reducer = methodcaller("__reduce_ex__", 2)  # expect: PG009
print(reducer([1, 2]))
