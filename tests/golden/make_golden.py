#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates glnoise's golden data from an implementation independent of the C++ code.

It transliterates Ken Perlin's Java reference (ImprovedNoise, 2002) with its branchy
grad(), the common 2D construction of improved Perlin noise (P[P[X]+Y] corner hashes,
four diagonal gradients chosen by if/else from v & 3), and PCG32 (pcg-c-basic) with
Lemire's bounded integers driving a Fisher-Yates shuffle, all in Python's double
precision. Cellular noise comes from its definition by brute force: every feature point
of the 7^N cells around a sample, sorted by distance, the distance to the nearest edge
as the least distance to a bisector of the nearest point and any other, and the inscribed
n-sphere's radius as half the least distance from the nearest point to any other; psrdnoise
likewise, every lattice point within the kernel's reach summed. Run it from anywhere:

    python3 tests/golden/make_golden.py

and commit the CSV files it writes next to itself. Tests read them at run time.
"""
import itertools
import math
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

KEN = [151,160,137,91,90,15,131,13,201,95,96,53,194,233,7,225,140,36,103,30,69,142,8,99,37,
       240,21,10,23,190,6,148,247,120,234,75,0,26,197,62,94,252,219,203,117,35,11,32,57,177,
       33,88,237,149,56,87,174,20,125,136,171,168,68,175,74,165,71,134,139,48,27,166,77,146,
       158,231,83,111,229,122,60,211,133,230,220,105,92,41,55,46,245,40,244,102,143,54,65,25,
       63,161,1,216,80,73,209,76,132,187,208,89,18,169,200,196,135,130,116,188,159,86,164,100,
       109,198,173,186,3,64,52,217,226,250,124,123,5,202,38,147,118,126,255,82,85,212,207,206,
       59,227,47,16,58,17,182,189,28,42,223,183,170,213,119,248,152,2,44,154,163,70,221,153,
       101,155,167,43,172,9,129,22,39,253,19,98,108,110,79,113,224,232,178,185,112,104,218,
       246,97,228,251,34,242,193,238,210,144,12,191,179,162,241,81,51,145,235,249,14,239,107,
       49,192,214,31,181,199,106,157,184,84,204,176,115,121,50,45,127,4,150,254,138,236,205,
       93,222,114,67,29,24,72,243,141,128,195,78,66,215,61,156,180]
assert sorted(KEN) == list(range(256))

MASK64 = (1 << 64) - 1


class Pcg32:
    """pcg32_random_r / pcg32_srandom_r from pcg-c-basic."""

    def __init__(self, initstate, initseq):
        self.state = 0
        self.inc = ((initseq << 1) | 1) & MASK64
        self.next()
        self.state = (self.state + initstate) & MASK64
        self.next()

    def next(self):
        old = self.state
        self.state = (old * 6364136223846793005 + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def bounded(self, bound):
        """Lemire's nearly divisionless method: uniform in [0, bound)."""
        m = self.next() * bound
        low = m & 0xFFFFFFFF
        if low < bound:
            threshold = (2**32 - bound) % bound
            while low < threshold:
                m = self.next() * bound
                low = m & 0xFFFFFFFF
        return m >> 32


def seeded_table(seed):
    rng = Pcg32(seed, 54)
    p = list(range(256))
    for i in range(255, 0, -1):
        j = rng.bounded(i + 1)
        p[i], p[j] = p[j], p[i]
    return p


def doubled(p):
    return p + p


# ---- Ken Perlin's ImprovedNoise.java, line for line ----------------------------------
def fade(t):
    return t * t * t * (t * (t * 6 - 15) + 10)


def lerp(t, a, b):
    return a + t * (b - a)


def grad(hash_, x, y, z):
    h = hash_ & 15
    u = x if h < 8 else y
    v = y if h < 4 else (x if h in (12, 14) else z)
    return (u if (h & 1) == 0 else -u) + (v if (h & 2) == 0 else -v)


def noise3(p, x, y, z):
    X = math.floor(x) & 255
    Y = math.floor(y) & 255
    Z = math.floor(z) & 255
    x -= math.floor(x)
    y -= math.floor(y)
    z -= math.floor(z)
    u, v, w = fade(x), fade(y), fade(z)
    A = p[X] + Y; AA = p[A] + Z; AB = p[A + 1] + Z
    B = p[X + 1] + Y; BA = p[B] + Z; BB = p[B + 1] + Z
    return lerp(w, lerp(v, lerp(u, grad(p[AA], x, y, z), grad(p[BA], x - 1, y, z)),
                           lerp(u, grad(p[AB], x, y - 1, z), grad(p[BB], x - 1, y - 1, z))),
                   lerp(v, lerp(u, grad(p[AA + 1], x, y, z - 1), grad(p[BA + 1], x - 1, y, z - 1)),
                           lerp(u, grad(p[AB + 1], x, y - 1, z - 1), grad(p[BB + 1], x - 1, y - 1, z - 1))))


