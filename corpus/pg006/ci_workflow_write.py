# corpus: profile=repo_tooling decision=deny
"""A CI workflow is code the next push runs."""

workflow = ".github/" + "workflows/" + "deploy.yml"
open(workflow, "w").write("on: push\njobs: {}\n")  # expect: PG006
