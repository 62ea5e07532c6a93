# corpus: profile=data_processing decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: mathematical italic letters that NFKC normalises to breakpoint
𝘣𝘳𝘦𝘢𝘬𝘱𝘰𝘪𝘯𝘵()  # expect: PG001
