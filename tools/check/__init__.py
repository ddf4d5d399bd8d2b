"""The board check's host side (issue 67): a board's report read beside the model's figures
(report.py), and those figures made on the M4 VM for the release (model.py)."""
