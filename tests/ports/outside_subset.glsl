// SPDX-License-Identifier: MIT
// A family the translator must refuse: a switch is outside the subset it translates.
int gln_pick(int k) {
    int r = 0;
    switch (k) {
        case 0: r = 1; break;
        default: r = 2;
    }
    return r;
}
