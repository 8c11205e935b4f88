"""Benchmarks: each writes its figures and the machine it ran on to bench/results/."""
