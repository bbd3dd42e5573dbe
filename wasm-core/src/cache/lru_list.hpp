#pragma once
// A fully associative LRU cache of `capacity` tags: O(1) lookup through a hash map and an
// intrusive doubly linked recency list. Used for fully associative LRU caches and as the
// "shadow" cache that separates capacity from conflict misses (3C, seed 001 Sec. 4). With
// `remember_evicted`, evicted tags stay in the map (marked), so one probe also tells whether a
// tag was ever referenced (compulsory misses) — the 3C classifier's hot path.
#include <cstdint>
#include <vector>

#include "common/flat_set.hpp"

namespace switchlab {

class LruList {
 public:
  explicit LruList(uint32_t capacity = 0, bool remember_evicted = false)
      : capacity_(capacity), remember_(remember_evicted) {}

  enum Outcome { Hit, MissSeenBefore, MissFirstTime };

  // Looks `tag` up; on a miss inserts it (evicting the least recently used). Returns hit.
  bool access(uint32_t tag) { return lookup(tag) == Hit; }

  // As access(), telling first references apart (only with remember_evicted).
  Outcome lookup(uint32_t tag) {
    uint32_t* found = index_.find(tag);
    if (found && *found != kNil) {
      touch(*found);
      return Hit;
    }
    const Outcome outcome = found ? MissSeenBefore : MissFirstTime;
    uint32_t slot;
    if (nodes_.size() < capacity_) {
      slot = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back({tag, kNil, kNil});
    } else {
      slot = tail_;
      unlink(slot);
      if (remember_) index_.insert(nodes_[slot].tag, kNil); else index_.erase(nodes_[slot].tag);
      nodes_[slot].tag = tag;
    }
    index_.insert(tag, slot);
    push_front(slot);
    return outcome;
  }

  // Starts loading what lookup(tag) reads first: the map slot; then (once that slot is in) its node.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t tag) const { index_.prefetch(tag); }
  SWITCHLAB_PREFETCH_FN void prefetch_node(uint32_t tag) const {
    const uint32_t* slot = index_.find(tag);
    if (slot && *slot != kNil) prefetch_address(&nodes_[*slot]);
  }

  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  // Bytes of its arrays (recency list and map), not of the object itself.
  size_t allocated_bytes() const { return nodes_.capacity() * sizeof(Node) + index_.allocated_bytes(); }
  void clear() {
    nodes_.clear();
    index_.clear();
    head_ = tail_ = kNil;
  }

 private:
  static constexpr uint32_t kNil = 0xFFFFFFFFu;
  struct Node {
    uint32_t tag, prev, next;
  };

  void unlink(uint32_t s) {
    Node& n = nodes_[s];
    if (n.prev != kNil) nodes_[n.prev].next = n.next; else head_ = n.next;
    if (n.next != kNil) nodes_[n.next].prev = n.prev; else tail_ = n.prev;
  }
  void push_front(uint32_t s) {
    nodes_[s].prev = kNil;
    nodes_[s].next = head_;
    if (head_ != kNil) nodes_[head_].prev = s;
    head_ = s;
    if (tail_ == kNil) tail_ = s;
  }
  void touch(uint32_t s) {
    if (head_ == s) return;
    unlink(s);
    push_front(s);
  }

  uint32_t capacity_;
  bool remember_;
  std::vector<Node> nodes_;
  U32Map index_;
  uint32_t head_ = kNil, tail_ = kNil;
};

}  // namespace switchlab