# ---- the 2D construction: P[P[X]+Y] corner hashes, four diagonal gradients ------------
def constant_vector(v):
    h = v & 3
    if h == 0:
        return (1.0, 1.0)
    elif h == 1:
        return (-1.0, 1.0)
    elif h == 2:
        return (-1.0, -1.0)
    return (1.0, -1.0)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def noise2(P, x, y):
    X = math.floor(x) & 255
    Y = math.floor(y) & 255
    xf = x - math.floor(x)
    yf = y - math.floor(y)
    top_right = (xf - 1.0, yf - 1.0)
    top_left = (xf, yf - 1.0)
    bottom_right = (xf - 1.0, yf)
    bottom_left = (xf, yf)
    value_top_right = P[P[X + 1] + Y + 1]
    value_top_left = P[P[X] + Y + 1]
    value_bottom_right = P[P[X + 1] + Y]
    value_bottom_left = P[P[X] + Y]
    dot_top_right = dot(top_right, constant_vector(value_top_right))
    dot_top_left = dot(top_left, constant_vector(value_top_left))
    dot_bottom_right = dot(bottom_right, constant_vector(value_bottom_right))
    dot_bottom_left = dot(bottom_left, constant_vector(value_bottom_left))
    u = fade(xf)
    v = fade(yf)
    return lerp(u, lerp(v, dot_bottom_left, dot_top_left), lerp(v, dot_bottom_right, dot_top_right))


def fbm(noise, P, pt, frequency, octaves, lacunarity, gain):
    total, f, a = 0.0, frequency, 1.0
    for _ in range(octaves):
        total += a * noise(P, *[f * c for c in pt])
        f *= lacunarity
        a *= gain
    return total


# ---- more bases: written from the papers and articles, not from glnoise's code -------
# Lattice hashes P[P[P[X]+Y]+Z] over indices wrapped at the period (if any) and taken
# modulo 256; corner contributions: gradient . offset (1D: +-1 from h & 1, 2D the seed
# article's vectors, 3D Ken's grad(), 4D the 32 tesseract edges), random heights
# h / 127.5 - 1, or both; blended with the curve along x, then y, z and w.
GRAD4 = []
for zero in range(4):
    for signs in ((1, 1, 1), (1, 1, -1), (1, -1, 1), (1, -1, -1), (-1, 1, 1), (-1, 1, -1), (-1, -1, 1), (-1, -1, -1)):
        g = list(signs)
        g.insert(zero, 0)
        GRAD4.append(tuple(g))


def curve(t, name):
    if name == "linear":
        return t
    if name == "cosine":
        return (1 - math.cos(math.pi * t)) / 2
    if name == "cubic":
        return 3 * t * t - 2 * t * t * t
    return 6 * t ** 5 - 15 * t ** 4 + 10 * t ** 3


def wrap(i, period):
    if period > 0:
        i %= period  # Python's % is already non-negative
    return i & 255


def corner_hash(P, idx):
    h = P[idx[0]]
    for c in idx[1:]:
        h = P[h + c]
    return h


def gradient_dot(h, d):
    n = len(d)
    if n == 1:
        return -d[0] if h & 1 else d[0]
    if n == 2:
        return dot(d, constant_vector(h))
    if n == 3:
        return grad(h, d[0], d[1], d[2])
    g = GRAD4[h & 31]
    return sum(a * b for a, b in zip(g, d))


