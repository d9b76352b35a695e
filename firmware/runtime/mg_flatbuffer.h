// A bounds-checked reader for the parts of a flatbuffer the runtime needs. Every read is checked against
// the blob's size; a bad offset clears ok() and yields zeros instead of touching memory outside the model.
#ifndef MG_FLATBUFFER_H
#define MG_FLATBUFFER_H

#include <stdint.h>
#include <string.h>

namespace mcugen {

class FlatBlob {
 public:
  FlatBlob(const uint8_t* data, uint32_t size) : data_(data), size_(size) {}

  bool ok() const { return ok_; }
  void Fail() { ok_ = false; }
  const uint8_t* data() const { return data_; }

  bool InRange(uint32_t pos, uint32_t bytes) {
    if (pos > size_ || bytes > size_ - pos) ok_ = false;
    return ok_;
  }
  uint32_t U32(uint32_t pos) { return InRange(pos, 4) ? Load<uint32_t>(pos) : 0; }
  int32_t I32(uint32_t pos) { return InRange(pos, 4) ? Load<int32_t>(pos) : 0; }
  uint16_t U16(uint32_t pos) { return InRange(pos, 2) ? Load<uint16_t>(pos) : 0; }
  uint8_t U8(uint32_t pos) { return InRange(pos, 1) ? data_[pos] : 0; }
  uint32_t Follow(uint32_t pos) {  // an offset field: where it points
    uint32_t rel = U32(pos);
    uint32_t target = pos + rel;
    if (target < pos) ok_ = false;  // wrapped around
    return ok_ ? target : 0;
  }

 private:
  template <typename T>
  T Load(uint32_t pos) const {
    T value;
    memcpy(&value, data_ + pos, sizeof value);
    return value;
  }

  const uint8_t* data_;
  uint32_t size_;
  bool ok_ = true;
};

// A table at a position: field(i) is the i-th field of its schema, 0 when absent.
class FlatTable {
 public:
  FlatTable(FlatBlob& blob, uint32_t pos) : blob_(blob), pos_(pos) {
    int32_t back = blob.I32(pos);
    vtable_ = pos - static_cast<uint32_t>(back);
    vtable_size_ = blob.U16(vtable_);
  }
  uint32_t Field(int i) {
    uint32_t entry = 4u + 2u * static_cast<uint32_t>(i);
    if (entry + 2u > vtable_size_) return 0;
    uint16_t off = blob_.U16(vtable_ + entry);
    return off ? pos_ + off : 0;
  }
  uint32_t U32(int i, uint32_t dflt) {
    uint32_t f = Field(i);
    return f ? blob_.U32(f) : dflt;
  }
  int32_t I32(int i, int32_t dflt) {
    uint32_t f = Field(i);
    return f ? blob_.I32(f) : dflt;
  }
  uint8_t U8(int i, uint8_t dflt) {
    uint32_t f = Field(i);
    return f ? blob_.U8(f) : dflt;
  }
  uint32_t Ref(int i) {
    uint32_t f = Field(i);
    return f ? blob_.Follow(f) : 0;
  }  // table, vector or string
  FlatTable Table(int i) { return FlatTable(blob_, Ref(i)); }
  bool Has(int i) { return Field(i) != 0; }

  // A vector field: its length, and the position of its first element (checked to hold len * elem bytes).
  uint32_t Vector(int i, uint32_t elem_size, uint32_t* length) {
    uint32_t v = Ref(i);
    *length = v ? blob_.U32(v) : 0;
    if (v && (*length > 0x00FFFFFFu || !blob_.InRange(v + 4u, *length * elem_size))) *length = 0;
    return v ? v + 4u : 0;
  }
  // The i-th table of a vector of tables.
  FlatTable VectorTable(int field, uint32_t index) {
    uint32_t len = 0;
    uint32_t first = Vector(field, 4, &len);
    if (index >= len) {
      blob_.Fail();
      return FlatTable(blob_, 0);
    }
    return FlatTable(blob_, blob_.Follow(first + 4u * index));
  }

 private:
  FlatBlob& blob_;
  uint32_t pos_;
  uint32_t vtable_;
  uint16_t vtable_size_;
};

}  // namespace mcugen

#endif
