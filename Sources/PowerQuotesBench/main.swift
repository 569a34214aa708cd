// Placeholder until the benchmark is written.
print("powerquotes-bench: not written yet")
