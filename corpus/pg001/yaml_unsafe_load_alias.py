# corpus: profile=safe_eval decision=deny
"""yaml.unsafe_load copied under a friendly name."""
import yaml as config_format  # expect: PG003

read_config = config_format.unsafe_load  # expect: PG001
settings = read_config("debug: true")  # expect: PG001
