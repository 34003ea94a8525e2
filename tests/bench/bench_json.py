# SPDX-License-Identifier: MIT
"""Reading Google Benchmark's JSON output, for the chart scripts beside this one."""
import json


def measured(path, counter):
    """The JSON file at `path`: its context (the machine), and its benchmarks that report
    `counter`, aggregates left out."""
    with open(path) as f:
        data = json.load(f)
    return data.get("context", {}), [b for b in data["benchmarks"] if b.get("run_type") != "aggregate" and counter in b]
