/* MAXIMUM and MINIMUM registrations of the dsp backend: the family's prepare, then the int8 or int16 kernel
 * (the catalog gives this backend no other types). */
#include "maximum_minimum.h"
#include "mg_elementwise.h"

#define INVOKE(op)                                                                                                     \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        switch (mg_output(node, 0)->type) {                                                                            \
            MG_BINARY_CASE(MG_INT8, mg_##op##_s8_dsp)                                                                  \
            MG_BINARY_CASE(MG_INT16, mg_##op##_s16_dsp)                                                                \
        default: return mg_fail(node, "the dsp backend takes int8 and int16 only");                                    \
        }                                                                                                              \
    }

INVOKE(maximum)
INVOKE(minimum)

const mg_registration mg_register_maximum_dsp = {0, 0, mg_maximum_minimum_prepare, invoke_maximum};
const mg_registration mg_register_minimum_dsp = {0, 0, mg_maximum_minimum_prepare, invoke_minimum};
