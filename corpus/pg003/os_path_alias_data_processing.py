# corpus: profile=data_processing decision=allow
"""`import os.path as osp` binds osp to os.path itself, never to os."""
import os.path as osp

print(osp.join("input", "data.csv"), osp.basename("input/data.csv"))
