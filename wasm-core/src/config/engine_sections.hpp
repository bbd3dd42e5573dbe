#pragma once
// The engine-specific part of an experiment: the sections its engine's config hooks made, each a
// struct declared in that engine's folder (the cycle engine's CycleConfig, the route walk's
// WalkConfig, ...). The config layer owns them without looking inside, so that it includes no
// engine's header and a new engine's fields are its own. An engine reads its sections through a
// typed accessor of its own folder, once per run (a search by type among a few, never per packet).
#include <memory>
#include <stdexcept>
#include <vector>

namespace switchlab {

class EngineSections {
 public:
  // A new section of type T, default-constructed, for the hooks to fill.
  template <class T>
  T& add() {
    parts_.push_back({type_of<T>(), Owned(new T(), [](void* p) { delete static_cast<T*>(p); })});
    return *static_cast<T*>(parts_.back().object.get());
  }
  // The section of type T, or null when the engine made none (another engine's experiment).
  template <class T>
  const T* find() const {
    for (const Part& p : parts_)
      if (p.type == type_of<T>()) return static_cast<const T*>(p.object.get());
    return nullptr;
  }
  template <class T>
  const T& get() const {
    if (const T* t = find<T>()) return *t;
    throw std::logic_error("the experiment's engine made no section of the type its run reads");
  }
  template <class T>
  T& get() {
    return const_cast<T&>(static_cast<const EngineSections&>(*this).get<T>());
  }

 private:
  using Owned = std::unique_ptr<void, void (*)(void*)>;
  struct Part {
    const void* type;
    Owned object;
  };
  // One address per type in the whole program (an inline function's static): the section's key.
  template <class T>
  static const void* type_of() {
    static const char key = 0;
    return &key;
  }
  std::vector<Part> parts_;
};

}  // namespace switchlab
