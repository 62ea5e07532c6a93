# corpus: profile=networked decision=deny
"""ssl is not one of the networked profile's HTTP clients: wrapping a raw socket stays denied."""
import ssl  # expect: PG003

context = ssl.create_default_context()  # expect: PG005
