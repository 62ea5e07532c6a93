# corpus: profile=safe_eval decision=deny
"""Each step seen through: statistics.random is random, random._os is os."""
import statistics as st

st.random._os.popen("id")  # expect: PG004
