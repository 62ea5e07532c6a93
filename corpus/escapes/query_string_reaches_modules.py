# corpus: profile=data_processing decision=deny
# source: https://github.com/run-llama/llama_index/issues/22232
# technique: DataFrame.query follows @-references to attributes and calls
import pandas as pd

df = pd.DataFrame({"a": [1]})
df.query("@pd.io.common.os.system('id') > 0", engine="python")  # expect: PG001
