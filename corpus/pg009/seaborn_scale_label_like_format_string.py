# corpus: profile=plotting decision=deny
# seaborn's Continuous().label(like=...) keeps the string and later formats
# every tick label with it as a format string: a dunder field reads
# attributes as getattr does.
import seaborn.objects as so

plot = so.Plot(x=[1, 2], y=[3, 4]).add(so.Dot())
plot = plot.scale(x=so.Continuous().label(like="{x.__class__.__init__.__globals__}"))  # expect: PG009
plot = plot.scale(y=so.Continuous().label(like=".1f"))
plot.save("output/plot.png")


# A column named "label" handed to a method of a value pygate cannot type is
# data: `label` takes a format string only by keyword, which a call by name
# does not pass.
def draw(frame):
    frame.plot(x="a", y="label")
