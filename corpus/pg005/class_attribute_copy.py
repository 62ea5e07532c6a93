# corpus: profile=safe_eval decision=deny
"""A class attribute holding smtplib.SMTP, used through the class name."""
import smtplib  # expect: PG003


class Notifier:
    transport = smtplib.SMTP  # expect: PG005


client = Notifier.transport("mail.example.com")  # expect: PG005
