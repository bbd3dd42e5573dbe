#pragma once
// A table of named components (topologies, traffic patterns, cache index functions and
// replacement policies), filled by static registrar objects
// in each implementation file and kept sorted by name so listings do not depend on link order.
#include <algorithm>
#include <string>
#include <vector>

namespace switchlab {

template <class Info, std::string Info::*Name>
class Registry {
 public:
  static const std::vector<Info>& all() { return table(); }
  static void add(Info info) {
    auto& t = table();
    t.push_back(std::move(info));
    std::sort(t.begin(), t.end(), [](const Info& a, const Info& b) { return a.*Name < b.*Name; });
  }
  static std::vector<std::string> names() {
    std::vector<std::string> n;
    for (const auto& i : table()) n.push_back(i.*Name);
    return n;
  }
  // "LEAD. a: a's doc; b: b's doc": the description of the config field that picks an entry.
  static std::string describe(const std::string& lead, std::string Info::*doc) {
    std::string d = lead + ".";
    for (const auto& i : table()) d += (&i == &table().front() ? " " : "; ") + i.*Name + ": " + i.*doc;
    return d;
  }
  static const Info* find(const std::string& name) {
    for (const auto& i : table())
      if (i.*Name == name) return &i;
    return nullptr;
  }

 private:
  static std::vector<Info>& table() {
    static std::vector<Info> t;  // function-local: safe from static initialisation order
    return t;
  }
};

}  // namespace switchlab
