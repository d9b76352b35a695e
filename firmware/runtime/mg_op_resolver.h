// Op lookup the way TFLite's FindOp works: builtin ops by code and version, custom ops by their exact,
// case-sensitive name and version. MicroMutableOpResolver<N> holds exactly N registrations; the
// generated op_resolver.h adds the ones the model uses, so no other kernel is linked. One builtin op may
// have a kernel per backend (reference, dsp, ...): the generated plan says which backend serves each node.
#ifndef MG_OP_RESOLVER_H
#define MG_OP_RESOLVER_H

#include <stdint.h>
#include <string.h>

#include "mg_kernel.h"

namespace mcugen {

constexpr int32_t kBuiltinCustom = 32;  // BuiltinOperator_CUSTOM

struct OpEntry {
  const mg_registration* registration;
  const char* custom_name;  // nullptr for builtin ops
  int32_t builtin_code;
  int32_t min_version;
  int32_t max_version;
  uint8_t backend;
};

class OpResolver {
 public:
  const mg_registration* FindOp(int32_t builtin_code, int32_t version, uint8_t backend = 0) const {
    for (uint32_t i = 0; i < count_; ++i) {
      const OpEntry& e = entries_[i];
      if (!e.custom_name && e.builtin_code == builtin_code && e.backend == backend && InRange(e, version)) {
        return e.registration;
      }
    }
    return nullptr;
  }
  const mg_registration* FindOp(const char* name, uint32_t name_len, int32_t version) const {
    for (uint32_t i = 0; i < count_; ++i) {
      const OpEntry& e = entries_[i];
      if (e.custom_name && strlen(e.custom_name) == name_len && memcmp(e.custom_name, name, name_len) == 0 &&
          InRange(e, version)) {
        return e.registration;
      }
    }
    return nullptr;
  }

 protected:
  OpResolver(OpEntry* entries, uint32_t capacity) : entries_(entries), capacity_(capacity) {}
  bool Add(const OpEntry& entry) {
    if (count_ == capacity_) return false;
    entries_[count_++] = entry;
    return true;
  }

 private:
  static bool InRange(const OpEntry& e, int32_t version) {
    return version >= e.min_version && version <= e.max_version;
  }
  OpEntry* entries_;
  uint32_t capacity_;
  uint32_t count_ = 0;
};

template <unsigned N>
class MicroMutableOpResolver : public OpResolver {
 public:
  MicroMutableOpResolver() : OpResolver(storage_, N) {}
  bool AddBuiltin(int32_t code, const mg_registration* registration, int32_t min_version, int32_t max_version,
                  uint8_t backend = 0) {
    return Add(OpEntry{registration, nullptr, code, min_version, max_version, backend});
  }
  bool AddCustom(const char* name, const mg_registration* registration, int32_t version) {
    return Add(OpEntry{registration, name, kBuiltinCustom, version, version, 0});
  }

 private:
  OpEntry storage_[N];
};

}  // namespace mcugen

#endif
