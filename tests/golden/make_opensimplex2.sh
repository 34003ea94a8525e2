#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes tests/golden/opensimplex2.csv by running K.jpg's OpenSimplex2 and OpenSimplex2S
# references themselves (their Java versions, public domain: github.com/KdotJPG/OpenSimplex2,
# java/OpenSimplex2.java and java/OpenSimplex2S.java) on Debian's JDK. The reference is not part of glnoise: give a checkout of it.
#
#   sudo apt-get install -y default-jdk-headless
#   git clone https://github.com/KdotJPG/OpenSimplex2 /tmp/OpenSimplex2   # commit 4cd120d
#   bash tests/golden/make_opensimplex2.sh /tmp/OpenSimplex2
#
# Each row is one call: the function, the seed, the point (x, y, z; 4D rows add w) and the
# value the reference returned, as Java prints a double (enough digits to read back the same number). The
# points come from a fixed linear congruential sequence, uniform in [-scale, scale] with
# scales 3, 60 and 2000, plus a few on lattice planes. tests/core/opensimplex2_test.cpp
# evaluates glnoise's C++ twin with the reference's hash in place of glnoise's table and
# compares.
set -euo pipefail
ref="${1:?usage: make_opensimplex2.sh PATH-TO-OpenSimplex2-CHECKOUT}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$ref/java/OpenSimplex2.java" "$ref/java/OpenSimplex2S.java" "$work/"
cat > "$work/Golden.java" <<'JAVA'
public class Golden {
    static long state = 0x2545F4914F6CDD1DL;
    static double next(double scale) {  // uniform in [-scale, scale)
        state = state * 6364136223846793005L + 1442695040888963407L;
        return ((state >>> 11) * 0x1.0p-53 * 2.0 - 1.0) * scale;
    }
    public static void main(String[] args) {
        long[] seeds = {0L, 1234567890123L, -42L};
        double[] scales = {3.0, 60.0, 2000.0};
        StringBuilder out = new StringBuilder();
        out.append("# function,seed,x,y,z,value; 4D rows: function,seed,x,y,z,w,value (K.jpg's OpenSimplex2.java and OpenSimplex2S.java, run by make_opensimplex2.sh)\n");
        for (long seed : seeds) {
            for (double scale : scales) {
                for (int i = 0; i < 40; ++i) {
                    double x = next(scale), y = next(scale), z = next(scale);
                    if (i == 0) { x = Math.floor(x); }
                    if (i == 1) { y = Math.floor(y) + 0.5; }
                    out.append("noise2,").append(seed).append(',').append(x).append(',').append(y).append(",0.0,")
                       .append((double) OpenSimplex2.noise2(seed, x, y)).append('\n');
                    out.append("noise3_ImproveXY,").append(seed).append(',').append(x).append(',').append(y).append(',')
                       .append(z).append(',').append((double) OpenSimplex2.noise3_ImproveXY(seed, x, y, z)).append('\n');
                    out.append("noise2S,").append(seed).append(',').append(x).append(',').append(y).append(",0.0,")
                       .append((double) OpenSimplex2S.noise2(seed, x, y)).append('\n');
                    out.append("noise3S_ImproveXY,").append(seed).append(',').append(x).append(',').append(y).append(',')
                       .append(z).append(',').append((double) OpenSimplex2S.noise3_ImproveXY(seed, x, y, z)).append('\n');
                }
            }
        }
        // 4D, in the reference's ImproveXYZ_ImproveXY orientation, after the rows above.
        for (long seed : seeds) {
            for (double scale : scales) {
                for (int i = 0; i < 40; ++i) {
                    double x = next(scale), y = next(scale), z = next(scale), w = next(scale);
                    if (i == 0) { w = Math.floor(w); }
                    out.append("noise4_ImproveXYZ_ImproveXY,").append(seed).append(',').append(x).append(',').append(y)
                       .append(',').append(z).append(',').append(w).append(',')
                       .append((double) OpenSimplex2.noise4_ImproveXYZ_ImproveXY(seed, x, y, z, w)).append('\n');
                    out.append("noise4S_ImproveXYZ_ImproveXY,").append(seed).append(',').append(x).append(',').append(y)
                       .append(',').append(z).append(',').append(w).append(',')
                       .append((double) OpenSimplex2S.noise4_ImproveXYZ_ImproveXY(seed, x, y, z, w)).append('\n');
                }
            }
        }
        System.out.print(out);
    }
}
JAVA
(cd "$work" && javac OpenSimplex2.java OpenSimplex2S.java Golden.java && java Golden) > "$here/opensimplex2.csv"
echo "wrote $here/opensimplex2.csv ($(grep -vc '^#' "$here/opensimplex2.csv") rows)"
