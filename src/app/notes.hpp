// SPDX-License-Identifier: MIT
// What a plan decided about the values it was given (octaves dropped above the Nyquist
// limit, a period whose repeats do not meet the size), as notes that name the fields they
// are about, for each front-end to word its own way: the command line and the preview name
// a field as their flag ("--octaves 10"), Python as its keyword ("no_octave_limit=True").
#pragma once

#include <string>
#include <vector>

namespace glnoise::app {

struct Note {
    // A piece of the sentence: its text, then a field named with a value (none when field
    // is empty; "true" for an on/off field that does something).
    struct Part {
        std::string text;
        std::string field;
        std::string value;
    };
    // What it is about: a field and its value, and where the value came from (a preset or
    // record: "preset terrain"), empty when from the front-end's own input (a flag, a keyword).
    std::string field, value, from;
    std::vector<Part> parts;  // after "SUBJECT: "
};

// How a front-end names a field given a value: "--octaves 10", or "--no-octave-limit" for
// an on/off field whose value is "true" (the command line's); "octaves 10",
// "no_octave_limit=True" (Python's).
using FieldNamer = std::string (*)(const std::string& field, const std::string& value);
std::string flagNamed(const std::string& field, const std::string& value);

// The note in a front-end's words: "--octaves 10: octaves 7 to 10 would be above ...
// (--no-octave-limit keeps them all)"; a value from a preset or record is named by it and
// its key ("preset p.json: octaves 10: ...").
std::string worded(const Note& note, FieldNamer name);

}  // namespace glnoise::app
