# corpus: profile=networked decision=deny
# networked allows aiohttp's client, not its servers, and not the Unix-socket
# connector, which reaches a local daemon (Docker's is root on the host).
import aiohttp
from aiohttp import web


async def create_container():
    connector = aiohttp.UnixConnector(path="/var/run/docker.sock")  # expect: PG005
    async with aiohttp.ClientSession(connector=connector) as session:
        await session.post("http://localhost/containers/create", json={"Image": "alpine"})


app = web.Application()  # expect: PG005
web.run_app(app, port=8080)  # expect: PG005
