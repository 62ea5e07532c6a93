# corpus: profile=plotting decision=deny
# A file that imports seaborn holds pandas' frames, matplotlib's figures and
# numpy's arrays without importing them: methods matched by name on values
# pygate cannot trace are judged as in a file that imports those libraries.
import seaborn as sns

grid = sns.relplot(data={"a": [1, 2], "b": [3, 4]}, x="a", y="b")
grid.data.query("a.mean.__func__.__globals__")  # expect: PG001
grid.figure.canvas.print_png("/tmp/pygate-corpus-canvas.png")  # expect: PG006
grid.data.to_numpy().tofile("/tmp/pygate-corpus-array")  # expect: PG006
sns.set_theme(rc={"backend": "module://output.plugin"})  # expect: PG002
grid.data.to_csv("output/frame.csv")
