# corpus: profile=safe_eval decision=deny
"""yaml.load with the full Loader builds arbitrary Python objects."""
import yaml  # expect: PG003

text = "!!python/object/apply:os.getcwd []"
config = yaml.load(text, Loader=yaml.Loader)  # expect: PG001
print(config)
