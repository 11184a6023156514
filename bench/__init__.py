"""``make bench`` (``python -m bench.run``) and the developer's A/B tools (``python -m bench.ab``,
``python -m bench.cost``): timings of paibiao against its peers, on the tests' seeded hands."""
