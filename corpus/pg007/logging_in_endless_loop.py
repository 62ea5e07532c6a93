# corpus: profile=safe_eval decision=deny
import logging  # expect: PG003

while 1:  # expect: PG008
    logging.info("still here")  # expect: PG007
