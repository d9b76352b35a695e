/* FlexBuffers layout (flatbuffers' flexbuffers.h documents it): the buffer ends with the root value, its packed
 * type (type << 2 | log2 of the child width) and the root's byte width. A map's values are preceded by the offset
 * to its keys vector, the keys' byte width and the element count; a type byte per value follows the values. */
#include "mg_flexbuffers.h"

#include <string.h>

enum {
    FBT_INT = 1,
    FBT_UINT = 2,
    FBT_FLOAT = 3,
    FBT_INDIRECT_INT = 6,
    FBT_INDIRECT_UINT = 7,
    FBT_INDIRECT_FLOAT = 8,
    FBT_MAP = 9,
    FBT_BOOL = 26
};

typedef struct {
    const uint8_t *buf;
    uint32_t size;
    int ok;
} reader;

static uint64_t read_uint(reader *r, uint32_t pos, uint32_t width)
{
    uint64_t v = 0;
    if (width == 0 || width > 8 || pos > r->size || width > r->size - pos) {
        r->ok = 0;
        return 0;
    }
    for (uint32_t i = 0; i < width; ++i) {
        v |= (uint64_t)r->buf[pos + i] << (8u * i);
    }
    return v;
}

static int64_t read_int(reader *r, uint32_t pos, uint32_t width)
{
    uint64_t v = read_uint(r, pos, width);
    uint32_t bits = 8u * width;
    if (bits < 64 && (v >> (bits - 1)) & 1u) {
        v |= ~0ull << bits; /* sign-extend */
    }
    return (int64_t)v;
}

static uint32_t back(reader *r, uint32_t pos, uint32_t width) /* an offset field: where it points, backwards */
{
    uint64_t off = read_uint(r, pos, width);
    if (off > pos) {
        r->ok = 0;
        return 0;
    }
    return pos - (uint32_t)off;
}

static int key_equals(reader *r, uint32_t pos, const char *key)
{
    uint32_t n = (uint32_t)strlen(key);
    return pos <= r->size && n < r->size - pos && memcmp(r->buf + pos, key, n + 1) == 0;
}

/* Finds key in the root map: the value's position, type and width. */
static int find(reader *r, const char *key, uint32_t *pos, uint32_t *type, uint32_t *width)
{
    if (r->size < 3) {
        return 0;
    }
    uint32_t root_width = r->buf[r->size - 1];
    uint8_t packed = r->buf[r->size - 2];
    if ((packed >> 2) != FBT_MAP || root_width == 0 || root_width > 8 || r->size < 2 + root_width) {
        return 0;
    }
    uint32_t map_width = 1u << (packed & 3u);
    uint32_t values = back(r, r->size - 2 - root_width, root_width);
    if (!r->ok || values < 3 * map_width) {
        return 0;
    }
    uint32_t count = (uint32_t)read_uint(r, values - map_width, map_width);
    uint32_t key_width = (uint32_t)read_uint(r, values - 2 * map_width, map_width);
    uint32_t keys = back(r, values - 3 * map_width, map_width);
    if (!r->ok || count > r->size) {
        return 0;
    }
    for (uint32_t i = 0; i < count && r->ok; ++i) {
        uint32_t entry = keys + i * key_width;
        if (key_equals(r, back(r, entry, key_width), key) && r->ok) {
            uint32_t type_pos = values + count * map_width + i;
            uint8_t t = (uint8_t)read_uint(r, type_pos, 1);
            *pos = values + i * map_width;
            *type = t >> 2;
            *width = map_width;
            if (*type == FBT_INDIRECT_INT || *type == FBT_INDIRECT_UINT || *type == FBT_INDIRECT_FLOAT) {
                *pos = back(r, *pos, map_width);
                *width = 1u << (t & 3u);
                *type -= FBT_INDIRECT_INT - FBT_INT;
            }
            return r->ok;
        }
    }
    return 0;
}

int mg_flex_get_int(const uint8_t *buf, uint32_t size, const char *key, int32_t *out)
{
    reader r = {buf, size, 1};
    uint32_t pos, type, width;
    if (!buf || !find(&r, key, &pos, &type, &width)) {
        return 0;
    }
    int64_t v;
    if (type == FBT_INT) {
        v = read_int(&r, pos, width);
    } else if (type == FBT_UINT || type == FBT_BOOL) {
        v = (int64_t)read_uint(&r, pos, width);
    } else {
        return 0;
    }
    if (!r.ok || v < INT32_MIN || v > INT32_MAX) {
        return 0;
    }
    *out = (int32_t)v;
    return 1;
}

int mg_flex_get_float(const uint8_t *buf, uint32_t size, const char *key, float *out)
{
    reader r = {buf, size, 1};
    uint32_t pos, type, width;
    if (!buf || !find(&r, key, &pos, &type, &width) || type != FBT_FLOAT || (width != 4 && width != 8)) {
        return 0;
    }
    uint64_t bits = read_uint(&r, pos, width);
    if (!r.ok) {
        return 0;
    }
    if (width == 4) {
        uint32_t b32 = (uint32_t)bits;
        memcpy(out, &b32, sizeof *out);
    } else {
        double d;
        memcpy(&d, &bits, sizeof d);
        *out = (float)d;
    }
    return 1;
}
