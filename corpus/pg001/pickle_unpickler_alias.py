# corpus: profile=safe_eval decision=deny
"""pickle.Unpickler imported under another name: the class and its load method are both references."""
import io  # expect: PG003
from pickle import Unpickler as Reader  # expect: PG003

stream = io.BytesIO(b"\x80\x04K\x01.")
value = Reader(stream).load()  # expect: PG001 PG001
