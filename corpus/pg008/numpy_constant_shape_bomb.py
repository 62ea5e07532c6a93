# corpus: profile=data_processing decision=deny
import numpy as np

matrix = np.zeros((10**5, 10**5))  # expect: PG008
ramp = np.arange(10**11)  # expect: PG008
