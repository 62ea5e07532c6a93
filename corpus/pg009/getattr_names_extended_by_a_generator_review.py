# corpus: profile=data_processing decision=review
# A list of names extended by a generator pygate does not fold, then read
# by getattr: the names it may hold are not all seen. (`list.extend(gen)`
# once crashed the analyser: its argument is no argument list.)
class Settings:
    tls_ca_file = "ca.pem"


settings = Settings()
fields = ["tls_ca_file"]
fields.extend(f"tls_{role}_{kind}" for role in ["client", "worker"] for kind in ["key", "cert"])
for field in fields:
    print(getattr(settings, field))  # expect: PG009
