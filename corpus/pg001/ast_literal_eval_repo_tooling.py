# corpus: profile=repo_tooling decision=allow
"""ast.literal_eval parses literals only; repo_tooling allows the ast module."""
import ast

text = "{'version': (1, 4, 2), 'stable': True}"
metadata = ast.literal_eval(text)
tree = ast.parse("x = 1")
print(metadata["version"], len(tree.body))
