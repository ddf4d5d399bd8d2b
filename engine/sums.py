# Subset sums over loose cards: the groups that captures and builds are made of.
# Masks pick cards by index; a card's worth in a sum is its rank (Ace 1).


def sums_to(vals, bits, target, out, ascending=True):
    """Append to out the masks (bits[j], one bit each, the mask of vals[j]) of
    every subset of vals summing to target, depth first. With vals in
    ascending order a level stops as soon as the values pass what is left
    of the target. No recursion (its frames would come out of the board's
    1.5 KB pystack, tools/box/pystack.py) and no lists: the path is the set of
    positions taken, the last one taken its highest."""
    n = len(vals)
    path = 0
    mask = 0
    j = 0
    while True:
        if j < n:
            v = vals[j]
            if v < target:  # down: vals[j] in, the later values next
                path |= 1 << j
                mask |= bits[j]
                target -= v
            elif v == target:
                out.append(mask | bits[j])
            elif ascending:
                j = n  # every later value is larger still
                continue
            j += 1
            continue
        if not path:
            return out
        j = n - 1  # up: the last value taken out, the next one tried
        while not path >> j & 1:
            j -= 1
        path ^= 1 << j
        mask ^= bits[j]
        target += vals[j]
        j += 1


def unions(singles, vals, bits, value, n):
    """Every union of disjoint groups of the n loose cards worth value (a lone
    card of that worth, the mask singles, or two or more cards summing to
    it), the empty one included: the lone cards first, in index order."""
    groups = []
    i = 0
    while singles >> i:
        if singles >> i & 1:
            groups.append(1 << i)
        i += 1
    for m in sums_to(vals, bits, value, []):
        if m & (m - 1):
            groups.append(m)
    out = [0]
    if len(groups) < 3:  # no two ways to one union
        for g in groups:
            for k in range(len(out)):
                if not out[k] & g:
                    out.append(out[k] | g)
        return out
    found = marks(n)
    for g in groups:
        for k in range(len(out)):
            u = out[k]
            if not u & g:
                u |= g
                if not found[u >> 3] >> (u & 7) & 1:
                    found[u >> 3] |= 1 << (u & 7)
                    out.append(u)
    return out


class Sparse(dict):
    # marks' bitmap past 16 loose cards: only the bytes in use, a key each
    def __getitem__(self, k):
        return self.get(k, 0)


def marks(n):
    """a bit a mask of n loose cards (u is marked in byte u >> 3, bit u & 7):
    8 KB at most, for a game never has more than 16 (a trail never joins a
    loose card of its rank: 13 ranks, and 3 more from the first four); past
    16, a referee's table, sparse (2^n bits would be gigabytes)"""
    return bytearray((1 << n >> 3) + 1) if n < 17 else Sparse()
