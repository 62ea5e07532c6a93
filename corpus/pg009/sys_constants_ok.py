# corpus: profile=safe_eval decision=allow
"""sys's constants and sizes are ordinary computation."""
import sys

limit = sys.maxsize
epsilon = sys.float_info.epsilon
print(sys.getsizeof([1, 2, 3]), sys.version_info >= (3, 8), limit > 0, epsilon)
sys.stdout.write("done\n")
