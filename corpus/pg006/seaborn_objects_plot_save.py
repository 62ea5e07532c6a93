# corpus: profile=plotting decision=deny
# seaborn.objects' Plot.save hands its path and keywords to the figure's
# savefig: the path is judged as savefig's, and a .pgf path or backend= too.
import pandas as pd
import seaborn.objects as so

frame = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
plot = so.Plot(frame, x="a", y="b").add(so.Dot())
plot.save("/tmp/pygate-corpus-plot.png")  # expect: PG006
plot.save("output/plot.pgf")  # expect: PG004
plot.save("output/plot.png", backend="module://antigravity")  # expect: PG002
plot.save("output/plot.png")
