# corpus: profile=plotting decision=deny
# matplotlib's configuration and cache folders are named from $HOME (or
# $XDG_CONFIG_HOME, $XDG_CACHE_HOME): the functions that give them back give
# the environment back.
import matplotlib

print(matplotlib.get_configdir())  # expect: PG010
print(matplotlib.get_cachedir())  # expect: PG010
