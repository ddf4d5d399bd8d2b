"""The release: which files go on the board (files.py), the folder for the drive, a checked copy
onto it and off it again, the release zip (bundle.py)."""
