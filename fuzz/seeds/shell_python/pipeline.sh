python3 -c 'print(1)' && ls | python3
