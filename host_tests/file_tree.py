"""A folder's files as {relative path with '/': bytes}, for comparing deployed trees."""

import os


def tree(path):
    out = {}
    for d, _, fs in os.walk(path):
        for f in fs:
            p = os.path.join(d, f)
            with open(p, "rb") as g:
                out[os.path.relpath(p, path).replace(os.sep, "/")] = g.read()
    return out
