# corpus: profile=plotting decision=deny
# The backend setting names a module matplotlib imports: the key is judged
# wherever it is written (|=, __init__, seaborn's rc=, a setter's keyword).
import matplotlib

matplotlib.use("agg")
import seaborn as sns

rc = matplotlib.rcParams
rc |= {"backend": "module://this"}  # expect: PG002
matplotlib.rcParams.__init__({"backend": "module://this"})  # expect: PG002
sns.set_theme(rc={"backend": "module://this"})  # expect: PG002
matplotlib.rcParams.update(backend="module://this")  # expect: PG002
dict.update(matplotlib.rcParams, backend="module://this")  # expect: PG002
