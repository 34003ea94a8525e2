// SPDX-License-Identifier: MIT
// The bake's fields (app/bake_fields.def), a row each, and what every front-end does with
// them through the rows: its flags or keywords, the values they set, the record that holds
// them and the command it names. The command line, the preview and Python iterate the rows;
// none names a field.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/bake.hpp"

namespace glnoise::app {

// The front-ends, as a row's FRONT_ENDS names them.
enum FrontEnd : unsigned { kCli = 1u, kPreview = 2u, kPython = 4u };
// Where the command a record holds names a field: before the spec's flags or after them.
enum class Place { BeforeSpec, AfterSpec };
inline constexpr Place kBeforeSpec = Place::BeforeSpec;
inline constexpr Place kAfterSpec = Place::AfterSpec;

struct BakeField {
    using Member = std::variant<bool BakeRequest::*, NormalConvention BakeRequest::*>;
    std::string name;  // "flip-y": the flag --flip-y
    Member member;     // &BakeRequest::flipY
    unsigned frontEnds = 0;
    Place place = Place::BeforeSpec;
    // When the field has an effect (null: always), and what it needs where it has none.
    bool (*applies)(const BakeRequest&) = nullptr;
    std::string needs;
    std::string help;

    // "flip_y": the record's key and Python's keyword.
    std::string key() const;
    bool isFor(FrontEnd f) const { return (frontEnds & f) != 0; }
    bool appliesTo(const BakeRequest& r) const { return !applies || applies(r); }
    // An on/off field (its flag takes no value), else one of choices().
    bool onOff() const { return std::holds_alternative<bool BakeRequest::*>(member); }
    const std::vector<std::string>& choices() const;
    // The request's value as text ("true", "directx"), and whether it is the default's.
    std::string text(const BakeRequest& r) const;
    bool isSet(const BakeRequest& r) const;
};

const std::vector<BakeField>& bakeFields();
// The row of a name ("flip-y") or key ("flip_y"), or null.
const BakeField* findBakeField(const std::string& nameOrKey);

// Sets the values a front-end was given, by field name: "true" or "false" for an on/off
// field, one of its choices for the others. A value that is none of them is a Violation of
// the field (all of them at once), worded as the field's name and the value ("normals dx:
// must be opengl (...) or directx (...)"); each front-end words the name its own way.
void setBakeFields(BakeRequest& request, const std::map<std::string, std::string>& given);
// What a request says that has no effect: an on/off field on, or a choice other than the
// default, where its field does not apply ("--normals directx: ... it needs --output
// normal"). app::planBake refuses these.
std::vector<Violation> inapplicableBakeFields(const BakeRequest& request);

// The fields a front-end takes that apply to `to` (its spec and tile set), copied from
// one request to another: a record's to the preview's export.
void copyBakeFields(const BakeRequest& from, BakeRequest& to, FrontEnd frontEnd);

// The record's keys of the fields that are set (and apply); and the fields a record holds
// read back, each checked ("flip_y 1: must be true or false", naming `source`).
void recordBakeFields(const BakeRequest& request, nlohmann::json& record);
void readBakeFields(const nlohmann::json& record, BakeRequest& request, const std::string& source);
// The flags that reproduce the fields placed at `place`: " --flip-y --normals directx".
std::string bakeFieldFlags(const BakeRequest& request, Place place);

}  // namespace glnoise::app
