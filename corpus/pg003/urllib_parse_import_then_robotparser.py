# corpus: profile=networked decision=deny
"""`import urllib.parse` binds urllib; urllib.robotparser is a use of a part not allowed."""
import urllib.parse

checker = urllib.robotparser.RobotFileParser()  # expect: PG003
print(urllib.parse.quote("x y"), checker)
