"""The board box: the board on the desk. The board's built-in modules as stand-ins (standins/),
the whole app under MicroPython or the board's own interpreter (run.py), the board VMs (boardvm.py)
and the board's CPU (m4vm.py), the pystack model (pystack.py), and how a MicroPython child runs
(mp.py)."""
