#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A maintainer's check, not a CI test: runs the SIMD backend's bit-identity tests and the
# bake matrix on an emulated AVX-512 CPU (Bochs's Skylake-X: AVX-512 F, CD, BW, DQ and VL),
# so that a machine without AVX-512 can prove the AVX3 target's bytes. It boots Debian 12's
# kernel in Bochs with an initramfs holding the tests, glnoise and tools/bake-matrix.sh,
# and compares the matrix's sums (CPU and reference backends) with this machine's.
#
#   sudo tools/avx512-emulated.sh                    # build into build-avx512-emulated, boot, compare
#   sudo tools/avx512-emulated.sh --filter 'Simd.*'  # the core tests to run (default below)
#   KEEP=1 sudo tools/avx512-emulated.sh             # keep the work folder (serial log, ISO)
#   sudo tools/avx512-emulated.sh --bench PEERS      # instructions per sample against FastNoise2
#
# --bench PEERS (the folder of FastNoise2, FastSIMD and FastNoiseLite sources, as for
# GLNOISE_PEERS_DIR) runs glnoise_bench's one-thread comparison with FastNoise2 at 1024^2 in
# the guest instead of the checks, on the widest target and capped at AVX2, and one octave
# of 3D Perlin at each of the 8-octave fBm's frequencies. The emulated
# CPU's time-stamp counter advances once per instruction, and the guest's clock reads it at
# the frequency the kernel detects, so a rate there is that frequency over instructions per
# sample: the counts of AVX-512 code, which Valgrind cannot run. Counts, not speeds.
#
# Needs root to install what is missing (bochs, bochsbios, vgabios, busybox-static,
# isolinux, syslinux-common, xorriso, cpio) and the Debian registry (the kernel package).
# Takes about 25 minutes on two cores: 6 to build, about 20 in the emulator (--bench: 10 in
# the emulator).
#
# What the emulation needs, each for a fault of Bochs 2.7 (Debian 12's), not of glnoise:
# - the binaries are built with registers xmm16 to xmm31 reserved (-ffixed-xmmN): Bochs
#   raises #UD on a gather whose index is one of zmm16 to zmm31 (EVEX.V' in a VSIB), a
#   valid encoding that GCC emits. The source and its targets are the same; only the
#   register allocation differs from a release build.
# - the kernel runs with clearcpuid=pku,xsaves,xsavec: Bochs enumerates PKRU's XSAVE area as
#   0 bytes and the compacted size as the standard one, so Linux would turn XSAVE, and with
#   it AVX, off. The standard XSAVE format it then uses holds the AVX-512 state.
# - LD_BIND_NOW=1: glibc's lazy-binding trampoline saves registers with XSAVEC, which faults
#   under Bochs for the same reason.
set -euo pipefail

filter='Simd.*:Writers.*:Colormap.*'
peers=""
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter="${2:?--filter needs a gtest filter}"; shift 2 ;;
    --bench) peers="${2:?--bench needs the folder of the FastNoise2, FastSIMD and FastNoiseLite sources}"; shift 2 ;;
    -h|--help) sed -n '3,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "avx512-emulated: error: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$filter" in *[[:space:]]*) echo "avx512-emulated: error: --filter '$filter' has a space; gtest filters join patterns with ':'" >&2; exit 2 ;; esac
[ "$(id -u)" -eq 0 ] || { echo "avx512-emulated: error: run as root (it installs Bochs and its BIOS when missing)" >&2; exit 2; }
repo="$(cd "$(dirname "$0")/.." && pwd)"
build="$repo/build-avx512-emulated"

need=()
for pkg in bochs bochsbios vgabios busybox-static isolinux syslinux-common xorriso cpio; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "avx512-emulated: installing ${need[*]}"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi

work="$(mktemp -d /var/tmp/glnoise-avx512.XXXXXX)"
holder=""; emulator=""
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  for p in $emulator $holder; do kill "$p" 2>/dev/null || true; done
  if [ -n "${KEEP:-}" ]; then echo "avx512-emulated: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# The binaries, with the registers Bochs mishandles left unused.
