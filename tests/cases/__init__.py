"""Test case builders several test modules share (tests/test_layout.py)."""
