/* BROADCAST_ARGS, int32 or int64 shapes: TFLite's reference_ops::BroadcastArgs (TFLite Micro's
 * broadcast_args.cc); each dimension is read as an int, as TFLite's does. One function for both types: the
 * shapes are a handful of elements, so a load by width costs nothing worth a second copy. */
#include "broadcast_args.h"

static int32_t dimension(const void *shape, int32_t i, int wide)
{
    return wide ? (int32_t)((const int64_t *)shape)[i] : ((const int32_t *)shape)[i];
}

mg_status mg_broadcast_args_generic(const mg_broadcast_args_params *p, const void *shape1, const void *shape2,
                                    void *output, int wide)
{
    for (int32_t i = 0; i < p->output_count; ++i) { /* i counts from the last dimension */
        const int32_t d1 = i < p->count1 ? dimension(shape1, p->count1 - 1 - i, wide) : 1;
        const int32_t d2 = i < p->count2 ? dimension(shape2, p->count2 - 1 - i, wide) : 1;
        if (d1 != 1 && d2 != 1 && d1 != d2) {
            return MG_ERROR;
        }
        const int32_t d = d1 == 1 ? d2 : d1;
        const int32_t at = p->output_count - 1 - i;
        if (wide) {
            ((int64_t *)output)[at] = d;
        } else {
            ((int32_t *)output)[at] = d;
        }
    }
    return MG_OK;
}
