# corpus: profile=data_processing decision=allow
"""os.path under data_processing is not the environment."""
import os.path

name = os.path.join("output", "env_report.csv")
print(os.path.normpath(name), os.path.basename(name))
