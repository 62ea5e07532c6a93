# corpus: profile=safe_eval decision=deny
"""A logger from logging.getLogger is a logging.Logger: its methods log too."""
import logging  # expect: PG003

log = logging.getLogger(__name__)
while True:  # expect: PG008
    log.info("tick")  # expect: PG007
