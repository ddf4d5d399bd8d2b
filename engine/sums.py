# Subset sums over loose cards: the groups that captures and builds are made of.
# Masks pick cards by index; a card's worth in a sum is its rank (Ace 1).


def subsets(vals, target, out, start=0, mask=0):
    # Append to out the masks of every subset of vals[start:] (plus mask) summing to target.
    for j in range(start, len(vals)):
        v = vals[j]
        if v == target:
            out.append(mask | (1 << j))
        elif v < target:
            subsets(vals, target - v, out, j + 1, mask | (1 << j))
    return out


def sums_to(vals, bits, target, out, start=0, mask=0):
    # subsets() for vals in ascending order (bits[j] the mask of vals[j]):
    # stops as soon as the values pass the target.
    for j in range(start, len(vals)):
        v = vals[j]
        if v > target:
            return out
        if v == target:
            out.append(mask | bits[j])
        else:
            sums_to(vals, bits, target - v, out, j + 1, mask | bits[j])
    return out


def unions(loose, vals, bits, value):
    # Every union of disjoint groups of loose cards worth value (a lone card
    # of that worth, or two or more cards summing to it), the empty one included.
    groups = []
    for i in range(len(loose)):
        c = loose[i]
        if (c >> 2) + 1 == value or (value == 14 and c < 4):
            groups.append(1 << i)
    for m in sums_to(vals, bits, value, []):
        if m & (m - 1):
            groups.append(m)
    found = {0}
    out = [0]
    for g in groups:
        for k in range(len(out)):
            u = out[k]
            if not u & g:
                u |= g
                if u not in found:
                    found.add(u)
                    out.append(u)
    return out
