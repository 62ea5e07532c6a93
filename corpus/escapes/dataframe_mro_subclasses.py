# corpus: profile=data_processing decision=deny
# source: https://github.com/run-llama/llama_index/issues/22232
# technique: a DataFrame's class hierarchy leads to every loaded class
import pandas as pd

df = pd.DataFrame({"a": [1]})
classes = df.__class__.__mro__[-1].__subclasses__()  # expect: PG009 PG009 PG009