def lattice(P, pt, period, curve_name, gradients, heights):
    n = len(pt)
    base = [math.floor(c) for c in pt]
    frac = [c - b for c, b in zip(pt, base)]
    values = []
    for corner in range(1 << n):  # x fastest
        bits = [(corner >> a) & 1 for a in range(n)]
        idx = [wrap(base[a] + bits[a], period[a]) for a in range(n)]
        h = corner_hash(P, idx)
        d = [frac[a] - bits[a] for a in range(n)]
        v = 0.0
        if gradients:
            v += gradient_dot(h, d)
        if heights:
            v += h / 127.5 - 1
        values.append(v)
    for a in range(n):
        s = curve(frac[a], curve_name)
        values = [lerp(s, values[2 * i], values[2 * i + 1]) for i in range(len(values) // 2)]
    return values[0]


def simplex(P, pt):
    """Simplex noise after S. Gustavson, "Simplex noise demystified": kernel (0.5 - r^2)^4,
    Ken Perlin's 12 edge gradients in 2D and 3D (the 2D ones their x and y), the 32 edge
    midpoints of the tesseract in 4D."""
    n = len(pt)
    F = (math.sqrt(n + 1) - 1) / n
    G = (1 - 1 / math.sqrt(n + 1)) / n
    s = sum(pt) * F
    cell = [math.floor(c + s) for c in pt]
    t = sum(cell) * G
    d0 = [c - (i - t) for c, i in zip(pt, cell)]
    order = sorted(range(n), key=lambda a: -d0[a])  # walk along the largest offsets first
    corners = [[0] * n]
    for a in order:
        nxt = list(corners[-1])
        nxt[a] = 1
        corners.append(nxt)
    total = 0.0
    for k, off in enumerate(corners):
        d = [d0[a] - off[a] + k * G for a in range(n)]
        r = 0.5 - sum(c * c for c in d)
        if r <= 0:
            continue
        h = corner_hash(P, [(cell[a] + off[a]) & 255 for a in range(n)])
        if n == 4:
            g = sum(a * b for a, b in zip(GRAD4[h & 31], d))
        else:
            g = grad(h, d[0], d[1], d[2] if n == 3 else 0.0)
        total += r ** 4 * g
    return total * {2: 70.0, 3: 76.0, 4: 62.0}[n]


def metric_distance(d, metric):
    if isinstance(metric, tuple):  # ("minkowski", e): (sum |d_i|^e)^(1/e)
        e = metric[1]
        return sum(abs(c) ** e for c in d) ** (1.0 / e)
    if metric == "euclidean":
        return math.sqrt(sum(c * c for c in d))
    if metric == "euclidean-squared":
        return sum(c * c for c in d)
    if metric == "manhattan":
        return sum(abs(c) for c in d)
    return max(abs(c) for c in d)


def feature_points(P, pt, period, metric, jitter, reach=3):
    """Cellular noise's points by definition: one per cell at cell + 0.5 + jitter * ((p[h + a]
    + 0.5) / 256 - 0.5) on axis a, h the cell's lattice hash; all points of the (2 reach + 1)^N
    cells around pt as (distance, point, hash), nearest first."""
    n = len(pt)
    base = [math.floor(c) for c in pt]
    found = []
    for off in itertools.product(range(-reach, reach + 1), repeat=n):
        cell = [base[a] + off[a] for a in range(n)]
        h = corner_hash(P, [wrap(cell[a], period[a]) for a in range(n)])
        q = [cell[a] + 0.5 + jitter * ((P[h + a] + 0.5) / 256 - 0.5) for a in range(n)]
        found.append((metric_distance([q[a] - pt[a] for a in range(n)], metric), q, h))
    found.sort(key=lambda t: t[0])
    return found


def cellular(P, pt, period, ret, metric, jitter, reach=3):
    """Cellular noise by definition (feature_points), the return `ret` of its points."""
    n = len(pt)
    found = feature_points(P, pt, period, metric, jitter, reach)
    if ret == "f1":
        return found[0][0]
    if ret == "f2":
        return found[1][0]
    if ret == "f2-f1":
        return found[1][0] - found[0][0]
    if ret == "cell-value":
        return found[0][2] / 127.5 - 1
    if ret == "f1+f2":
        return found[0][0] + found[1][0]
    if ret == "f1*f2":
        return found[0][0] * found[1][0]
    if ret == "f1/f2":
        return found[0][0] / found[1][0]
    if ret == "f3":
        return found[2][0]
    if ret == "f4":
        return found[3][0]
    a = found[0][1]
    if ret == "n-sphere-radius":
        return min(math.sqrt(sum((b[i] - a[i]) ** 2 for i in range(n))) for _, b, _ in found[1:]) / 2
    edge = float("inf")
    for _, b, _ in found[1:]:
        w = [b[i] - a[i] for i in range(n)]
        length = math.sqrt(sum(c * c for c in w))
        middle = [(a[i] + b[i]) / 2 - pt[i] for i in range(n)]
        edge = min(edge, sum(middle[i] * w[i] for i in range(n)) / length)
    return edge


def smooth_f1(P, pt, period, metric, jitter, smoothness):
    """Smooth F1 by definition: F1 - s ln(sum over every point within 5 cells of w((d - F1) / s)),
    w(t) = e^-t up to t = 8, then e^-t (1 - u^2 (3 - 2u)) with u = (t - 8) / 2, 0 from t = 10."""
    found = feature_points(P, pt, period, metric, jitter, reach=5)
    f1 = found[0][0]
    total = 0.0
    for d, _, _ in found:
        t = (d - f1) / smoothness
        if t <= 8:
            total += math.exp(-t)
        elif t < 10:
            u = (t - 8) / 2
            total += math.exp(-t) * (1 - u * u * (3 - 2 * u))
    return f1 - smoothness * math.log(total)


BASES = {
    "perlin": lambda P, pt, per, c: lattice(P, pt, per, "quintic", True, False),
    "classic": lambda P, pt, per, c: lattice(P, pt, per, "cubic", True, False),
    "value": lambda P, pt, per, c: lattice(P, pt, per, c, False, True),
    "perlin-value": lambda P, pt, per, c: lattice(P, pt, per, "quintic", True, True),
    "simplex": lambda P, pt, per, c: simplex(P, pt),
}


GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))


