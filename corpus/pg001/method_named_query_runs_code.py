# corpus: profile=data_processing decision=deny
# A method named by a string is judged as the methods so named: methodcaller
# ("query", expr) calls DataFrame.query, whose expression is code that
# reaches modules through `@`.
import operator

import pandas as pd

frame = pd.DataFrame({"a": [1]})
operator.methodcaller("query", "@pd.io.common.os.system('id') == 0", engine="python")(frame)  # expect: PG001
