/* BROADCAST_ARGS, int64: TFLite's reference_ops::BroadcastArgs (TFLite Micro's broadcast_args.cc); each
 * dimension is read as an int, as TFLite's does. */
#include "broadcast_args.h"

mg_status mg_broadcast_args_s64(const mg_broadcast_args_params *p, const int64_t *shape1, const int64_t *shape2,
                                int64_t *output)
{
    for (int32_t i = 0; i < p->output_count; ++i) { /* i counts from the last dimension */
        const int32_t d1 = i < p->count1 ? (int32_t)shape1[p->count1 - 1 - i] : 1;
        const int32_t d2 = i < p->count2 ? (int32_t)shape2[p->count2 - 1 - i] : 1;
        if (d1 != 1 && d2 != 1 && d1 != d2) {
            return MG_ERROR;
        }
        output[p->output_count - 1 - i] = d1 == 1 ? d2 : d1;
    }
    return MG_OK;
}
