#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bake-matrix: bakes a fixed matrix of specs with one glnoise and lists each file's SHA-256,
# so that two builds can be shown to write the same bytes.
#
#   tools/bake-matrix.sh GLNOISE OUTDIR [BACKEND...]    # backends: gpu cpu reference (all three)
#   diff OLD/sums.txt NEW/sums.txt                       # nothing printed: the same bytes
#
# Every basis, dimensions 1 to 4, every fractal, warp depth 1 and 2, the patterns, gradient
# and normal outputs, periods, turned octaves, seeds, volumes, colormaps, every format, and
# tiles at 10^7 and 10^9 texels for each skewed basis, and noise graphs. OUTDIR/sums.txt holds a line per file
# (sidecars included); OUTDIR/failed.txt names the bakes that failed, and the exit status is
# 1 if any did.
set -uo pipefail

[ $# -ge 2 ] || { sed -n '3,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
glnoise="$1"; out="$2"; shift 2
backends=("$@")
[ ${#backends[@]} -gt 0 ] || backends=(gpu cpu reference)
mkdir -p "$out" || exit 2

# name|file extension|bake arguments (the size is 96x80 unless the arguments give one)
matrix=$(cat <<'EOF'
perlin-1d|r32|--dims 1 --size 256x1 --octaves 4
perlin-2d|r32|--frequency 0.05
perlin-3d-fbm|r32|--z 0.37 --octaves 6 --normalize
perlin-4d|r32|--w 1.25 --octaves 3
classic-2d-turbulence|r32|--basis classic --fractal turbulence --octaves 5
classic-3d|r16|--basis classic --dims 3
value-2d-cosine|r32|--basis value --interp cosine --octaves 3
value-3d-quintic|r32|--basis value --dims 3 --octaves 2
value-4d-linear|r32|--basis value --dims 4 --interp linear
perlin-value-2d-billow|r32|--basis perlin-value --fractal billow --octaves 4
value-1d|r32|--basis value --dims 1 --size 256x1 --octaves 5
simplex-2d-ridged|r32|--basis simplex --fractal ridged --octaves 6 --ridge-gain 1.5
simplex-3d-rotate|r32|--basis simplex --dims 3 --octaves 5 --rotate
simplex-4d|r32|--basis simplex --dims 4 --w 0.5 --octaves 2
cellular-2d-f2f1|r32|--basis cellular --cell-return f2-f1 --cell-distance manhattan
cellular-3d-edge|r32|--basis cellular --dims 3 --cell-return edge --cell-jitter 0.7
cellular-2d-value|png|--basis cellular --cell-return cell-value --cell-distance chebyshev
cellular-3d-f4|r32|--basis cellular --dims 3 --cell-return f4 --cell-distance manhattan
cellular-2d-f1-over-f2|r32|--basis cellular --cell-return f1/f2 --octaves 3
cellular-2d-radius|png|--basis cellular --cell-return n-sphere-radius --cell-jitter 0.8
opensimplex2-2d|r32|--basis opensimplex2 --octaves 4
opensimplex2-3d|r32|--basis opensimplex2 --dims 3 --fractal ridged --octaves 3
opensimplex2-4d|r32|--basis opensimplex2 --dims 4 --octaves 2
opensimplex2s-2d|r32|--basis opensimplex2s --octaves 3 --seed 12345
opensimplex2s-3d|r32|--basis opensimplex2s --dims 3 --rotate --octaves 4
opensimplex2s-4d|r32|--basis opensimplex2s --dims 4 --w 2.5
psrdnoise-2d|r32|--basis psrdnoise --octaves 4
psrdnoise-3d|r32|--basis psrdnoise --dims 3 --octaves 2
psrdnoise-2d-period|r32|--basis psrdnoise --period 4,6 --frequency 0.0625 --octaves 3
warp-1|r32|--warp-amount 0.8 --octaves 3
warp-2|r32|--dims 3 --warp-amount 0.6 --warp-depth 2 --warp-octaves 3
warp-2-simplex|r32|--basis simplex --warp-amount 0.5 --warp-depth 2 --warp-frequency 0.02
marble|png|--pattern marble --octaves 4
wood|png|--pattern wood --pattern-scale 3
clouds|r32|--pattern clouds --octaves 5
gradient-perlin-3d|exr|--dims 3 --output gradient --octaves 3
gradient-simplex-2d|exr|--basis simplex --output gradient --octaves 2
gradient-os2s-3d|exr|--basis opensimplex2s --dims 3 --output gradient
normal-png|png|--output normal --octaves 5 --height-scale 12
normal-cellular|png|--basis cellular --output normal
period-perlin-3d|r32|--dims 3 --period 3,5,2 --frequency 0.0625 --octaves 4
period-value-2d|r16|--basis value --period 6,4 --frequency 0.0625
period-classic-4d|r32|--basis classic --dims 4 --period 4,4,4,4 --frequency 0.0625
volume-perlin|r32|--size 40x32x12 --octaves 3
volume-simplex|r16|--basis simplex --size 40x32x12 --fractal ridged
volume-os2s|r32|--basis opensimplex2s --size 24x24x8 --octaves 2
colormap-terrain|png|--colormap terrain --octaves 6
colormap-fire-16|png|--preset fire
png16|png|--bits 16 --octaves 4 --range bound
png16-pieces|png|--bits 16 --size 1024x700 --octaves 2 --frequency 0.01
exr-value|exr|--basis value --dims 3
preset-stone|png|--preset stone
offset-far|r32|--offset 123456.5,-98765.25,4321 --dims 3 --octaves 3
EOF
)
# Tiles of a 64x64 grid at 10^7 and 10^9 texels from the origin, 2D and 3D, per skewed basis.
for basis in simplex opensimplex2 opensimplex2s psrdnoise; do
  for at in 156250 15625000; do
    matrix+=$'\n'"tile-$basis-2d-$at|r32|--basis $basis --tile $at,3 --tile-size 64x64 --octaves 3"
    matrix+=$'\n'"tile-$basis-3d-$at|r32|--basis $basis --dims 3 --z 7.5 --tile 3,$at --tile-size 64x64 --octaves 2"
  done
done

# Noise graphs: the examples and the graph fuzzer's valid seeds, each by its own plan.
root="$(cd "$(dirname "$0")/.." && pwd)"
for graph in "$root"/examples/graphs/*.json "$root"/tests/fuzz/corpus/graph/*.json; do
  name="graph-$(basename "$(dirname "$graph")")-$(basename "$graph" .json)"
  "$glnoise" bake --graph "$graph" --size 8x8 --backend reference --quiet --out "$out/probe.r32" >/dev/null 2>&1 || continue
  matrix+=$'\n'"$name|r32|--graph $graph --size 64x48"
done

rm -f "$out/probe.r32" "$out/probe.r32.json"
failed=0
: >"$out/failed.txt"
for backend in "${backends[@]}"; do
  mkdir -p "$out/$backend"
  while IFS='|' read -r name ext args; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086  # the arguments are words
    set -- $args
    case " $args " in *" --size "*|*" --tile-size "*) ;; *) set -- "$@" --size 96x80 ;; esac
    file="$out/$backend/$name.$ext"
    if ! "$glnoise" bake "$@" --backend "$backend" --threads 2 --quiet --out "$file" \
        >"$out/$backend/$name.log" 2>&1; then
      echo "$backend/$name" >>"$out/failed.txt"
      failed=1
    fi
  done <<<"$matrix"
done
(cd "$out" && find . -type f ! -name '*.log' ! -name sums.txt ! -name failed.txt \
  | LC_ALL=C sort | xargs -r sha256sum) >"$out/sums.txt"
echo "bake-matrix: $(grep -c . <<<"$matrix") specs x ${#backends[@]} backends," \
  "$(wc -l <"$out/sums.txt") files; failed: $(wc -l <"$out/failed.txt")"
exit "$failed"
