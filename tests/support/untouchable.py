"""A huge sequence whose items must not be read: size checks must refuse it first ."""

from collections.abc import Sequence


class Untouchable(Sequence):
    """``length`` items (default 10**9); reading any fails the test."""

    def __init__(self, length: int = 10**9):
        self.length = length

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        raise AssertionError("the items were read before the size was checked")
