"""`python -m bench`: list the benchmarks (each runs as `python -m bench.<name>`)."""

import pkgutil

import bench

for m in pkgutil.iter_modules(bench.__path__):
    if m.name not in ("machine", "__main__"):
        print(f"python -m bench.{m.name}")
