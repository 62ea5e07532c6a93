# corpus: profile=networked decision=allow
# An aiohttp client: sessions, timeouts, connectors, headers and its exceptions.
import aiohttp


async def fetch(url):
    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=4)) as session:
        try:
            async with session.get(url, headers={aiohttp.hdrs.ACCEPT: "application/json"}) as response:
                response.raise_for_status()
                return await response.json()
        except aiohttp.ClientError:
            return None
        except aiohttp.ContentTypeError:
            return None
