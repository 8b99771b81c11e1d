#!/usr/bin/env python3
"""Draws the terrain and elevation rows of a Great War map from a few strokes.

Used to lay out the larger scenarios' maps; the output is pasted into the
scenario file and then touched up by hand. Deterministic: same arguments, same map.
usage: make_map.py WIDTH HEIGHT SEED
"""
import random
import sys


def neighbours(c, r, w, h):
    # Flat-topped columns, odd 0-based columns half a hex up.
    if c % 2 == 1:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [(x, y) for x, y in cand if 0 <= x < w and 0 <= y < h]


def hex_distance(c1, r1, c2, r2):
    def cube(c, r):
        q = c
        z = r - (c + (c & 1)) // 2
        return q, z, -q - z
    a, b = cube(c1, r1), cube(c2, r2)
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def blob(grid, rng, c, r, size, glyph, w, h):
    cells = [(c, r)]
    grid[r][c] = glyph
    while len(cells) < size:
        x, y = rng.choice(cells)
        nx, ny = rng.choice(neighbours(x, y, w, h))
        if grid[ny][nx] == '.':
            grid[ny][nx] = glyph
            cells.append((nx, ny))


def main():
    w, h, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    terrain = [['.'] * w for _ in range(h)]
    elev = [[0] * w for _ in range(h)]
    area = w * h
    for _ in range(area // 60):
        blob(terrain, rng, rng.randrange(w), rng.randrange(h), rng.randint(3, 9), 'w', w, h)
    for _ in range(area // 250):
        blob(terrain, rng, rng.randrange(w), rng.randrange(h), rng.randint(2, 4), 'o', w, h)
    for _ in range(max(1, area // 400)):
        blob(terrain, rng, rng.randrange(w), rng.randrange(h), rng.randint(3, 6), 't', w, h)
    for _ in range(area // 500):
        blob(terrain, rng, rng.randrange(w), rng.randrange(h), rng.randint(2, 5), 'm', w, h)
    for _ in range(area // 300):
        blob(terrain, rng, rng.randrange(w), rng.randrange(h), rng.randint(2, 4), ':', w, h)
    # Ridges: a few hills whose level falls off with distance.
    for _ in range(max(2, area // 300)):
        cx, cy, top = rng.randrange(w), rng.randrange(h), rng.randint(1, 3)
        for y in range(h):
            for x in range(w):
                d = hex_distance(x, y, cx, cy)
                elev[y][x] = max(elev[y][x], top - d // 2)
    for row in terrain:
        print('"' + ''.join(row) + '",')
    print()
    for row in elev:
        print('"' + ''.join(str(max(0, min(9, v))) for v in row) + '",')


if __name__ == '__main__':
    main()
