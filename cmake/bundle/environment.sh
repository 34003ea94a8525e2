# SPDX-License-Identifier: MIT
# Sourced by the bundle's run-checks and run-measurements with `here` (the bundle's folder)
# and `scratch` (a folder of their own) set: it points libglvnd at NVIDIA's EGL vendor file
# where the host keeps it out of libglvnd's sight, and loads the host's libstdc++ where it
# is newer than the bundle's.

# EGL: libglvnd (carried in lib/) finds the driver through its vendor files. GPU hosts
# without a desktop often keep NVIDIA's somewhere it does not look: point it there.
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}${__EGL_VENDOR_LIBRARY_DIRS:-}" ] &&
   ! ls /etc/glvnd/egl_vendor.d/*.json /usr/share/glvnd/egl_vendor.d/*.json >/dev/null 2>&1; then
  for f in /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json \
           /usr/local/share/glvnd/egl_vendor.d/10_nvidia.json \
           /opt/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json; do
    if [ -f "$f" ]; then
      export __EGL_VENDOR_LIBRARY_FILENAMES="$f"
      break
    fi
  done
fi

# libstdc++: the bundle carries Debian 12's (GCC 12). Where the system's is newer, a
# driver built against it (Mesa's LLVM) needs that one: load it instead.
glibcxx() { grep -ao 'GLIBCXX_3\.4\.[0-9]*' "$1" 2>/dev/null | sort -t. -k3 -n -u | tail -1 | cut -d. -f3; }
system_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 .*x86-64/ {print $NF; exit}')"
if [ -n "$system_cxx" ] && [ -f "$here/lib/libstdc++.so.6" ]; then
  if [ "$(glibcxx "$system_cxx")" -gt "$(glibcxx "$here/lib/libstdc++.so.6")" ] 2>/dev/null; then
    mkdir -p "$scratch/cxx"
    ln -s "$system_cxx" "$scratch/cxx/libstdc++.so.6"
    gcc_s="$(ldconfig -p | awk '/libgcc_s\.so\.1 .*x86-64/ {print $NF; exit}')"
    [ -n "$gcc_s" ] && ln -s "$gcc_s" "$scratch/cxx/libgcc_s.so.1"
    export LD_LIBRARY_PATH="$scratch/cxx${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
fi

