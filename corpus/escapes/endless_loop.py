# corpus: profile=data_processing decision=deny
# source: https://github.com/run-llama/llama_index/issues/20690
# technique: a loop that never ends holds the worker
while True:  # expect: PG008
    pass