def plane(n, a, b, t):
    """The n x n rotation by t in the plane of axes a and b."""
    m = [[1.0 if r == c else 0.0 for c in range(n)] for r in range(n)]
    m[a][a], m[a][b], m[b][a], m[b][b] = math.cos(t), -math.sin(t), math.sin(t), math.cos(t)
    return m


def matmul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(len(b))) for c in range(len(b[0]))] for r in range(len(a))]


def octave_rotation(n):
    """What --rotate turns each octave by: the golden angle, in 3D about (1, 2, 3) / sqrt(14)
    (Rodrigues), in 4D the planes xy and zw, then xz and yw."""
    t = GOLDEN_ANGLE
    if n == 2:
        return plane(2, 0, 1, t)
    if n == 3:
        u = [1 / math.sqrt(14), 2 / math.sqrt(14), 3 / math.sqrt(14)]
        c, s = math.cos(t), math.sin(t)
        cross = [[0, -u[2], u[1]], [u[2], 0, -u[0]], [-u[1], u[0], 0]]
        return [[(c if r == k else 0.0) + (1 - c) * u[r] * u[k] + s * cross[r][k] for k in range(3)] for r in range(3)]
    return matmul(matmul(plane(4, 0, 2, t), plane(4, 1, 3, t)), matmul(plane(4, 0, 1, t), plane(4, 2, 3, t)))


def fractal(P, basis, curve_name, pt, period, kind, octaves, lacunarity, gain, offset=1.0, ridge_gain=2.0,
            rotate=False):
    """Musgrave's sums; octave i at lacunarity^i * pt with period * lacunarity^i (turned by
    R^i with rotate)."""
    total, prev = 0.0, 0.0
    turn = octave_rotation(len(pt)) if rotate else None
    q = list(pt)
    for i in range(octaves):
        f = lacunarity ** i
        per = [p * int(f) for p in period]
        noise = basis if callable(basis) else BASES[basis]
        n = noise(P, [f * c for c in q], per, curve_name)
        if rotate:
            q = [sum(turn[r][k] * q[k] for k in range(len(q))) for r in range(len(q))]
        a = gain ** i
        if kind == "fbm":
            total += a * n
        elif kind == "turbulence":
            total += a * abs(n)
        elif kind == "billow":
            total += a * (2 * abs(n) - 1)
        else:
            weight = 1.0 if i == 0 else min(1.0, max(0.0, prev * ridge_gain))
            prev = (offset - abs(n)) ** 2 * weight
            total += a * prev
    return total


# ---- psrdnoise's lattices, by brute force -----------------------------------------------
# The lattice points near a sample are enumerated in the sample's own coordinates (no
# skewing, no simplex found): in 2D the points (a - b/2, b), in 3D the integer points and
# the cube centres; every point within the kernel radius adds (r^2 - |d|^2)^4 (g . d). A
# point's hash is that of its position reduced modulo the period on each axis (256 where
# none), written in skewed coordinates (u, v) = (x + y/2, y) or (y + z, x + z, x + y).
# The gradients are stored as floats: 32 unit vectors (k + 1/2) 11.25 degrees round, 64 on
# a Fibonacci spiral (z = 1 - (2k + 1) / 64, turning by the golden angle).
def float32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


PSRD_GRAD2 = [(float32(math.cos(2 * math.pi * (k + 0.5) / 32)), float32(math.sin(2 * math.pi * (k + 0.5) / 32)))
              for k in range(32)]
PSRD_GRAD3 = []
for _k in range(64):
    _z = 1 - (2 * _k + 1) / 64
    _r = math.sqrt(1 - _z * _z)
    PSRD_GRAD3.append((float32(_r * math.cos(_k * GOLDEN_ANGLE)), float32(_r * math.sin(_k * GOLDEN_ANGLE)), float32(_z)))


