# corpus: profile=plotting decision=deny
# The clipboard runs xclip, xsel or pbcopy; saving an animation runs ffmpeg or
# ImageMagick, whichever program rcParams names.
import matplotlib.animation as animation
import matplotlib.pyplot as plt
import pandas as pd

df = pd.read_clipboard()  # expect: PG004
df.to_clipboard()  # expect: PG004
fig = plt.figure()
anim = animation.FuncAnimation(fig, lambda i: None, frames=2)
anim.save("output/movie.mp4")  # expect: PG004
anim.save("output/movie.mp4", writer="ffmpeg")  # expect: PG004
video = anim.to_html5_video()  # expect: PG004
