# corpus: profile=data_processing decision=allow
"""os.path.join and friends are allowed under data_processing."""
import os.path

report = os.path.join("output", "summary.csv")
stem, ext = os.path.splitext(os.path.basename(report))
print(stem, ext, os.path.dirname(report))
