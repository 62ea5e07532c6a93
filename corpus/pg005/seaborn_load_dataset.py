# corpus: profile=plotting decision=deny
"""seaborn.load_dataset downloads from GitHub; scipy.datasets downloads through pooch."""
import seaborn as sns
from scipy import datasets

tips = sns.load_dataset("tips")  # expect: PG005
names = sns.get_dataset_names()  # expect: PG005
face = datasets.face()  # expect: PG005
