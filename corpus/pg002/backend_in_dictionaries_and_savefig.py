# corpus: profile=plotting decision=deny
# A backend given to savefig, or reaching rcParams in a dictionary built by
# dict(), dict.fromkeys or item stores, names a module matplotlib imports.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig = plt.figure()
fig.savefig("output/a.png", backend="module://this")  # expect: PG002
settings = dict(backend="module://this")
plt.rcParams.update(settings)  # expect: PG002
plt.rcParams.update(dict.fromkeys(["backend"], "module://this"))  # expect: PG002
more = {}
more["backend"] = "module://this"
plt.rcParams.update(more)  # expect: PG002
