# corpus: profile=plotting decision=allow
# rcParams read, copied, reset to the host's defaults and updated in place
# with settings that start nothing.
import copy

import matplotlib.pyplot as plt

saved = copy.deepcopy(plt.rcParams)
print(len(plt.rcParams), plt.rcParams["text.usetex"])
plt.rcParams.update(plt.rcParamsDefault)
plt.rcParams |= {"figure.dpi": 100, "text.usetex": False}
style = {"color": "red", "linewidth": 2}
plt.plot([1, 2], **style)
plt.savefig("output/a.png")