fixed=""
for r in $(seq 16 31); do fixed="$fixed -ffixed-xmm$r"; done
echo "avx512-emulated: building glnoise_core_tests and glnoise into $build"
# FastNoise2 (--bench) is built apart with its own flags: it gathers nothing, so it keeps them.
configure=(-DGLNOISE_ALL_TESTS=ON -DCMAKE_CXX_FLAGS="$fixed" -DCMAKE_C_FLAGS="$fixed")
targets=(glnoise_core_tests glnoise_cli)
if [ -n "$peers" ]; then
  peers="$(cd "$peers" && pwd)" || exit 2
  configure+=(-DGLNOISE_PEERS_DIR="$peers"); targets+=(glnoise_bench)
fi
cmake -S "$repo" -B "$build" "${configure[@]}" >"$work/cmake.log" 2>&1 \
  || { tail -20 "$work/cmake.log" >&2; exit 1; }
cmake --build "$build" --target "${targets[@]}" --parallel "$(nproc)" >"$work/build.log" 2>&1 \
  || { tail -20 "$work/build.log" >&2; exit 1; }
tests="$build/tests/glnoise_core_tests"; cli="$build/glnoise"; bench="$build/tests/bench/glnoise_bench"
# (grep -c reads to the end: with pipefail, grep -q's early exit would fail objdump instead)
high=$(objdump -d "$tests" "$cli" | grep -cE '[xyz]mm(1[6-9]|2[0-9]|3[01])\b' || true)
if [ "$high" -gt 0 ]; then
  echo "avx512-emulated: error: the build still uses registers xmm16 to xmm31, which Bochs mishandles" >&2; exit 1
fi
if [ -n "$peers" ]; then  # FastNoise2's code may use them, but not in a gather
  high=$(objdump -d "$bench" | grep -E 'gather' | grep -cE '[xyz]mm(1[6-9]|2[0-9]|3[01])\b' || true)
  [ "$high" -eq 0 ] || { echo "avx512-emulated: error: glnoise_bench gathers with registers xmm16 to xmm31, which Bochs mishandles" >&2; exit 1; }
fi

# The same matrix on this machine, to compare with.
[ -n "$peers" ] || "$repo/tools/bake-matrix.sh" "$cli" "$work/here" cpu reference >/dev/null

# Debian 12's kernel, from the registry.
depends="$(apt-cache depends linux-image-amd64)"
kernel_pkg="$(sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p;T;q' <<<"$depends")"
[ -n "$kernel_pkg" ] || { echo "avx512-emulated: error: apt-cache names no kernel package for linux-image-amd64" >&2; exit 1; }
(cd "$work" && apt-get download -q "$kernel_pkg" >/dev/null 2>&1) \
  || { echo "avx512-emulated: error: could not download $kernel_pkg" >&2; exit 1; }
dpkg-deb -x "$work"/"$kernel_pkg"_*.deb "$work/kernel"

# The initramfs: busybox, bash, the two binaries and every library they load.
root="$work/initramfs"
mkdir -p "$root"/{bin,proc,sys,dev,tmp,lib64,lib/x86_64-linux-gnu,t,tools}
cp /bin/busybox "$root/bin/"
for applet in sh mount poweroff cat echo grep sync sleep find sort xargs sha256sum wc sed mkdir rm head tail dmesg; do
  ln -s busybox "$root/bin/$applet"
done
cp /bin/bash "$root/bin/"
binaries=("$tests" "$cli")
[ -z "$peers" ] || binaries+=("$bench")
cp "${binaries[@]}" "$root/t/"
cp "$repo/tools/bake-matrix.sh" "$root/tools/"
for f in "${binaries[@]}" /bin/bash; do
  ldd "$f" | awk '/=> \//{print $3}' | while read -r lib; do cp -L "$lib" "$root/lib/x86_64-linux-gnu/"; done
