# MicroPython child of tools/bench/crowd.py: decodes a position (engine.codec,
# hex) and runs one task on it: 0 legal_moves, 1-3 choose_move for easy,
# medium, hard, 4 capped_moves (the person's chooser's list). Prints "OK <heap in use after
# the imports>" once it completes.
import sys
import gc
from engine import codec
from engine.movegen import legal_moves, capped_moves
from engine.ai import choose_move

s = codec.decode(bytes.fromhex(sys.argv[1]))
task = int(sys.argv[2])
level = ("", "easy", "medium", "hard", "")[task]
if level:
    __import__("engine.ai_" + level)  # its compile is not the task's
gc.collect()
base = gc.mem_alloc()
if level:
    choose_move(s, level, 1)
elif task:
    capped_moves(s)
else:
    legal_moves(s)
print("OK", base)
