# corpus: profile=safe_eval decision=allow
"""`signal` here is a list of samples, not the signal module."""
import statistics

signal = [0.1, 0.4, 0.35, 0.8]
signal.append(0.5)
smoothed = [round((a + b) / 2, 3) for a, b in zip(signal, signal[1:])]
print(statistics.mean(signal), smoothed)
