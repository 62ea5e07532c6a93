# corpus: profile=plotting decision=allow
"""get_sample_data joins a relative name to matplotlib's own sample data
folder: a constant name without `..` reads a file matplotlib ships."""
import matplotlib.cbook as cbook
import matplotlib.pyplot as plt

with cbook.get_sample_data("goog.npz", np_load=True) as prices:
    close = prices["price_data"]["adj_close"]
dem = cbook.get_sample_data("jacksboro_fault_dem.npz", np_load=True)
plt.plot(close[:50])
plt.savefig("output/prices.png")
