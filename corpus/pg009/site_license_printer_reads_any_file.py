# corpus: profile=safe_eval decision=deny
# site's license, copyright and credits print the files their private
# _Printer__filenames lists: pointing it at /etc/hostname makes str(license)
# return that file.
license._Printer__filenames = ["/etc/hostname"]  # expect: PG009
license._Printer__lines = None  # expect: PG009
setattr(copyright, "_Printer__filenames", ["/etc/passwd"])  # expect: PG009
print(str(license))
