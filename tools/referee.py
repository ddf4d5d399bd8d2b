"""`python3 tools/referee.py`: the JSON-lines referee of docs/REFEREE.md under the name that doc
gives it. The referee is tools/ref/serve.py; this runs it as a module of the repository
(`python -m tools.ref.serve`) in place of this process, with the same standard input, output
and arguments, from any working directory (whose own modules it does not see: -P)."""

import os
import sys

if __name__ == "__main__":
    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT] + [p for p in [env.get("PYTHONPATH")] if p])
    safe = ["-P"] if sys.version_info >= (3, 11) else []
    os.execve(sys.executable, [sys.executable, *safe, "-m", "tools.ref.serve", *sys.argv[1:]], env)
