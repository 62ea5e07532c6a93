# corpus: profile=data_processing decision=deny
# source: https://github.com/huggingface/smolagents/issues/2125 (CVE-2025-5120, CVE-2025-9959)
# technique: getattr leaks a module an allowed module imported
import numpy as np

osmod = getattr(np.lib.npyio, "os")  # expect: PG003
osmod.system("id")  # expect: PG004
