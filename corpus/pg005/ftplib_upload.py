# corpus: profile=safe_eval decision=deny
"""Uploading through ftplib imported by name."""
from ftplib import FTP  # expect: PG003

ftp = FTP("ftp.example.com")  # expect: PG005
ftp.login("anonymous", "guest")  # expect: PG005
