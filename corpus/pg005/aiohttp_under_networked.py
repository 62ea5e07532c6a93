# corpus: profile=networked decision=allow
"""An aiohttp client session under the networked profile, driven by asyncio.run."""
import asyncio
import aiohttp


async def fetch(url):
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as resp:
            return await resp.text()

print(asyncio.run(fetch("https://api.example.com/health")))
