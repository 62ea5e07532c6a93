# corpus: profile=plotting decision=deny
# Settings that start programs reach rcParams through dict's own methods,
# seaborn's rc=, a settings or style file pygate does not read, and the pgf
# backend a .pgf file (or format="pgf") chooses.
import matplotlib
import matplotlib.pyplot as plt
import seaborn as sns

dict.update(matplotlib.rcParams, {"pgf.texsystem": "id"})  # expect: PG004
matplotlib.rcParams.setdefault("text.usetex", True)  # expect: PG004
sns.set_theme(rc={"text.usetex": True})  # expect: PG004
matplotlib.rc_file("output/settings.rc")  # expect: PG004
plt.style.use("output/custom.mplstyle")  # expect: PG004
plt.style.use(["ggplot", "seaborn-v0_8-whitegrid"])
fig = plt.figure()
fig.savefig("output/figure.pgf")  # expect: PG004
fig.savefig("output/figure.pdf", format="pgf")  # expect: PG004
fig.savefig("output/figure.png")
matplotlib.rcParams["text.usetex"] |= True  # expect: PG004
matplotlib.rcParams["ps.usedistiller"], other = "ghostscript", 1  # expect: PG004
for matplotlib.rcParams["animation.ffmpeg_path"] in ["/usr/bin/id"]:  # expect: PG004
    pass
matplotlib.rcParams.update(**{"text.usetex": True})  # expect: PG004
matplotlib.rc("text", **{"usetex": True})  # expect: PG004 PG004
with matplotlib.rc_context(**{"rc": {"text.usetex": True}}):  # expect: PG004
    pass
matplotlib.rcParams.setdefault("text.usetex")  # expect: PG004
