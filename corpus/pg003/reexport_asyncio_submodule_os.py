# corpus: profile=safe_eval decision=deny
"""asyncio is allowed for its event loop, not for the os its submodules imported."""
import asyncio

asyncio.unix_events.os.system("id")  # expect: PG004