def psrd_reduce(x, period):
    """x (a multiple of 1/2) modulo the period (256 where it is 0)."""
    m = period if period > 0 else 256
    return x - m * math.floor(x / m)


def psrdnoise(P, pt, per, _curve=None):
    n = len(pt)
    total = 0.0
    if n == 2:
        x, y = pt
        candidates = [(a - b / 2, b) for b in range(math.floor(y) - 2, math.floor(y) + 3)
                      for a in range(math.floor(x + b / 2) - 3, math.floor(x + b / 2) + 4)]
        r2, scale = 0.8, 10.9
    else:
        fl = [math.floor(c) for c in pt]
        candidates = [(fl[0] + i + h, fl[1] + j + h, fl[2] + k + h) for h in (0.0, 0.5)
                      for i in range(-2, 3) for j in range(-2, 3) for k in range(-2, 3)]
        r2, scale = 0.5, 107.0
    for v in candidates:
        d = [pt[a] - v[a] for a in range(n)]
        t = r2 - sum(c * c for c in d)
        if t <= 0:
            continue
        w = [psrd_reduce(v[a], per[a]) for a in range(n)]
        if n == 2:
            idx = [int(w[0] + w[1] / 2), int(w[1])]
            g = PSRD_GRAD2[corner_hash(P, [c & 255 for c in idx]) & 31]
        else:
            idx = [int(w[1] + w[2]), int(w[0] + w[2]), int(w[0] + w[1])]
            g = PSRD_GRAD3[corner_hash(P, [c & 255 for c in idx]) & 63]
        total += t ** 4 * sum(a * b for a, b in zip(g, d))
    return total * scale


def points(rng, n, dims, scale):
    return [tuple(rng.uniform(-scale, scale) for _ in range(dims)) for _ in range(n)]


