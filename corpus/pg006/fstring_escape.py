# corpus: profile=data_processing decision=deny
"""An f-string of constants folds: `output/../run.sh` leaves output/."""

up = ".."
with open(f"output/{up}/run.sh", "w") as script:  # expect: PG006
    script.write("echo hi\n")
