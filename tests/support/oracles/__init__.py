"""Slow, obviously-correct twins of the generator kernels and runtime queries (test oracles)."""