done
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
cat >"$root/init" <<EOF
#!/bin/sh
export PATH=/bin LD_BIND_NOW=1
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev; mount -t tmpfs tmp /tmp
echo "== flags \$(grep -m1 '^flags' /proc/cpuinfo)"
cd /t
echo "== target \$(./glnoise bake --backend cpu --size 64x64 --out /tmp/probe.r32 2>&1)"
echo "== clocksource \$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
echo "== tsc \$(dmesg | grep -m1 -o 'tsc: Detected [0-9.]* MHz')"
if [ -x ./glnoise_bench ]; then
  GLNOISE_BENCH_SIZES=1024 ./glnoise_bench --benchmark_filter='^((perlin2|perlin3|fbm8)/1024/(cpu|fastnoise2)|octave/perlin3/1024/[0-9_]+/cpu)_1thread(_avx2)?/' \\
    --benchmark_min_time=0.05 --benchmark_color=false --benchmark_out=/tmp/bench.json --benchmark_out_format=json 2>&1
  echo "== bench rc \$?"
  echo "== json begin"; cat /tmp/bench.json; echo "== json end"
  echo "== done"; sleep 5; poweroff -f
fi
./glnoise_core_tests --gtest_color=no --gtest_filter='$filter' 2>&1
echo "== tests rc \$?"
bash /tools/bake-matrix.sh /t/glnoise /tmp/matrix cpu reference 2>&1
echo "== matrix rc \$?"
echo "== sums begin"; cat /tmp/matrix/sums.txt; echo "== sums end"
echo "== done"
sleep 5; poweroff -f
EOF
chmod +x "$root/init"
iso="$work/iso"
mkdir -p "$iso/isolinux"
cp /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 "$iso/isolinux/"
cp "$work"/kernel/boot/vmlinuz-* "$iso/vmlinuz"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null) >"$iso/initrd"
cat >"$iso/isolinux/isolinux.cfg" <<'EOF'
SERIAL 0 115200
DEFAULT emu
PROMPT 0
TIMEOUT 0
LABEL emu
  KERNEL /vmlinuz
  APPEND initrd=/initrd console=ttyS0,115200 loglevel=4 lpj=2000000 idle=halt mitigations=off clearcpuid=pku,xsaves,xsavec nokaslr
EOF
xorriso -as mkisofs -quiet -o "$work/emu.iso" -b isolinux/isolinux.bin -c isolinux/boot.cat \
  -no-emul-boot -boot-load-size 4 -boot-info-table "$iso" 2>/dev/null

cat >"$work/bochsrc" <<EOF
megs: 2048
cpu: model=corei7_skylake_x, count=1, ips=200000000
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
ata0-master: type=cdrom, path=$work/emu.iso, status=inserted
boot: cdrom
display_library: rfb, options="timeout=0"
com1: enabled=1, mode=file, dev=$work/serial.log
log: $work/bochs.log
panic: action=fatal
error: action=ignore
info: action=ignore
clock: sync=none
EOF
# Debian's Bochs stops in its debugger first; "c" continues. Its input is kept open so that
# it waits rather than reading an end of file.
echo c >"$work/debugger.rc"
mkfifo "$work/debugger.in"
sleep 7200 >"$work/debugger.in" &
holder=$!
echo "avx512-emulated: booting (progress: $work/serial.log)"
bochs -q -f "$work/bochsrc" -rc "$work/debugger.rc" <"$work/debugger.in" >"$work/bochs.out" 2>&1 &
emulator=$!
start=$(date +%s)
while ! grep -q '^== done' "$work/serial.log" 2>/dev/null; do
  if ! kill -0 "$emulator" 2>/dev/null; then
    echo "avx512-emulated: error: Bochs ended before the checks did; the last lines it printed:" >&2
    tail -20 "$work/serial.log" >&2 2>/dev/null || tail -20 "$work/bochs.out" >&2; exit 1
  fi
  if [ $(( $(date +%s) - start )) -gt 3600 ]; then
    echo "avx512-emulated: error: the emulated checks took over an hour; see $work/serial.log" >&2; KEEP=1; exit 1
  fi
  sleep 10
done
log="$work/serial.log"
echo "avx512-emulated: emulated in $(( $(date +%s) - start )) s; the guest's AVX-512:" \
  "$(grep -m1 '^== flags' "$log" | grep -o 'avx512[a-z]*' | paste -sd' ')"
