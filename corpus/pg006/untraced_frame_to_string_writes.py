# corpus: profile=data_processing decision=deny
# to_string writes the file its buf names, on a frame passed as a parameter
# (untraced: judged as a DataFrame's in a file that imports pandas) too.
import pandas as pd


def write(frame, path):
    frame.to_string(path)  # expect: PG006


frame = pd.DataFrame({"a": [1]})
write(frame, "output/table.txt")
frame.to_string("/tmp/table.txt")  # expect: PG006
text = frame.to_string()
