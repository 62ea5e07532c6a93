# corpus: profile=data_processing decision=deny
"""scipy.io's readers and writers take paths: judged like open()."""
import scipy.io
from scipy.io import wavfile
from scipy import sparse

matrix = scipy.io.loadmat("/root/data.mat")  # expect: PG006
scipy.io.savemat("model.pth.mat", {"a": 1})  # expect: PG006
rate, samples = wavfile.read("../outside.wav")  # expect: PG006
sparse.save_npz("/tmp/m.npz", sparse.eye(3))  # expect: PG006
scipy.io.mmread("input/ok.mtx")
