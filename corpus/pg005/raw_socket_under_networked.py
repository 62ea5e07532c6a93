# corpus: profile=networked decision=deny
"""The networked profile allows HTTP clients, but raw sockets stay denied."""
import socket  # expect: PG003


def send_raw(host, payload):
    sock = socket.socket()  # expect: PG005
    sock.sendto(payload, (host, 9999))  # expect: PG005
