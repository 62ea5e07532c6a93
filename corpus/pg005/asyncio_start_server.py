# corpus: profile=safe_eval decision=deny
"""Opening a listening server with asyncio.start_server (asyncio itself is allowed)."""
import asyncio


async def echo(reader, writer):
    writer.write(await reader.read(100))


async def main():
    server = await asyncio.start_server(echo, "0.0.0.0", 8888)  # expect: PG005
    await server.serve_forever()