def main():
    rng = random.Random(20021)  # fixed: the data must not change between runs
    ken = doubled(KEN)
    seeds = [0, 1, 42, 12345, 2**64 - 1]
    tables = {s: doubled(seeded_table(s)) for s in seeds}

    with open(os.path.join(HERE, "permutations.csv"), "w") as f:
        f.write("# seed,first 16 entries of the shuffled table (PCG32 stream 54, Lemire, Fisher-Yates)\n")
        for s in seeds:
            f.write("%d,%s\n" % (s, ",".join(str(v) for v in tables[s][:16])))

    with open(os.path.join(HERE, "pcg32.csv"), "w") as f:
        f.write("# initstate,initseq,first 6 outputs of pcg32_random_r\n")
        for state, seq in [(42, 54), (0, 54), (2**64 - 1, 54), (7, 0)]:
            r = Pcg32(state, seq)
            f.write("%d,%d,%s\n" % (state, seq, ",".join(str(r.next()) for _ in range(6))))

    # 3D: small, negative, large and lattice-adjacent points; Ken's table and one seed.
    pts3 = points(rng, 150, 3, 10.0) + points(rng, 60, 3, 300.0) + points(rng, 40, 3, 3000.0)
    pts3 += [(3.14, 42.0, 7.0), (0.5, 0.5, 0.5), (-0.5, -0.5, -0.5), (255.5, 0.25, 511.75), (-256.3, 17.1, -0.9)]
    with open(os.path.join(HERE, "perlin3.csv"), "w") as f:
        f.write("# seed (-1: Ken Perlin's table),x,y,z,noise\n")
        for x, y, z in pts3:
            f.write("-1,%r,%r,%r,%r\n" % (x, y, z, noise3(ken, x, y, z)))
        for x, y, z in pts3[:60]:
            f.write("42,%r,%r,%r,%r\n" % (x, y, z, noise3(tables[42], x, y, z)))

    pts2 = points(rng, 150, 2, 10.0) + points(rng, 60, 2, 300.0) + points(rng, 40, 2, 3000.0)
    pts2 += [(0.5, 0.5), (-0.5, -0.5), (255.5, 0.25), (-256.3, 17.1)]
    with open(os.path.join(HERE, "perlin2.csv"), "w") as f:
        f.write("# seed (-1: Ken Perlin's table),x,y,noise\n")
        for x, y in pts2:
            f.write("-1,%r,%r,%r\n" % (x, y, noise2(ken, x, y)))
        for x, y in pts2[:60]:
            f.write("42,%r,%r,%r\n" % (x, y, noise2(tables[42], x, y)))

    # fBm: sum_i gain^i * noise(frequency * lacunarity^i * p), not normalised.
    with open(os.path.join(HERE, "fbm.csv"), "w") as f:
        f.write("# dims,seed,frequency,octaves,lacunarity,gain,x,y,z,value\n")
        for dims, noise in ((2, noise2), (3, noise3)):
            for seed in (-1, 42):
                P = ken if seed < 0 else tables[seed]
                for octaves, lac, gain, freq in ((1, 2.0, 0.5, 1 / 64), (4, 2.0, 0.5, 1 / 64),
                                                 (8, 2.0, 0.5, 1 / 32), (6, 1.9, 0.6, 0.05)):
                    for pt in points(rng, 12, 3, 500.0):
                        q = pt[:dims]
                        value = fbm(noise, P, q, freq, octaves, lac, gain)
                        z = pt[2] if dims == 3 else 0.0
                        f.write("%d,%d,%r,%d,%r,%r,%r,%r,%r,%r\n" % (dims, seed, freq, octaves, lac, gain,
                                                                     pt[0], pt[1], z, value))

    # Every basis in every dimension it has, with Ken's table and seed 42.
    rng = random.Random(2024)
    with open(os.path.join(HERE, "bases.csv"), "w") as f:
        f.write("# basis,interp,dims,seed,x,y,z,w,noise (one octave at frequency 1)\n")
        for basis in BASES:
            curves = ("linear", "cosine", "cubic", "quintic") if basis == "value" else ("quintic",)
            for c in curves:
                for dims in ((2, 3) if basis == "simplex" else (1, 2, 3, 4)):
                    for seed in (-1, 42):
                        P = ken if seed < 0 else tables[seed]
                        for pt in points(rng, 16, 4, 40.0) + [(0.5, 0.5, 0.5, 0.5), (-0.25, 3.0, 255.75, 1.5)]:
                            q = list(pt[:dims])
                            full = list(pt[:dims]) + [0.0] * (4 - dims)
                            f.write("%s,%s,%d,%d,%s,%r\n" % (basis, c, dims, seed, ",".join(repr(v) for v in full),
                                                            BASES[basis](P, q, [0] * dims, c)))
        # Simplex noise in 4D, after the rest so that their points stay as they were.
        rng4 = random.Random(2026)
        for seed in (-1, 42):
            P = ken if seed < 0 else tables[seed]
            for pt in points(rng4, 40, 4, 40.0) + [(0.5, 0.5, 0.5, 0.5), (-0.25, 3.0, 255.75, 1.5)]:
                f.write("simplex,quintic,4,%d,%s,%r\n" % (seed, ",".join(repr(v) for v in pt), simplex(P, list(pt))))

    # Fractal sums, with and without periods.
    with open(os.path.join(HERE, "fractals.csv"), "w") as f:
        f.write("# basis,interp,fractal,dims,seed,octaves,lacunarity,gain,px,py,pz,x,y,z,value "
                "(frequency 1, ridge offset 1 and gain 2)\n")
        for basis in BASES:
            for kind in ("fbm", "turbulence", "billow", "ridged"):
                for dims in (2, 3):
                    for period in ((0, 0, 0), (3, 5, 2)):
                        if basis == "simplex" and period[0]:
                            continue
                        c = "cosine" if basis == "value" else "quintic"
                        for pt in points(rng, 6, 3, 20.0):
                            q = list(pt[:dims])
                            value = fractal(ken, basis, c, q, list(period[:dims]), kind, 4, 2.0, 0.5)
                            z = pt[2] if dims == 3 else 0.0
                            f.write("%s,%s,%s,%d,-1,4,2.0,0.5,%d,%d,%d,%r,%r,%r,%r\n" % (
                                basis, c, kind, dims, period[0], period[1], period[2] if dims == 3 else 0,
                                pt[0], pt[1], z, value))

    # Cellular noise: every return, distance and dimension, jitters from 0 to 1, with and
    # without periods; then fractal sums over it.
    rng = random.Random(1996)
    jitters = (1.0, 0.8, 0.45, 0.0)
    with open(os.path.join(HERE, "cellular.csv"), "w") as f:
        f.write("# return,distance,jitter,dims,seed,fractal,octaves,px,py,pz,pw,x,y,z,w,value "
                "(frequency 1, lacunarity 2, gain 0.5, ridge offset 1 and gain 2)\n")
        metrics = ("euclidean", "euclidean-squared", "manhattan", "chebyshev")

        def one_octave(combos):
            # Every return and distance in 1D to 4D, Ken Perlin's table and seed 42's, 8 points.
            for ret, metric in combos:
                for dims in (1, 2, 3, 4):
                    for seed in (-1, 42):
                        P = ken if seed < 0 else tables[seed]
                        for k, pt in enumerate(points(rng, 8, 4, 40.0)):
                            jitter = jitters[k % 4]
                            period = [0] * 4 if k < 4 else [3, 5, 2, 4]
                            full = list(pt[:dims]) + [0.0] * (4 - dims)
                            per = period[:dims] + [0] * (4 - dims)
                            value = cellular(P, list(pt[:dims]), period[:dims], ret, metric, jitter)
                            f.write("%s,%s,%r,%d,%d,fbm,1,%s,%s,%r\n" % (ret, metric, jitter, dims, seed,
                                                                       ",".join(str(v) for v in per),
                                                                       ",".join(repr(v) for v in full), value))

        one_octave([(r, m) for r in ("f1", "f2", "f2-f1", "cell-value") for m in metrics] + [("edge", "euclidean")])
        for ret in ("f1", "f2-f1"):
            for kind in ("fbm", "turbulence", "billow", "ridged"):
                for dims in (2, 3):
                    for period in ((0, 0, 0), (3, 5, 2)):
                        basis = lambda P, q, per, c, ret=ret: cellular(P, q, per, ret, "euclidean", 1.0)
                        for pt in points(rng, 4, 3, 20.0):
                            q = list(pt[:dims])
                            value = fractal(ken, basis, "quintic", q, list(period[:dims]), kind, 4, 2.0, 0.5)
                            full = list(pt[:dims]) + [0.0] * (4 - dims)
                            per = list(period[:dims]) + [0] * (4 - dims)
                            f.write("%s,euclidean,1.0,%d,-1,%s,4,%s,%s,%r\n" % (ret, dims, kind,
                                                                            ",".join(str(v) for v in per),
                                                                            ",".join(repr(v) for v in full), value))

        # The returns added later, in their own loop so that the rows above stay as they were.
        rng = random.Random(2026)
        one_octave([(r, m) for r in ("f1+f2", "f1*f2", "f1/f2", "f3", "f4") for m in metrics] +
                   [("n-sphere-radius", "euclidean")])

    # The Minkowski distance: every return that reads distances, exponents from Manhattan's 1
    # to near Chebyshev's, 1D to 4D, with and without periods, Ken Perlin's table and seed 42's.
    rng = random.Random(1887)
    with open(os.path.join(HERE, "cellular_minkowski.csv"), "w") as f:
        f.write("# return,exponent,jitter,dims,seed,px,py,pz,pw,x,y,z,w,value (frequency 1, one octave)\n")
        for ret in ("f1", "f2", "f2-f1", "cell-value", "f1+f2", "f1*f2", "f1/f2", "f3", "f4"):
            for exponent in (1.0, 1.5, 4.0, 16.0):
                for dims in (1, 2, 3, 4):
                    for seed in (-1, 42):
                        P = ken if seed < 0 else tables[seed]
                        for k, pt in enumerate(points(rng, 2, 4, 40.0)):
                            jitter = jitters[(k + dims) % 4]
                            period = [0] * 4 if k == 0 else [3, 5, 2, 4]
                            full = list(pt[:dims]) + [0.0] * (4 - dims)
                            per = period[:dims] + [0] * (4 - dims)
                            value = cellular(P, list(pt[:dims]), period[:dims], ret, ("minkowski", exponent), jitter)
                            f.write("%s,%r,%r,%d,%d,%s,%s,%r\n" % (ret, exponent, jitter, dims, seed,
                                                                 ",".join(str(v) for v in per),
                                                                 ",".join(repr(v) for v in full), value))

    # Smooth F1: every distance (Minkowski's with exponent 2.5), smoothness from a little to
    # the most allowed, 1D to 3D (and a few 4D rows: their brute force reads 11^4 cells).
    rng = random.Random(1996 + 11)
    with open(os.path.join(HERE, "cellular_smooth.csv"), "w") as f:
        f.write("# distance,exponent,smoothness,jitter,dims,px,py,pz,pw,x,y,z,w,value "
                "(frequency 1, one octave, Ken Perlin's table)\n")
        for metric in ("euclidean", "euclidean-squared", "manhattan", "chebyshev", "minkowski"):
            for smoothness in (0.03, 0.12, 0.25):
                for dims in (1, 2, 3, 4):
                    for k, pt in enumerate(points(rng, 3 if dims < 4 else 1, 4, 40.0)):
                        jitter = jitters[(k + dims) % 4]
                        period = [0] * 4 if k != 1 else [3, 5, 2, 4]
                        full = list(pt[:dims]) + [0.0] * (4 - dims)
                        per = period[:dims] + [0] * (4 - dims)
                        m = ("minkowski", 2.5) if metric == "minkowski" else metric
                        value = smooth_f1(ken, list(pt[:dims]), period[:dims], m, jitter, smoothness)
                        f.write("%s,2.5,%r,%r,%d,%s,%s,%r\n" % (metric, smoothness, jitter, dims,
                                                               ",".join(str(v) for v in per),
                                                               ",".join(repr(v) for v in full), value))

    # A cellular lookup's feature point: the point nearest p, for every distance and
    # dimension, with jitters from 0 to 1. Points within 1e-6 of a tie between two feature
    # points are drawn again, so that the float reference agrees on the nearest.
    rng = random.Random(7001)
    with open(os.path.join(HERE, "cellular_lookup.csv"), "w") as f:
        f.write("# distance,jitter,dims,px,py,pz,pw,x,y,z,w (the nearest feature point; Ken Perlin's table, "
                "frequency 1, no period)\n")
        for metric in ("euclidean", "euclidean-squared", "manhattan", "chebyshev"):
            for dims in (1, 2, 3, 4):
                for k in range(6):
                    jitter = (1.0, 0.8, 0.45, 0.0, 1.0, 0.6)[k]
                    while True:
                        pt = points(rng, 1, dims, 40.0)[0]
                        found = feature_points(ken, list(pt), [0] * dims, metric, jitter)
                        if found[1][0] - found[0][0] > 1e-6:
                            break
                    full = list(pt) + [0.0] * (4 - dims)
                    q = list(found[0][1]) + [0.0] * (4 - dims)
                    f.write("%s,%r,%d,%s,%s\n" % (metric, jitter, dims, ",".join(repr(v) for v in full),
                                                  ",".join(repr(v) for v in q)))

    # Rotated octaves: octave i at lacunarity^i R^i p, near the origin and far from it.
    rng = random.Random(1375)
    with open(os.path.join(HERE, "rotated.csv"), "w") as f:
        f.write("# basis,fractal,dims,seed,octaves,lacunarity,gain,x,y,z,w,value (frequency 1, --rotate)\n")
        cases = [("perlin", (2, 3, 4)), ("simplex", (2, 3)), ("value", (2, 3)), ("cellular", (2, 3)), ("simplex", (4,))]
        for basis, dims_list in cases:
            noise = ((lambda P, q, per, c: cellular(P, q, per, "f1", "euclidean", 1.0)) if basis == "cellular"
                     else basis)
            for kind in ("fbm", "turbulence", "ridged"):
                for dims in dims_list:
                    for seed in (-1, 42):
                        P = ken if seed < 0 else tables[seed]
                        for k, pt in enumerate(points(rng, 4, 4, 30.0) + points(rng, 2, 4, 3.0e5)):
                            octaves, lac, gain = (5, 2.0, 0.5) if k % 2 == 0 else (4, 1.87, 0.6)
                            q = list(pt[:dims])
                            value = fractal(P, noise, "cosine", q, [0] * dims, kind, octaves, lac, gain, rotate=True)
                            full = list(pt[:dims]) + [0.0] * (4 - dims)
                            f.write("%s,%s,%d,%d,%d,%r,%r,%s,%r\n" % (basis, kind, dims, seed, octaves, lac, gain,
                                                                     ",".join(repr(v) for v in full), value))

    # psrdnoise: one octave and fractal sums, with and without periods, near the origin and
    # far from it.
    rng = random.Random(2022)
    with open(os.path.join(HERE, "psrdnoise.csv"), "w") as f:
        f.write("# dims,seed,fractal,octaves,px,py,pz,x,y,z,value (frequency 1, lacunarity 2, gain 0.5)\n")
        for dims, periods in ((2, ((0, 0), (5, 4), (3, 6), (0, 2))), (3, ((0, 0, 0), (5, 4, 3), (3, 0, 7)))):
            for seed in (-1, 42):
                P = ken if seed < 0 else tables[seed]
                for period in periods:
                    for kind, octaves in (("fbm", 1), ("fbm", 4), ("ridged", 3)):
                        for pt in points(rng, 8, dims, 40.0) + points(rng, 2, dims, 3.0e5):
                            value = fractal(P, psrdnoise, "quintic", list(pt), list(period), kind, octaves, 2.0, 0.5)
                            full = list(pt) + [0.0] * (3 - dims)
                            pp = list(period) + [0] * (3 - dims)
                            f.write("%d,%d,%s,%d,%d,%d,%d,%r,%r,%r,%r\n" % (dims, seed, kind, octaves, pp[0], pp[1], pp[2],
                                                                        full[0], full[1], full[2], value))


if __name__ == "__main__":
    main()
