# corpus: profile=data_processing decision=deny
# A dict display unpacked into a call is read as CPython builds it: keys
# folded with their escapes and quotes, the last of a repeated key, and a
# later `**other` over what came before. A path behind any of them is
# judged; one pygate cannot see is a review. numpy.load with mmap_mode
# "r+" maps the file for writing.
import numpy as np
import pandas as pd

escaped = open(**{"fil\x65": "/etc/hostname"})  # expect: PG006
repeated = pd.read_csv(**{"filepath_or_buffer": "input/a.csv", "filepath_or_buffer": "/etc/passwd"})  # expect: PG006
tripled = open(**{"""file""": "/etc/hostname"})  # expect: PG006
extra = {"mode": "r"}
overridden = open(**{"file": "input/a.csv", **extra})  # expect: PG006
frame = pd.read_csv("input/a.csv")
shown = frame.to_string(**extra)  # expect: PG006
mapped = np.load("input/a.npy", mmap_mode="r+")  # expect: PG006
shared = np.load("input/a.npy", mmap_mode="r")
