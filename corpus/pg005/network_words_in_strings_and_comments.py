# corpus: profile=safe_eval decision=allow
"""Words like socket, connect and urlopen in strings and comments are not references."""
# Do not call socket.socket() or urllib.request.urlopen() here: the runner has no network.
HELP = "connect with socket.create_connection((host, port)) or requests.get(url)"
errors = {"ECONNREFUSED": "socket refused the connection", "smtplib": "mail disabled"}
print(HELP.upper(), sorted(errors))
