# corpus: profile=safe_eval decision=deny
"""`from email.mime.text import ...`: email is not allowed, so neither is any submodule."""
from email.mime.text import MIMEText  # expect: PG003

message = MIMEText("hello")
