# corpus: profile=plotting decision=deny
"""A module an allowed package imported is that module: seaborn.axisgrid.pd is pandas."""
import scipy.misc.common as common
import seaborn.axisgrid

frame = seaborn.axisgrid.pd.read_pickle("input/frame.pkl")  # expect: PG001
array = common.load("input/a.npy", allow_pickle=True)  # expect: PG001
