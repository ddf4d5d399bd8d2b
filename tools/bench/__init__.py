"""make bench and its figures: speed, heap, code size and board time, each against its budget
(run.py runs them all)."""
