echo $(python3 -c 'import os') `python3 -c 'print(1)'` <(python3 -c 'x') > >(cat)
