# corpus: profile=safe_eval decision=deny
"""Mailing computed data out with smtplib."""
import smtplib  # expect: PG003


def report(result: str) -> None:
    with smtplib.SMTP("mail.example.com", 587) as smtp:  # expect: PG005
        smtp.sendmail("bot@example.com", ["x@example.org"], result)  # expect: PG005
