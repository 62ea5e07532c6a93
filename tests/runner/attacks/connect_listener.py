# Connect to a listener the test opened on 127.0.0.1 (port in input/port.txt).
import socket
port = int(open("input/port.txt").read())
try:
    s = socket.create_connection(("127.0.0.1", port), timeout=2)
    s.sendall(b"ESCAPED")
    s.close()
    print("CONNECTED")
    raise SystemExit(10)
except OSError as error:
    print("refused", error.errno)
