// SPDX-License-Identifier: MIT
// The graph fuzzer's dictionary, from the kind table: every kind's name, field and choice,
// and a graph's keys, one quoted token a line (libFuzzer's -dict format), so that the
// fuzzer's mutations reach every kind, the new ones included, without a list to keep.
#include <cstdio>
#include <set>
#include <string>

#include "glnoise/graph.hpp"

int main() {
    std::set<std::string> words = {"glnoise_graph", "out", "nodes", "kind", "dims", "seed", "world_hash",
                                   "offset",        "z",   "w",     "output", "height_scale", "true", "false"};
    for (const glnoise::GraphKind& k : glnoise::graphKinds()) {
        words.insert(k.name);
        for (const glnoise::GraphField& f : k.fields) {
            words.insert(f.name);
            for (const std::string& c : f.choices) words.insert(c);
        }
    }
    for (const std::string& w : words) std::printf("\"\\\"%s\\\"\"\n", w.c_str());
    // The compact form's prefix, unquoted: a compact graph is the whole input.
    std::printf("\"gln1.\"\n");
    return 0;
}
