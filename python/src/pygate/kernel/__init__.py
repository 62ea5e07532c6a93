"""`pygate kernel`: a Jupyter kernel whose every cell is a step of a `pygate serve`
session, gated against the notebook so far and run in its sandbox (docs/jupyter.md).

Importing this package needs Jupyter's `ipykernel` and `jupyter_client`;
the rest of `pygate` does not.
"""
