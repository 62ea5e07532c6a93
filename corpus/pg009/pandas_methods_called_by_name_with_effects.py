# corpus: profile=data_processing decision=deny
# pandas' agg, apply and transform call the method a string names, with the
# call's other arguments (or numpy's function of that name: np.load): a name
# of eval, query, load or a writer runs that
# method's effects where no rule would see them. Each is refused by the
# effects of the methods that name may call.
import pandas as pd

df = pd.DataFrame({"a": [1, 2]})
expression = "a + 1"
df.agg("eval", 0, expression)  # expect: PG009
df.apply("query", args=(expression,))  # expect: PG009
df["a"].apply("to_frame").agg("eval", 0, expression)  # expect: PG009
df.apply("to_csv", args=("/tmp/elsewhere.csv",))  # expect: PG009
df.transform("to_csv", 0, "/tmp/elsewhere.csv")  # expect: PG009
df.style.apply("to_csv", axis=0, args=("/tmp/elsewhere.csv",)).to_html()  # expect: PG009
series = df["a"]
series.agg("load", allow_pickle=True)  # expect: PG009
df.agg(["sum", "to_clipboard"])  # expect: PG009
