# corpus: profile=safe_eval decision=deny
"""Remote procedure calls through xmlrpc.client."""
import xmlrpc.client  # expect: PG003

proxy = xmlrpc.client.ServerProxy("http://rpc.example.com:8000/")  # expect: PG005
print(proxy.system.listMethods())  # expect: PG005
