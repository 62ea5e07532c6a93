# corpus: profile=data_processing decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: pdb.set_trace works even with builtins emptied
import pdb  # expect: PG003
pdb.set_trace()