grep -m1 '^== clocksource' "$log" || true
if [ -n "$peers" ]; then
  mhz="$(sed -n 's/^== tsc tsc: Detected \([0-9.]*\) MHz.*/\1/p' "$log" | head -1)"
  [ -n "$mhz" ] || { echo "avx512-emulated: error: the guest's kernel named no TSC frequency; see $log" >&2; KEEP=1; exit 1; }
  grep -q '^== target .*(AVX3)' "$log" || { echo "avx512-emulated: glnoise did not run its AVX3 target in the guest" >&2; KEEP=1; exit 1; }
  grep -q '^== bench rc 0' "$log" || { echo "avx512-emulated: glnoise_bench failed in the guest; see $log" >&2; KEEP=1; exit 1; }
  sed -n '/^== json begin/,/^== json end/p' "$log" | sed '1d;$d' | tr -d '\r' >"$work/bench.json"
  cp "$work/bench.json" "$build/emulated-bench.json"
  python3 - "$work/bench.json" "$mhz" <<'PY'
import json, sys
benches = json.load(open(sys.argv[1]))["benchmarks"]
hz = float(sys.argv[2]) * 1e6
per = {b["name"].split("/real_time")[0]: hz / b["items_per_second"] for b in benches
       if b.get("run_type") != "aggregate" and b.get("items_per_second")}
print("\nInstructions per sample at 1024^2, one thread (the guest's TSC at %.1f MHz over its rates):\n" % (hz / 1e6))
print("| workload | glnoise AVX3 | FastNoise2 AVX-512 | glnoise / FastNoise2 | glnoise AVX2 | FastNoise2 AVX2 | glnoise / FastNoise2 |")
print("|---|---|---|---|---|---|---|")
for w, label in (("perlin2", "2D Perlin"), ("perlin3", "3D Perlin"), ("fbm8", "3D fBm, 8 octaves")):
    row = [label]
    for cap in ("", "_avx2"):
        g, f = per.get(f"{w}/1024/cpu_1thread{cap}"), per.get(f"{w}/1024/fastnoise2_1thread{cap}")
        row += ["-" if g is None else f"{g:.1f}", "-" if f is None else f"{f:.1f}",
                "-" if None in (g, f) else f"{g / f:.2f}x"]
    print("| " + " | ".join(row) + " |")
print("\nOne octave of 3D Perlin at each of the fBm's frequencies, instructions per sample:\n")
print("| frequency | glnoise AVX3 | glnoise AVX2 |")
print("|---|---|---|")
for shift in range(8):
    f = f"1_{128 >> shift}"
    cells = [per.get(f"octave/perlin3/1024/{f}/cpu_1thread{cap}") for cap in ("", "_avx2")]
    print(f"| 1/{128 >> shift} | " + " | ".join("-" if c is None else f"{c:.1f}" for c in cells) + " |")
PY
  exit 0
fi
status=0
grep -E '^== target|^\[ +(PASSED|FAILED) +\]|^\[  FAILED  \]|tests rc|matrix rc|traps:' "$log" || true
grep -q '^== target .*(AVX3)' "$log" || { echo "avx512-emulated: glnoise did not run its AVX3 target in the guest" >&2; status=1; }
sed -n '/^== sums begin/,/^== sums end/p' "$log" | sed '1d;$d' | tr -d '\r' >"$work/emulated.txt"
grep -q '^== tests rc 0' "$log" || { echo "avx512-emulated: the core tests failed under AVX-512" >&2; status=1; }
grep -q '^== matrix rc 0' "$log" || { echo "avx512-emulated: a bake of the matrix failed under AVX-512" >&2; status=1; }
if diff "$work/here/sums.txt" "$work/emulated.txt" >"$work/sums.diff"; then
  echo "avx512-emulated: the bake matrix wrote the same bytes as here ($(wc -l <"$work/emulated.txt") files)"
else
  echo "avx512-emulated: the bake matrix's bytes differ from this machine's:" >&2; head -20 "$work/sums.diff" >&2; status=1
fi
[ "$status" -eq 0 ] || KEEP=1
exit "$status"
