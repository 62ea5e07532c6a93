# corpus: profile=safe_eval decision=deny
import math
from math import factorial as fact

digits = len(str(math.factorial(10**8)))  # expect: PG008
more = fact(10**7)  # expect: PG008
