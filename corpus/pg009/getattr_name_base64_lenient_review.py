# corpus: profile=safe_eval decision=review
"""base64.b64decode skips characters outside its alphabet (the `-` here): input the folder cannot decode strictly is unknown."""
import base64

print(getattr((), base64.b64decode("X19j-bGFzc19f").decode()))  # expect: PG009
