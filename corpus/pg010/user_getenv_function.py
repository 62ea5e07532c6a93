# corpus: profile=safe_eval decision=allow
"""A user function named getenv that reads a config dict."""


def getenv(config, key, default=None):
    return config.get(key, default)


print(getenv({"MODE": "fast"}, "MODE"), getenv({}, "MODE", "slow"))
