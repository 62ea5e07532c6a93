# corpus: profile=data_processing decision=deny
# source: https://github.com/run-llama/llama_index/issues/20690
# technique: pandas and numpy read and write paths of their choosing
import numpy as np
import pandas as pd

secrets = pd.read_csv("/etc/passwd")  # expect: PG006
secrets.to_csv("/tmp/exfil.csv")  # expect: PG006
np.load("/tmp/evil.npy", allow_pickle=True)  # expect: PG001
