sudo -u root env -i FOO=1 timeout -s KILL 5 nice -n 5 bash -c "python3 -IBc 'print(1)'" | xargs python3
